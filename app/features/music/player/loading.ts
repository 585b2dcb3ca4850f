// Loading a track into an <audio> element: the part of the element the engine uses, waiting for
// its metadata or a retry's delay (both cancelled when a newer action supersedes the load), and
// telling the failures apart.

/** The part of HTMLAudioElement the engine uses (tests pass a fake). */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly readyState: number;
  readonly error: { readonly code: number } | null;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

/** MediaError.MEDIA_ERR_NETWORK. */
export const MEDIA_ERR_NETWORK = 2;

/** A load that a newer action took over (named like the DOM's own AbortError). */
export class Superseded extends Error {
  constructor() {
    super("superseded");
    this.name = "AbortError";
  }
}

export class MediaLoadError extends Error {
  constructor(readonly code: number | undefined) {
    super(`media error ${code ?? "unknown"}`);
  }
}

export function errorName(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : undefined;
}

/** The stream route's 401/403: retrying or skipping cannot help. */
export function isAccessDenied(error: unknown): boolean {
  const status = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
  return status === 401 || status === 403;
}

/** Resolves once the element knows its metadata; rejects on a media error or when superseded. */
export function waitForMetadata(el: AudioLike, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Superseded());
  if (el.readyState >= 1) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      el.removeEventListener("loadedmetadata", onMetadata);
      el.removeEventListener("error", onError);
      signal.removeEventListener("abort", onAbort);
    };
    const onMetadata = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new MediaLoadError(el.error?.code));
    };
    const onAbort = () => {
      cleanup();
      reject(new Superseded());
    };
    el.addEventListener("loadedmetadata", onMetadata);
    el.addEventListener("error", onError);
    signal.addEventListener("abort", onAbort);
  });
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Superseded());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Superseded());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
