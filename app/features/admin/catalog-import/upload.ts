// Sends one import's files to the Worker's resumable part API (decision 119), one file at a time
// and one part at a time, each part a slice of the File (the file is never read whole). Before a
// file's first part and after any failure it asks the slot which parts are stored, so a dropped
// connection or a reloaded page sends only the missing ones (the slicing and the tries are
// lib/uploadInParts.ts's, shared with a contest entry's upload).
import { ApiRequestError, api } from "../../../lib/api";
import { abortableSleep, retryingSteps, sendMissingParts } from "../../../lib/uploadInParts";
import { CATALOG_IMPORT_API, importPartCount, importPartLength, IMPORT_PART_BYTES } from "#contracts/music/admin-catalog-import-limits.ts";
import type { ImportFile, ImportFileResponse, ImportPartResponse } from "#contracts/music/admin-catalog-import.ts";

/** The part API, so the tests can put a fake server behind it. */
export type PartApi = {
  status: (fileId: string, signal?: AbortSignal) => Promise<ImportFileResponse>;
  put: (fileId: string, partNumber: number, body: Blob, signal?: AbortSignal) => Promise<ImportPartResponse>;
  complete: (fileId: string, signal?: AbortSignal) => Promise<ImportFileResponse>;
};

export function partApiOf(importId: string): PartApi {
  const file = (fileId: string) => `${CATALOG_IMPORT_API}/${encodeURIComponent(importId)}/files/${encodeURIComponent(fileId)}`;
  return {
    status: (fileId, signal) => api(file(fileId), { signal }),
    put: (fileId, n, body, signal) =>
      api(`${file(fileId)}/parts/${n}`, { method: "PUT", body, signal, headers: { "content-type": "application/octet-stream" } }),
    complete: (fileId, signal) => api(`${file(fileId)}/complete`, { method: "POST", signal }),
  };
}

/** A failure worth another try: the network, a timeout, or the server's own trouble. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return false;
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export type UploadOptions = {
  /** Bytes of this file the Worker holds so far. */
  onProgress: (uploadedBytes: number) => void;
  signal?: AbortSignal;
  /** Tries of one step before giving up; waits 1 s, 2 s, 4 s, ... between them. */
  attempts?: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** Uploads `blob` into `slot` and finishes it; resolves with the finished slot. */
export async function uploadFile(api: PartApi, slot: ImportFile, blob: Blob, options: UploadOptions): Promise<ImportFile> {
  const { onProgress, signal, attempts = 5, wait = abortableSleep } = options;
  if (slot.state === "done") {
    onProgress(slot.size);
    return slot;
  }
  const count = importPartCount(slot.size);
  let stored = new Map<number, number>();
  const progress = () => onProgress([...stored.values()].reduce((sum, size) => sum + size, 0));
  const refresh = async () => {
    const { file, parts } = await api.status(slot.id, signal);
    if (file.state === "failed") throw new ApiRequestError(409, file.failure ?? "failed", "The file was given up");
    stored = new Map(parts.map((p) => [p.number, p.size]));
    progress();
    return file;
  };
  const step = retryingSteps({ attempts, isRetryable, wait, signal, refresh });
  if ((await step(refresh)).state === "done") return slot;
  for (let round = 0; round < 2; round++) {
    await sendMissingParts(
      blob,
      { count, partBytes: IMPORT_PART_BYTES, lengthOf: (n) => importPartLength(slot.size, n) },
      {
        isStored: (n) => stored.has(n),
        put: async (n, body) => {
          const { part } = await api.put(slot.id, n, body, signal);
          stored.set(n, part.size);
          progress();
        },
        step,
      },
    );
    try {
      const { file } = await step(() => api.complete(slot.id, signal));
      onProgress(file.size);
      return file;
    } catch (error) {
      // The Worker misses a part this page thought stored (a lost answer): send it and finish.
      if (!(error instanceof ApiRequestError && error.code === "import_parts_missing") || round > 0) throw error;
      await step(refresh);
    }
  }
  throw new Error("unreachable");
}
