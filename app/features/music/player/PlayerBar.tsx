// The persistent player bar: fixed at the bottom of every page while a queue exists (and the
// session may play), hidden otherwise. Cover, title and album; shuffle, previous, play/pause, next,
// repeat; the seek slider and times; mute and volume; the queue and the shortcuts help. It also
// owns the page's keyboard shortcuts (docs/features.md#music: Space, Shift+arrows, M, Alt+arrows, Ctrl+S, Ctrl+R) and reserves room at the page bottom (a body class
// and the --player-bar-h variable) so the bar never hides the footer. On phones it is a compact bar
// (cover, title, play/pause) that a button expands to every control (player.css). The lyrics button
// opens the current track's lyrics above the bar, following the line being sung.
import { Link } from "@tanstack/react-router";
import { useRef, useState, type CSSProperties } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { formatTime } from "../../../lib/audio/formatTime";
import { PREVIEW_SECONDS } from "#contracts/preview.ts";
import { playerErrorMessages, playerMessages as m, previewBadgeMessage, timeOfMessage, volumeValueMessage } from "./messages";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayer } from "./PlayerProvider";
import { QueueDialog } from "./QueueDialog";
import { LosslessToggle } from "./LosslessToggle";
import { QualityLabel } from "./QualityLabel";
import { shortcutsMessages } from "../../../components/player/messages";
import { ShortcutsHelpDialog } from "../../../components/player/ShortcutsHelpDialog";
import { usePlayerShortcuts } from "../../../components/player/usePlayerShortcuts";
import { useBottomBarSpace } from "../../../lib/useBottomBarSpace";
import { LyricsButton, LyricsPanelSlot, lyricsPosition, useLyricsToggle } from "../lyrics/LyricsToggle";
import { VipUpsellLink } from "../lyrics/VipUpsellLink";
import { previewStartOf } from "./previewStarts";
import "../../../components/player/controls.css";
import "./player.css";

export const PLAYER_BAR_BODY_CLASS = "has-player-bar";

