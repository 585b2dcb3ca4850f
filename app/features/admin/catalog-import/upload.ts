// Sends one import's files to the Worker's resumable part API (decision 119), one file at a time
// and one part at a time, each part a slice of the File (the file is never read whole). Before a
// file's first part and after any failure it asks the slot which parts are stored, so a dropped
// connection or a reloaded page sends only the missing ones.
import { ApiRequestError, api } from "../../../lib/api";
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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Uploads `blob` into `slot` and finishes it; resolves with the finished slot. */
export async function uploadFile(api: PartApi, slot: ImportFile, blob: Blob, options: UploadOptions): Promise<ImportFile> {
  const { onProgress, signal, attempts = 5, wait = sleep } = options;
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
  /** One step, tried again after a retryable failure with the slot's state asked anew. */
  const step = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        await wait(1000 * 2 ** (attempt - 1), signal);
        await refresh().catch((again: unknown) => {
          if (!isRetryable(again)) throw again;
        });
      }
    }
  };
  if ((await step(refresh)).state === "done") return slot;
  for (let round = 0; round < 2; round++) {
    for (let n = 1; n <= count; n++) {
      if (stored.has(n)) continue;
      const from = (n - 1) * IMPORT_PART_BYTES;
      await step(async () => {
        if (stored.has(n)) return;
        const { part } = await api.put(slot.id, n, blob.slice(from, from + importPartLength(slot.size, n)), signal);
        stored.set(n, part.size);
        progress();
      });
    }
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
