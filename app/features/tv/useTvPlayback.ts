// The TV player's <video>: loading the tuned stream and playing it, its state as the element last
// reported it, play/pause and skips, and the element's events. A live channel joins the broadcast
// where every viewer is and re-joins it whenever it is resumed; autoplay refused by the browser
// asks for a click; an expired or dropped URL is replaced quietly before an error shows.
import { useCallback, useEffect, useState, type RefObject, type SyntheticEvent } from "react";
import { claimAudioFocus, registerAudioOwner } from "../../lib/audioFocus";
import { livePositionAt, streamExpired, type TunedStream } from "./queries";
import type { Failure, TvTuner } from "./useTvStream";

/** A resumed live channel further than this from the broadcast is moved back to it. */
const LIVE_DRIFT_SECONDS = 1;
const MEDIA_ERR_ABORTED = 1;
const MEDIA_ERR_NETWORK = 2;

type VideoStream = Extract<TunedStream, { kind: "video" }>;

/** The <video>'s state as last reported, for the stream it belongs to. */
type MediaState = { stream: TunedStream | null; paused: boolean; time: number; duration: number; issue: "blocked" | "error" | null };
const IDLE: Omit<MediaState, "stream"> = { paused: true, time: 0, duration: Number.NaN, issue: null };

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

export function useTvPlayback(videoRef: RefObject<HTMLVideoElement | null>, tuner: TvTuner) {
  const { stream, failure } = tuner;
  const [media, setMedia] = useState<MediaState>({ stream: null, ...IDLE });
  const view = stream && media.stream === stream ? media : { stream, ...IDLE };

  const patchMedia = useCallback((forStream: TunedStream | null, patch: Partial<MediaState>) => {
    setMedia((prev) => ({ ...(prev.stream === forStream ? prev : { stream: forStream, ...IDLE }), ...patch }));
  }, []);

  const { isCurrent } = tuner;
  /** play(), with its refusal sorted: autoplay blocked → big play button; anything else → error. */
  const startPlaying = useCallback(
    (video: HTMLVideoElement, forStream: TunedStream) => {
      const promise = video.play() as Promise<void> | undefined;
      promise?.catch((error: unknown) => {
        if (!isCurrent(forStream)) return;
        const name = error instanceof DOMException || error instanceof Error ? error.name : "";
        if (name === "AbortError") return; // the source changed under it
        if (video.error) return; // the element's error event decides (see onError)
        patchMedia(forStream, { issue: name === "NotAllowedError" ? "blocked" : "error", paused: true });
      });
    },
    [isCurrent, patchMedia],
  );

  // A stream arrived (a new source, or a fresh URL for the same one): load it and play.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream || stream.kind !== "video") return;
    video.src = stream.url;
    startPlaying(video, stream);
  }, [stream, startPlaying, videoRef]);

  // One sound at a time: the TV pauses when the music player or the radio starts.
  useEffect(() => registerAudioOwner("tv", () => videoRef.current?.pause()), [videoRef]);

  const videoStream: VideoStream | null = stream?.kind === "video" ? stream : null;
  const syncedLive = videoStream !== null && videoStream.startAt !== null;
  const errorShown: Failure | null = failure ?? (view.issue === "error" ? "playFailed" : null);
  const ready = videoStream !== null && errorShown === null;

  const liveTarget = (video: HTMLVideoElement) => (videoStream ? livePositionAt(videoStream, Date.now(), video.duration) : 0);

  const toggle = () => {
    const video = videoRef.current;
    if (!video || !videoStream || !ready) return;
    if (video.paused) startPlaying(video, videoStream);
    else video.pause();
  };

  const skip = (delta: number) => {
    const video = videoRef.current;
    if (!video || !ready || syncedLive) return;
    const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
    const next = Math.min(end, Math.max(0, video.currentTime + delta));
    video.currentTime = next;
    patchMedia(videoStream, { time: next });
  };

  // ---- media events (the stream they belong to is this render's) ----
  const onLoadedMetadata = (e: VideoEvent) => {
    const video = e.currentTarget;
    patchMedia(stream, { duration: video.duration });
    if (syncedLive) {
      video.currentTime = liveTarget(video);
    } else {
      const resumeAt = tuner.takeResumeAt();
      if (resumeAt !== null) {
        const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
        video.currentTime = Math.min(resumeAt, end);
      }
    }
    patchMedia(stream, { time: video.currentTime });
  };

  const onPlay = (e: VideoEvent) => {
    const video = e.currentTarget;
    claimAudioFocus("tv");
    // Live: wherever the viewer paused, play resumes where the broadcast is now.
    if (syncedLive) {
      const target = liveTarget(video);
      if (Math.abs(video.currentTime - target) > LIVE_DRIFT_SECONDS) video.currentTime = target;
    }
    patchMedia(stream, { paused: false, issue: null, time: video.currentTime });
  };

  const onError = (e: VideoEvent) => {
    const video = e.currentTarget;
    if (!videoStream || !video.hasAttribute("src")) return;
    const code = video.error?.code;
    if (code === MEDIA_ERR_ABORTED) return;
    if ((code === MEDIA_ERR_NETWORK || streamExpired(videoStream, Date.now())) && tuner.refreshQuietly(syncedLive ? null : video.currentTime)) return;
    patchMedia(videoStream, { issue: "error", paused: true });
  };

  const videoEvents = {
    onLoadedMetadata,
    onDurationChange: (e: VideoEvent) => patchMedia(stream, { duration: e.currentTarget.duration }),
    onTimeUpdate: (e: VideoEvent) => patchMedia(stream, { time: e.currentTarget.currentTime }),
    onSeeked: (e: VideoEvent) => patchMedia(stream, { time: e.currentTarget.currentTime }),
    onPlay,
    onPlaying: () => tuner.playing(),
    onPause: (e: VideoEvent) => patchMedia(stream, { paused: true, time: e.currentTarget.currentTime }),
    onError,
  };

  return { view, videoStream, syncedLive, errorShown, ready, toggle, skip, videoEvents };
}