export function PlayerBar() {
  const intl = useIntl();
  const { state, actions, canPlay, previewOnly, owns } = usePlayer();
  const [dialog, setDialog] = useState<"queue" | "help" | null>(null);
  const [expanded, setExpanded] = useState(false);
  const lyrics = useLyricsToggle();
  const barRef = useRef<HTMLElement>(null);
  // Previews for the session, or a queue it bought playing in full.
  const visible = (canPlay || (previewOnly && (state.preview || owns(state.queue)))) && state.current !== null;

  // Ctrl+S / Ctrl+R only with focus in the bar: elsewhere they stay the browser's save and reload.
  usePlayerShortcuts({ actions, onHelp: () => setDialog("help"), enabled: visible, ctrlKeysWithin: barRef });

  useBottomBarSpace(visible, barRef, PLAYER_BAR_BODY_CLASS, "--player-bar-h");

  if (!visible || !state.current) return null;
  const { current, status, currentTime, duration, volume, muted, repeat, shuffle, error, preview, previewEnded } = state;
  const busy = status === "loading";
  const active = status === "playing" || busy;
  const max = Math.max(1, Math.floor(duration));
  const position = Math.min(Math.floor(currentTime), max);
  const progress = `${(position / max) * 100}%`;
  const volumeShown = muted ? 0 : volume;
  const label = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);

  return (
    <section ref={barRef} className={expanded ? "player-bar is-expanded" : "player-bar"} aria-label={label(m.region)}>
      <div className="player-bar-track">
        {current.coverUrl ? (
          <img className="player-bar-cover" src={current.coverUrl} alt="" width={48} height={48} />
        ) : (
          <span className="player-bar-cover player-bar-cover-default" aria-hidden="true">
            <PlayerIcon name="disc" size={26} />
          </span>
        )}
        <div className="player-bar-meta">
          <p className="player-bar-title">{current.title}</p>
          <p className="player-bar-album">
            {preview ? (
              <span className="player-bar-preview">
                {intl.formatMessage(previewBadgeMessage, { length: formatTime(duration > 0 ? duration : PREVIEW_SECONDS) })}
              </span>
            ) : (
              current.albumTitle
            )}
          </p>
          {/* The preview's badge above already says what plays. */}
          {!preview && (
            <p className="player-bar-quality">
              <QualityLabel trackId={current.id} preview={false} className="player-quality" />
            </p>
          )}
        </div>
      </div>
      {previewEnded && (
        <p className="player-bar-offer" role="status">
          {intl.formatMessage(m.previewOffer)}{" "}
          <Link to="/vip-signup" className="btn btn-primary btn-sm">
            {intl.formatMessage(m.previewOfferLink)}
          </Link>
        </p>
      )}

      <div className="player-bar-controls">
        <button
          type="button"
          className="player-btn"
          aria-label={label(m.shuffle)}
          aria-pressed={shuffle}
          title={label(m.shuffle)}
          onClick={actions.toggleShuffle}
        >
          <PlayerIcon name="shuffle" />
        </button>
        <button type="button" className="player-btn" aria-label={label(m.previous)} title={label(m.previous)} onClick={actions.previous}>
          <PlayerIcon name="previous" />
        </button>
        <button
          type="button"
          className="player-btn player-btn-main"
          aria-label={label(active ? m.pause : m.play)}
          aria-busy={busy || undefined}
          title={label(active ? m.pause : m.play)}
          onClick={actions.toggle}
        >
          {busy ? <span className="spinner player-spinner" aria-hidden="true" /> : <PlayerIcon name={active ? "pause" : "play"} size={26} />}
        </button>
        <button type="button" className="player-btn" aria-label={label(m.next)} title={label(m.next)} onClick={actions.next}>
          <PlayerIcon name="next" />
        </button>
        <button type="button" className="player-btn" aria-label={label(m.repeat)} aria-pressed={repeat} title={label(m.repeat)} onClick={actions.toggleRepeat}>
          <PlayerIcon name="repeat" />
        </button>
      </div>

      {/* Phones only (hidden from 900px, where every control shows). */}
      <button
        type="button"
        className="player-btn player-bar-expand"
        aria-label={label(m.moreControls)}
        aria-expanded={expanded}
        title={label(m.moreControls)}
        onClick={() => setExpanded((open) => !open)}
      >
        <PlayerIcon name={expanded ? "chevronDown" : "chevronUp"} />
      </button>

      <div className="player-bar-seek">
        <span className="player-bar-time">{formatTime(currentTime)}</span>
        <input
          type="range"
          className="player-range"
          min={0}
          max={max}
          step={1}
          value={position}
          aria-label={label(m.seek)}
          aria-valuetext={intl.formatMessage(timeOfMessage, { current: formatTime(currentTime), total: formatTime(duration) })}
          onChange={(e) => actions.seek(Number(e.currentTarget.value))}
          style={{ "--fill": progress } as CSSProperties}
        />
        <span className="player-bar-time">{formatTime(duration)}</span>
      </div>

      <div className="player-bar-side">
        {!preview && <LosslessToggle trackId={current.id} onChange={actions.reloadSource} />}
        <button type="button" className="player-btn" aria-label={label(m.mute)} aria-pressed={muted} title={label(m.mute)} onClick={actions.toggleMute}>
          <PlayerIcon name={muted || volume === 0 ? "muted" : "volume"} />
        </button>
        <input
          type="range"
          className="player-range player-volume"
          min={0}
          max={100}
          step={1}
          value={volumeShown}
          aria-label={label(m.volume)}
          aria-valuetext={intl.formatMessage(volumeValueMessage, { volume: volumeShown })}
          onChange={(e) => actions.setVolume(Number(e.currentTarget.value))}
          style={{ "--fill": `${volumeShown}%` } as CSSProperties}
        />
        <LyricsButton lyrics={lyrics} className="player-btn" />
        <button
          type="button"
          className="player-btn"
          aria-label={label(m.queue)}
          aria-haspopup="dialog"
          title={label(m.queue)}
          onClick={() => setDialog("queue")}
        >
          <PlayerIcon name="queue" />
        </button>
        <button
          type="button"
          className="player-btn player-btn-help"
          aria-label={label(shortcutsMessages.title)}
          aria-haspopup="dialog"
          aria-keyshortcuts="?"
          title={label(shortcutsMessages.title)}
          onClick={() => setDialog("help")}
        >
          <span aria-hidden="true">?</span>
        </button>
      </div>

      {error && (
        <div className="player-bar-error" role="alert">
          <span>{intl.formatMessage(playerErrorMessages[error])}</span>
          <button type="button" className="player-btn player-btn-small" aria-label={label(m.dismiss)} onClick={actions.dismissError}>
            <PlayerIcon name="close" size={16} />
          </button>
        </div>
      )}

      <LyricsPanelSlot
        lyrics={lyrics}
        trackId={current.id}
        // A preview is a cut of the track: its time plus where the cut starts is the song's.
        positionMs={lyricsPosition(currentTime + (preview ? previewStartOf(current.id) : 0))}
        upsell={<VipUpsellLink />}
        className="player-bar-lyrics"
      />

      {dialog === "queue" && <QueueDialog state={state} onChoose={actions.jumpTo} onClose={() => setDialog(null)} />}
      {dialog === "help" && <ShortcutsHelpDialog onClose={() => setDialog(null)} />}
    </section>
  );
}
