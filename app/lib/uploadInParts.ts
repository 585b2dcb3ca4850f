// A large file sent to the Worker in parts, the way both resumable uploads do it (the catalog's
// folder import and a contest entry's audio): each part a slice of the File (never read whole), one
// in flight, only those the Worker does not hold yet; each step tried again after a failure worth
// it, waiting 1 s, 2 s, 4 s, ... and asking the Worker anew which parts it holds before each new try.
// The routes, the part size and which failures are worth another try stay with each upload.

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

type RetryOptions = {
  /** Tries of one step before giving up. */
  attempts: number;
  isRetryable: (error: unknown) => boolean;
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Asks the Worker which parts it holds (the caller keeps the answer); its retryable failures are let pass. */
  refresh: () => Promise<unknown>;
};

/** A runner of steps: each tried again after a retryable failure, with the Worker's parts asked anew. */
export function retryingSteps({ attempts, isRetryable, wait, signal, refresh }: RetryOptions) {
  return async <T>(run: () => Promise<T>): Promise<T> => {
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
}

/** How a file is cut: `count` parts of `partBytes` each, part `n` (1-based) `lengthOf(n)` bytes long. */
type PartCut = { count: number; partBytes: number; lengthOf: (n: number) => number };

type MissingParts = {
  /** Whether the Worker holds part `n`, as the caller last heard. */
  isStored: (n: number) => boolean;
  /** Sends part `n` and records it as stored. */
  put: (n: number, body: Blob) => Promise<void>;
  step: <T>(run: () => Promise<T>) => Promise<T>;
};

/** Sends, in order and one at a time, each part of `file` the Worker does not hold, each as its own step. */
export async function sendMissingParts(file: Blob, { count, partBytes, lengthOf }: PartCut, { isStored, put, step }: MissingParts) {
  for (let n = 1; n <= count; n++) {
    if (isStored(n)) continue;
    const from = (n - 1) * partBytes;
    await step(async () => {
      // A refresh after a failed try may have found this part stored after all.
      if (isStored(n)) return;
      await put(n, file.slice(from, from + lengthOf(n)));
    });
  }
}
