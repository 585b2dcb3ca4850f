// An entry's file sent in parts (decision 194), the folder import's way (lib/uploadInParts.ts, which
// both use) for one entry: 8 MiB slices of the File (never read whole), one in flight. The upload's id is kept
// in sessionStorage by entry with the file's name and size, so after a reload the member re-picks
// the same file and only the parts the Worker lacks are sent; after a cut the status is asked anew
// and the rest sent. Another file (its name or size differs) starts a new upload, which gives up the old.
import { api, ApiRequestError } from "../../lib/api";
import { abortableSleep, retryingSteps, sendMissingParts } from "../../lib/uploadInParts";
import { ENTRY_PART_BYTES, entryPartCount, entryPartLength, type EntryAudioFormat } from "#contracts/contests/limits.ts";
import type { ContestEntryUploadPartResponse, ContestEntryUploadResponse } from "#contracts/contests/contests.ts";

/** The Worker's part routes, so the tests can put a fake server behind them. */
export type EntryPartApi = {
  start: (format: EntryAudioFormat, size: number, signal?: AbortSignal) => Promise<ContestEntryUploadResponse>;
  status: (uploadId: string, signal?: AbortSignal) => Promise<ContestEntryUploadResponse>;
  put: (uploadId: string, partNumber: number, body: Blob, signal?: AbortSignal) => Promise<ContestEntryUploadPartResponse>;
  complete: (uploadId: string, signal?: AbortSignal) => Promise<ContestEntryUploadResponse>;
};

export function entryPartApiOf(contestId: string, entryId: string): EntryPartApi {
  const base = `/api/contests/${encodeURIComponent(contestId)}/entries/${encodeURIComponent(entryId)}/uploads`;
  return {
    start: (format, size, signal) => api(base, { method: "POST", json: { format, size }, signal }),
    status: (id, signal) => api(`${base}/${encodeURIComponent(id)}`, { signal }),
    put: (id, n, body, signal) =>
      api(`${base}/${encodeURIComponent(id)}/parts/${n}`, { method: "PUT", body, signal, headers: { "content-type": "application/octet-stream" } }),
    complete: (id, signal) => api(`${base}/${encodeURIComponent(id)}/complete`, { method: "POST", signal }),
  };
}

/** What a tab remembers of an entry's upload in parts: which upload, and of which file. */
export type KeptUpload = { uploadId: string; name: string; size: number };
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const keyOf = (entryId: string) => `contest-entry-upload:${entryId}`;

export function keptUpload(store: Store | null, entryId: string): KeptUpload | null {
  try {
    const kept = JSON.parse(store?.getItem(keyOf(entryId)) ?? "null") as KeptUpload | null;
    return kept && typeof kept.uploadId === "string" && typeof kept.name === "string" && typeof kept.size === "number" ? kept : null;
  } catch {
    return null;
  }
}

const keep = (store: Store | null, entryId: string, kept: KeptUpload | null) => {
  try {
    if (kept) store?.setItem(keyOf(entryId), JSON.stringify(kept));
    else store?.removeItem(keyOf(entryId));
  } catch {
    // A full or refused storage only loses the resume after a reload.
  }
};

/** The tab's sessionStorage, when the browser gives one. */
export function sessionStore(): Store | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A failure worth another try: the network, a timeout, or the server's own trouble. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return false;
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

const hasCode = (error: unknown, code: string) => error instanceof ApiRequestError && error.code === code;

export type PartsOptions = {
  entryId: string;
  format: EntryAudioFormat;
  store: Store | null;
  /** Bytes of the file the Worker holds so far, and the file's size. */
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Tries of one step before giving up; waits 1 s, 2 s, 4 s, ... between them. */
  attempts?: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** What sending in parts did: how many parts went, and how many of them the Worker already had (0 unless an answer was lost). */
export type PartsOutcome = { sent: number; resumedFrom: number };

/**
 * Sends `file` as the entry's audio in parts and completes it. A kept upload of the same file (name
 * and size) is resumed from its stored parts; otherwise a new one starts. Rejects with the Worker's
 * refusal (ApiRequestError) or an AbortError.
 */
export async function sendInParts(parts: EntryPartApi, file: Blob & { name: string }, options: PartsOptions): Promise<PartsOutcome> {
  const { entryId, format, store, onProgress, signal, attempts = 4, wait = abortableSleep } = options;
  const size = file.size;
  const count = entryPartCount(size);
  let stored = new Map<number, number>();
  const progress = () =>
    onProgress(
      [...stored.values()].reduce((sum, n) => sum + n, 0),
      size,
    );

  /** The kept upload's state, or null when it is gone (finished elsewhere, given up, unknown). */
  const resume = async (uploadId: string): Promise<ContestEntryUploadResponse | null> => {
    try {
      const answer = await parts.status(uploadId, signal);
      return answer.upload.state === "failed" ? null : answer;
    } catch (error) {
      if (hasCode(error, "contest_upload_not_found")) return null;
      throw error;
    }
  };

  let uploadId: string;
  const kept = keptUpload(store, entryId);
  const found = kept && kept.name === file.name && kept.size === size ? await resume(kept.uploadId) : null;
  if (found) {
    uploadId = found.upload.id;
    if (found.upload.state === "done") {
      keep(store, entryId, null);
      onProgress(size, size);
      return { sent: 0, resumedFrom: count };
    }
    stored = new Map(found.parts.map((p) => [p.number, p.size]));
  } else {
    uploadId = (await parts.start(format, size, signal)).upload.id;
    keep(store, entryId, { uploadId, name: file.name, size });
  }
  const resumedFrom = stored.size;
  progress();

  const refresh = async () => {
    const answer = await parts.status(uploadId, signal);
    stored = new Map(answer.parts.map((p) => [p.number, p.size]));
    progress();
  };
  const step = retryingSteps({ attempts, isRetryable, wait, signal, refresh });

  let sent = 0;
  try {
    for (let round = 0; ; round++) {
      await sendMissingParts(
        file,
        { count, partBytes: ENTRY_PART_BYTES, lengthOf: (n) => entryPartLength(size, n) },
        {
          isStored: (n) => stored.has(n),
          put: async (n, body) => {
            const { part } = await parts.put(uploadId, n, body, signal);
            sent++;
            stored.set(n, part.size);
            progress();
          },
          step,
        },
      );
      try {
        await step(() => parts.complete(uploadId, signal));
        break;
      } catch (error) {
        // The Worker misses a part this page thought stored (a lost answer): send it and finish.
        if (!hasCode(error, "contest_upload_parts_missing") || round > 0) throw error;
        await step(refresh);
      }
    }
  } catch (error) {
    // A refusal that ends the upload (its format, its duration, given up) is not resumed.
    if (!isRetryable(error) && !(error instanceof DOMException)) keep(store, entryId, null);
    throw error;
  }
  keep(store, entryId, null);
  onProgress(size, size);
  return { sent, resumedFrom };
}
