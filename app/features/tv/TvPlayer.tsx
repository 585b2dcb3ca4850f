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
// The concerns live beside it: the source (useTvStream), the <video> (useTvPlayback), captions
// (useTvCaptions), full screen (useFullscreen), keys (tvKeys) and the control bar (TvControls).
import { useRef } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { TV_SKIP_SECONDS, type TvChannelView } from "#contracts/tv.ts";
import { PlayerIcon } from "../../components/player/PlayerIcons";
import { StaticNoise } from "../../components/StaticNoise";
import { captionLabelMessages, categoryMessages, tvMessages as m } from "./messages";
import { handleTvKey } from "./tvKeys";
import { TvControls } from "./TvControls";
import { useTvOutput } from "./tvOutput";
import { useFullscreen } from "./useFullscreen";
import { useTvCaptions } from "./useTvCaptions";
import { useTvPlayback } from "./useTvPlayback";
import { useTvStream } from "./useTvStream";

export function TvPlayer({ channel }: { channel: TvChannelView }) {
  const intl = useIntl();
  const containerRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playButtonRef = useRef<HTMLButtonElement>(null);
  const sound = useTvOutput(videoRef);
  const tuner = useTvStream(channel.id, videoRef);
  const { view, videoStream, syncedLive, errorShown, ready, toggle, skip, videoEvents } = useTvPlayback(videoRef, tuner);
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef, videoRef);
  const captionTracks = useTvCaptions(videoRef, videoStream, sound.captions);

  const { stream, tuningIn } = tuner;
  const live = channel.live || (videoStream?.startAt ?? null) !== null;
  const isEmbed = stream?.kind === "embed";
  const progress = Number.isFinite(view.duration) && view.duration > 0 ? Math.min(1, view.time / view.duration) : 0;
  const label = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  const retry = () => {
    tuner.retune();
    // The Try Again button goes away: keep the keyboard in the player.
    playButtonRef.current?.focus();
  };

  return (
    <section
      ref={containerRef}
      className={fullscreen ? "tv-player is-fullscreen" : "tv-player"}
      aria-label={label(m.player)}
      aria-keyshortcuts="Space K J L ArrowLeft ArrowRight M C F"
      onKeyDown={(e) =>
        handleTvKey(e, {
          toggle,
          skipBack: () => skip(-TV_SKIP_SECONDS),
          skipForward: () => skip(TV_SKIP_SECONDS),
          toggleFullscreen,
          toggleMute: sound.toggleMute,
          toggleCaptions: captionTracks.length > 0 ? sound.toggleCaptions : null,
        })
      }
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
          {...videoEvents}
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

      <TvControls
        playButtonRef={playButtonRef}
        view={view}
        controlsOff={!ready}
        syncedLive={syncedLive}
        live={live}
        isEmbed={isEmbed}
        hasCaptions={captionTracks.length > 0}
        fullscreen={fullscreen}
        sound={sound}
        onToggle={toggle}
        onSkip={skip}
        onToggleFullscreen={toggleFullscreen}
      />
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
