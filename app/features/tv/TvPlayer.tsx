// The TV player (VIP and admin only; the page shows the VIP gate to everyone else and never asks
// for a stream for them). As docs/features.md#radio-and-tv has it:
// - On every source change (another channel, or Try Again) the screen shows static for
//   TV_STATIC_MS while a fresh stream is requested; then the video loads, autoplays and loops.
// - A live channel joins the broadcast where every viewer is (startAt, plus the local time since
//   the answer arrived), shows a red LIVE label, cannot be skipped, and re-joins the live position
//   whenever it is resumed after a pause. A live channel with an embed page plays in a sandboxed
//   iframe instead.
// - Controls: play/pause, skip back/forward TV_SKIP_SECONDS, mute and volume (saved, tvOutput.ts),
//   captions (CC: the video's WebVTT tracks, the one in the page's language shown), fullscreen (on
//   the player, so the controls stay). Keys while focus is in the player: Space or K, J/L or the
//   arrows, M mute, C captions, F.
// - A failure shows 'Unable to play video. Please try again.' with Try Again (static, new stream,
//   replay). Autoplay refused by the browser shows a big play button instead. A signed URL lasts
//   ~10 minutes: a network error (or any error once it has expired) fetches a new one quietly and
//   resumes at the same position.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { TV_SKIP_SECONDS, TV_STATIC_MS, type TvCaptionTrack, type TvChannelView } from "../../../worker/contracts/tv";
import { StaticNoise } from "../../components/StaticNoise";
import { ApiRequestError } from "../../lib/api";
import { claimAudioFocus, registerAudioOwner } from "../../lib/audioFocus";
import { captionLabelMessages, categoryMessages, tvMessages as m } from "./messages";
import { useTvOutput } from "./tvOutput";
import { livePositionAt, requestStream, streamExpired, type TunedStream } from "./queries";
import { PlayerIcon } from "../../components/player/PlayerIcons";

/** Quiet re-requests of an expired or dropped URL before the error shows (reset once playing). */
const MAX_REFRESHES = 2;
/** A resumed live channel further than this from the broadcast is moved back to it. */
const LIVE_DRIFT_SECONDS = 1;
const MEDIA_ERR_ABORTED = 1;
const MEDIA_ERR_NETWORK = 2;

type Failure = "playFailed" | "noSource";
/** What tuning in to `key` gave: a stream, or why there is none. */
type Outcome = { key: string; stream: TunedStream } | { key: string; failure: Failure };
type VideoStream = Extract<TunedStream, { kind: "video" }>;

/** The <video>'s state as last reported, for the stream it belongs to. */
type MediaState = { stream: TunedStream | null; paused: boolean; time: number; duration: number; issue: "blocked" | "error" | null };
const IDLE: Omit<MediaState, "stream"> = { paused: true, time: 0, duration: Number.NaN, issue: null };

function failureOf(error: unknown): Failure {
  return error instanceof ApiRequestError && error.code === "no_source" ? "noSource" : "playFailed";
}

