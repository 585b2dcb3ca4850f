// The TV player's source: which stream is tuned in for the chosen channel. Every source change
// (another channel, or Try Again) gets a key of its own, clears the old picture and shows static
// for TV_STATIC_MS while a fresh stream is requested; the stream is used once both are done. A
// signed URL that expired or dropped is replaced quietly (at most MAX_REFRESHES times until the
// video plays again), resuming where it was.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { TV_STATIC_MS } from "#contracts/tv.ts";
import { ApiRequestError } from "../../lib/api";
import { requestStream, type TunedStream } from "./queries";

/** Quiet re-requests of an expired or dropped URL before the error shows (reset once playing). */
const MAX_REFRESHES = 2;

export type Failure = "playFailed" | "noSource";
/** What tuning in to `key` gave: a stream, or why there is none. */
type Outcome = { key: string; stream: TunedStream } | { key: string; failure: Failure };

function failureOf(error: unknown): Failure {
  return error instanceof ApiRequestError && error.code === "no_source" ? "noSource" : "playFailed";
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

export type TvTuner = {
  /** Static is on: the source changed and no answer is in yet. */
  tuningIn: boolean;
  stream: TunedStream | null;
  failure: Failure | null;
  /** Whether `stream` is still the one tuned in (an answer for an older one is ignored). */
  isCurrent(stream: TunedStream): boolean;
  /** Try Again: a new source for the same channel, static and all. */
  retune(): void;
  /** A fresh URL for the same source, resuming at `resumeAt`; false once the quiet tries are spent. */
  refreshQuietly(resumeAt: number | null): boolean;
  /** Where to resume the URL that just loaded (once). */
  takeResumeAt(): number | null;
  /** The video plays: the quiet tries start again. */
  playing(): void;
};

export function useTvStream(channelId: string, videoRef: RefObject<HTMLVideoElement | null>): TvTuner {
  // A channel chosen again never finds the stream it had before, and always shows the static.
  const [tuning, setTuning] = useState({ channelId, n: 0 });
  let tune = tuning;
  if (tuning.channelId !== channelId) {
    tune = { channelId, n: tuning.n + 1 };
    setTuning(tune); // adjusting state to a new prop during render, as React documents
  }
  const key = `${tune.channelId}#${tune.n}`;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = outcome?.key === key ? outcome : null;
  const stream = current && "stream" in current ? current.stream : null;
  const failure = current && "failure" in current ? current.failure : null;

  const keyRef = useRef(key);
  const streamRef = useRef<TunedStream | null>(stream);
  /** Where to resume once the next URL has loaded (after an expired URL was replaced). */
  const resumeAtRef = useRef<number | null>(null);
  const refreshesRef = useRef(0);

  useEffect(() => {
    keyRef.current = key;
    streamRef.current = stream;
  });
  // Stable, so the player's play() callback (and the effect that loads a stream) keep theirs.
  const isCurrent = useCallback((candidate: TunedStream) => streamRef.current === candidate, []);

  // A new source: the old picture goes, static shows while a stream is fetched.
  useEffect(() => {
    const video = videoRef.current;
    if (video?.hasAttribute("src")) {
      video.pause();
      video.removeAttribute("src");
      video.load();
    }
    resumeAtRef.current = null;
    refreshesRef.current = 0;
    const controller = new AbortController();
    const answer = requestStream(channelId, controller.signal).then(
      (tuned): Outcome => ({ key, stream: tuned }),
      (error: unknown): Outcome => ({ key, failure: failureOf(error) }),
    );
    void Promise.all([answer, wait(TV_STATIC_MS, controller.signal)]).then(([result]) => {
      if (!controller.signal.aborted) setOutcome(result);
    });
    return () => controller.abort();
  }, [channelId, key, videoRef]);

  /** A fresh signed URL for the same source, resuming at `resumeAt` (no static: same channel). */
  const refresh = (resumeAt: number | null) => {
    const forKey = key;
    resumeAtRef.current = resumeAt;
    requestStream(channelId).then(
      (tuned) => {
        if (keyRef.current === forKey) setOutcome({ key: forKey, stream: tuned });
      },
      (error: unknown) => {
        if (keyRef.current === forKey) setOutcome({ key: forKey, failure: failureOf(error) });
      },
    );
  };

  return {
    tuningIn: current === null,
    stream,
    failure,
    isCurrent,
    retune: () => setTuning((t) => ({ ...t, n: t.n + 1 })),
    refreshQuietly: (resumeAt) => {
      if (refreshesRef.current >= MAX_REFRESHES) return false;
      refreshesRef.current += 1;
      refresh(resumeAt);
      return true;
    },
    takeResumeAt: () => {
      const at = resumeAtRef.current;
      resumeAtRef.current = null;
      return at;
    },
    playing: () => {
      refreshesRef.current = 0;
    },
  };
}