/** 75 → "1:15", 3725 → "1:02:05"; unknown → "--:--". */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--:--";
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(min).padStart(2, "0")}:${s}` : `${min}:${s}`;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest("input, textarea, select")) return true;
  const editable = target.closest("[contenteditable]");
  return editable !== null && editable.getAttribute("contenteditable") !== "false";
}

/** Space already activates these; the player leaves it to them. */
const activatesOnSpace = (target: EventTarget | null) => target instanceof Element && target.closest("button, a[href], [role='button']") !== null;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export function TvPlayer({ channel }: { channel: TvChannelView }) {
  const intl = useIntl();
  const containerRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playButtonRef = useRef<HTMLButtonElement>(null);
  const sound = useTvOutput(videoRef);

  // Every source change gets a key of its own: another channel, or Try Again on this one (so a
  // channel chosen again never finds the stream it had before, and always shows the static).
  const [tuning, setTuning] = useState({ channelId: channel.id, n: 0 });
  let tune = tuning;
  if (tuning.channelId !== channel.id) {
    tune = { channelId: channel.id, n: tuning.n + 1 };
    setTuning(tune); // adjusting state to a new prop during render, as React documents
  }
  const key = `${tune.channelId}#${tune.n}`;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = outcome?.key === key ? outcome : null;
  const stream = current && "stream" in current ? current.stream : null;
  const failure = current && "failure" in current ? current.failure : null;

  const [media, setMedia] = useState<MediaState>({ stream: null, ...IDLE });
  const view = stream && media.stream === stream ? media : { stream, ...IDLE };
  const [fullscreen, setFullscreen] = useState(false);

  const keyRef = useRef(key);
  const streamRef = useRef<TunedStream | null>(stream);
  /** Where to resume once the next URL has loaded (after an expired URL was replaced). */
  const resumeAtRef = useRef<number | null>(null);
  const refreshesRef = useRef(0);

  useEffect(() => {
    keyRef.current = key;
    streamRef.current = stream;
  });

  const patchMedia = useCallback((forStream: TunedStream | null, patch: Partial<MediaState>) => {
    setMedia((prev) => ({ ...(prev.stream === forStream ? prev : { stream: forStream, ...IDLE }), ...patch }));
  }, []);

  // A new source: the old picture goes, static shows for TV_STATIC_MS while a stream is fetched;
  // the stream is used once both are done.
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
    const answer = requestStream(channel.id, controller.signal).then(
      (tuned): Outcome => ({ key, stream: tuned }),
      (error: unknown): Outcome => ({ key, failure: failureOf(error) }),
    );
    void Promise.all([answer, wait(TV_STATIC_MS, controller.signal)]).then(([result]) => {
      if (!controller.signal.aborted) setOutcome(result);
    });
    return () => controller.abort();
  }, [channel.id, key]);

  /** play(), with its refusal sorted: autoplay blocked → big play button; anything else → error. */
  const startPlaying = useCallback(
    (video: HTMLVideoElement, forStream: TunedStream) => {
      const promise = video.play() as Promise<void> | undefined;
      promise?.catch((error: unknown) => {
        if (streamRef.current !== forStream) return;
        const name = error instanceof DOMException || error instanceof Error ? error.name : "";
        if (name === "AbortError") return; // the source changed under it
        if (video.error) return; // the element's error event decides (see onError)
        patchMedia(forStream, { issue: name === "NotAllowedError" ? "blocked" : "error", paused: true });
      });
    },
    [patchMedia],
  );

  // A stream arrived (a new source, or a fresh URL for the same one): load it and play.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream || stream.kind !== "video") return;
    streamRef.current = stream;
    video.src = stream.url;
    startPlaying(video, stream);
  }, [stream, startPlaying]);

  // One sound at a time: the TV pauses when the music player or the radio starts.
  useEffect(() => registerAudioOwner("tv", () => videoRef.current?.pause()), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement != null && document.fullscreenElement === containerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  /** A fresh signed URL for the same source, resuming at `resumeAt` (no static: same channel). */
  const refresh = (resumeAt: number | null) => {
    const forKey = key;
    resumeAtRef.current = resumeAt;
    requestStream(channel.id).then(
      (tuned) => {
        if (keyRef.current === forKey) setOutcome({ key: forKey, stream: tuned });
      },
      (error: unknown) => {
        if (keyRef.current === forKey) setOutcome({ key: forKey, failure: failureOf(error) });
      },
    );
  };

  const videoStream: VideoStream | null = stream?.kind === "video" ? stream : null;
  const live = channel.live || (videoStream?.startAt ?? null) !== null;
  const syncedLive = videoStream !== null && videoStream.startAt !== null;
  const errorShown: Failure | null = failure ?? (view.issue === "error" ? "playFailed" : null);
  const ready = videoStream !== null && errorShown === null;
  const tuningIn = current === null;
  const captionTracks: TvCaptionTrack[] = videoStream?.captions ?? [];
  // CC shows the track in the page's language, else the first one there is.
  const shownLang = captionTracks.some((t) => t.lang === intl.locale) ? intl.locale : captionTracks[0]?.lang;

  // The <track> elements' modes follow CC (a track is "showing" only while CC is on).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    for (const el of video.querySelectorAll("track")) {
      if (el.track) el.track.mode = sound.captions && el.srclang === shownLang ? "showing" : "disabled";
    }
  }, [sound.captions, shownLang, videoStream]);

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

  const toggleFullscreen = () => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.()?.catch(() => {});
      return;
    }
    if (typeof container.requestFullscreen === "function") {
      void container.requestFullscreen()?.catch(() => {});
      return;
    }
    // iPhone Safari: only the video itself can go full screen (with the system's controls).
    (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen?.();
  };

  const retry = () => {
    setTuning((t) => ({ ...t, n: t.n + 1 }));
    // The Try Again button goes away: keep the keyboard in the player.
    playButtonRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.nativeEvent.isComposing || isTypingTarget(e.target)) return;
    let action: (() => void) | null = null;
    let repeats = false;
    switch (e.key) {
      case " ":
      case "Spacebar":
        if (activatesOnSpace(e.target)) return;
        action = toggle;
        break;
      case "k":
      case "K":
        action = toggle;
        break;
      case "j":
      case "J":
      case "ArrowLeft":
        action = () => skip(-TV_SKIP_SECONDS);
        repeats = true;
        break;
      case "l":
      case "L":
      case "ArrowRight":
        action = () => skip(TV_SKIP_SECONDS);
        repeats = true;
        break;
      case "f":
      case "F":
        action = toggleFullscreen;
        break;
      case "m":
      case "M":
        action = sound.toggleMute;
        break;
      case "c":
      case "C":
        if (captionTracks.length === 0) return;
        action = sound.toggleCaptions;
        break;
    }
    if (!action) return;
    // Taken here, so the page's music shortcuts (on the document) leave it alone.
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat && !repeats) return;
    action();
  };

  // ---- media events (the stream they belong to is this render's) ----
  const onLoadedMetadata = (e: SyntheticEvent<HTMLVideoElement>) => {
    const video = e.currentTarget;
    patchMedia(stream, { duration: video.duration });
    if (syncedLive) {
      video.currentTime = liveTarget(video);
    } else if (resumeAtRef.current !== null) {
      const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
      video.currentTime = Math.min(resumeAtRef.current, end);
      resumeAtRef.current = null;
    }
    patchMedia(stream, { time: video.currentTime });
  };

  const onPlay = (e: SyntheticEvent<HTMLVideoElement>) => {
    const video = e.currentTarget;
    claimAudioFocus("tv");
    // Live: wherever the viewer paused, play resumes where the broadcast is now.
    if (syncedLive) {
      const target = liveTarget(video);
      if (Math.abs(video.currentTime - target) > LIVE_DRIFT_SECONDS) video.currentTime = target;
    }
    patchMedia(stream, { paused: false, issue: null, time: video.currentTime });
  };

  const onError = (e: SyntheticEvent<HTMLVideoElement>) => {
    const video = e.currentTarget;
    if (!videoStream || !video.hasAttribute("src")) return;
    const code = video.error?.code;
    if (code === MEDIA_ERR_ABORTED) return;
    if ((code === MEDIA_ERR_NETWORK || streamExpired(videoStream, Date.now())) && refreshesRef.current < MAX_REFRESHES) {
      refreshesRef.current += 1;
      refresh(syncedLive ? null : video.currentTime);
      return;
    }
    patchMedia(videoStream, { issue: "error", paused: true });
  };

  const label = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const controlsOff = !ready;
  const skipOff = controlsOff || syncedLive;
  const progress = Number.isFinite(view.duration) && view.duration > 0 ? Math.min(1, view.time / view.duration) : 0;
  const skipBackLabel = intl.formatMessage(m.skipBack, { seconds: TV_SKIP_SECONDS });
  const skipForwardLabel = intl.formatMessage(m.skipForward, { seconds: TV_SKIP_SECONDS });
  const isEmbed = stream?.kind === "embed";

  return (
    <section
      ref={containerRef}
      className={fullscreen ? "tv-player is-fullscreen" : "tv-player"}
      aria-label={label(m.player)}
      aria-keyshortcuts="Space K J L ArrowLeft ArrowRight M C F"
      onKeyDown={onKeyDown}
    >
      <div className="tv-stage">
        {stream?.kind === "embed" && (
          <iframe
            className="tv-embed"
            src={stream.embedUrl}
            title={intl.formatMessage(m.liveStream, { channel: channel.name })}
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow="autoplay; fullscreen"
            allowFullScreen
          />
        )}
        <video
          ref={videoRef}
          className="tv-video"
          hidden={isEmbed}
          autoPlay
          loop
          playsInline
          preload="auto"
          tabIndex={-1}
          aria-label={intl.formatMessage(m.video, { channel: channel.name })}
          onClick={toggle}
          onDoubleClick={toggleFullscreen}
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={(e) => patchMedia(stream, { duration: e.currentTarget.duration })}
          onTimeUpdate={(e) => patchMedia(stream, { time: e.currentTarget.currentTime })}
          onSeeked={(e) => patchMedia(stream, { time: e.currentTarget.currentTime })}
          onPlay={onPlay}
          onPlaying={() => {
            refreshesRef.current = 0;
          }}
          onPause={(e) => patchMedia(stream, { paused: true, time: e.currentTarget.currentTime })}
          onError={onError}
        >
          {captionTracks.map((track) => (
            <track key={track.lang} kind="subtitles" srcLang={track.lang} label={label(captionLabelMessages[track.lang])} src={track.url} />
          ))}
        </video>

        {live && stream && !errorShown && (
          <span className="tv-live-badge tv-stage-live">
            <span className="tv-live-dot" aria-hidden="true" />
            {label(m.live)}
          </span>
        )}

        {tuningIn && (
          <div className="tv-static" role="status">
            <StaticNoise className="tv-static-canvas" />
            <p className="tv-static-label">{intl.formatMessage(m.tuning, { channel: channel.name })}</p>
          </div>
        )}

        {!tuningIn && view.issue === "blocked" && (
          <button type="button" className="tv-big-play" aria-label={label(m.playVideo)} onClick={toggle}>
            <PlayerIcon name="play" size={48} />
          </button>
        )}

        {errorShown && (
          <div className="tv-error" role="alert">
            <p>{label(errorShown === "noSource" ? m.noSource : m.playFailed)}</p>
            <button type="button" className="btn btn-primary" onClick={retry}>
              {label(m.tryAgain)}
            </button>
          </div>
        )}
      </div>

      <div className="tv-controls">
        {!isEmbed && (
          <>
            <button
              ref={playButtonRef}
              type="button"
              className="player-btn player-btn-main"
              aria-label={label(view.paused ? m.play : m.pause)}
              title={label(view.paused ? m.play : m.pause)}
              aria-disabled={controlsOff || undefined}
              aria-keyshortcuts="K"
              onClick={toggle}
            >
              <PlayerIcon name={view.paused ? "play" : "pause"} size={24} />
            </button>
            <button
              type="button"
              className="player-btn"
              aria-label={skipBackLabel}
              title={syncedLive ? label(m.liveNoSkip) : skipBackLabel}
              aria-disabled={skipOff || undefined}
              aria-keyshortcuts="J ArrowLeft"
              onClick={() => skip(-TV_SKIP_SECONDS)}
            >
              <PlayerIcon name="back" size={28} label={String(TV_SKIP_SECONDS)} />
            </button>
            <button
              type="button"
              className="player-btn"
              aria-label={skipForwardLabel}
              title={syncedLive ? label(m.liveNoSkip) : skipForwardLabel}
              aria-disabled={skipOff || undefined}
              aria-keyshortcuts="L ArrowRight"
              onClick={() => skip(TV_SKIP_SECONDS)}
            >
              <PlayerIcon name="forward" size={28} label={String(TV_SKIP_SECONDS)} />
            </button>
          </>
        )}
        <p className="tv-time">
          {!live && (
            <>
              {formatClock(view.time)} / {formatClock(view.duration)}
            </>
          )}
        </p>
        {!isEmbed && (
          <>
            <button
              type="button"
              className="player-btn"
              aria-label={label(sound.muted ? m.unmute : m.mute)}
              title={label(sound.muted ? m.unmute : m.mute)}
              aria-pressed={sound.muted}
              aria-keyshortcuts="M"
              onClick={sound.toggleMute}
            >
              <PlayerIcon name={sound.muted || sound.volume === 0 ? "muted" : "volume"} />
            </button>
            <input
              type="range"
              className="tv-volume"
              min={0}
              max={100}
              step={1}
              value={sound.muted ? 0 : sound.volume}
              aria-label={label(m.volume)}
              aria-valuetext={intl.formatMessage(m.volumeValue, { volume: sound.muted ? 0 : sound.volume })}
              onChange={(e) => sound.setVolume(Number(e.currentTarget.value))}
            />
            <button
              type="button"
              className="player-btn tv-cc"
              aria-label={label(m.captionsButton)}
              title={label(captionTracks.length > 0 ? m.captions : m.noCaptions)}
              aria-pressed={captionTracks.length > 0 && sound.captions}
              aria-disabled={captionTracks.length === 0 || undefined}
              aria-keyshortcuts="C"
              onClick={() => captionTracks.length > 0 && sound.toggleCaptions()}
            >
              <span aria-hidden="true">CC</span>
            </button>
          </>
        )}
        <button
          type="button"
          className="player-btn"
          aria-label={label(fullscreen ? m.exitFullscreen : m.fullscreen)}
          title={label(fullscreen ? m.exitFullscreen : m.fullscreen)}
          aria-keyshortcuts="F"
          onClick={toggleFullscreen}
        >
          <PlayerIcon name={fullscreen ? "exitFullscreen" : "fullscreen"} />
        </button>
      </div>
      {!live && (
        <div className="tv-progress" aria-hidden="true">
          <span style={{ transform: `scaleX(${progress})` }} />
        </div>
      )}

      <div className="tv-info">
        <h2 className="tv-info-title">{channel.name}</h2>
        <p className="tv-info-meta">{intl.formatMessage(categoryMessages[channel.category])}</p>
        <p className="tv-info-description">{channel.description}</p>
        <p className="tv-shortcuts muted">{intl.formatMessage(m.shortcuts, { seconds: TV_SKIP_SECONDS })}</p>
      </div>
    </section>
  );
}
