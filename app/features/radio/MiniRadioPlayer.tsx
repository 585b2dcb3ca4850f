// The mini radio player: fixed at the bottom of every page once the radio has been started (and
// the session may listen), above the music player bar when both show. Station name and what is
// playing, previous/next station, play/pause, volume, a playlist drawer (stations, up next,
// recently played) and the button that opens the popup player (docs/features.md#radio-and-tv). It reserves room at the
// page bottom (--radio-bar-h) so it never hides the footer.
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { isMobileDevice, openRadioPlayer } from "../../lib/popups";
import { PlayerIcon } from "../../components/player/PlayerIcons";
import { useErrorTimeout } from "./hooks";
import { StationControls, VolumeControl } from "./RadioControls";
import { listenersMessage, radioErrorMessages, radioMessages as m, trackLineMessage } from "./messages";
import { useRadio } from "./RadioProvider";
import { useBottomBarSpace } from "../../lib/useBottomBarSpace";
import { focusOnMount } from "../../lib/focusOnMount";
import "../../components/player/controls.css";
import "./radio.css";

export const RADIO_BAR_BODY_CLASS = "has-radio-bar";

export function MiniRadioPlayer() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { state, engine, canListen } = useRadio();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const barRef = useRef<HTMLElement>(null);
  const drawerId = useId();
  const visible = canListen && state.station !== null && state.status !== "idle";
  useErrorTimeout(engine, state.error);

  useBottomBarSpace(visible, barRef, RADIO_BAR_BODY_CLASS, "--radio-bar-h");

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  if (!visible || !state.station) return null;
  const { station, status, nowPlaying, volume, muted, error, listeners } = state;
  const current = nowPlaying?.current;
  const label = (descriptor: (typeof m)[keyof typeof m]) => intl.formatMessage(descriptor);

  const openPopup = () => {
    // The popup takes over: this window stops, so the two never play at once.
    engine.pause();
    openRadioPlayer(window, isMobileDevice(), (path) => void navigate({ to: path }));
  };

  return (
    <section ref={barRef} className="radio-bar" aria-label={label(m.miniRegion)}>
      <div className="radio-bar-station">
        {station.imageUrl && <img className="radio-bar-image" src={station.imageUrl} alt="" width={40} height={40} />}
        <div className="radio-bar-text">
          <strong className="radio-bar-name">{station.name}</strong>
          <span className="radio-bar-track" aria-live="polite">
            {status === "loading" ? label(m.tuning) : current ? current.track.title : label(m.live)}
            {listeners !== null && <span className="radio-bar-listeners"> · {intl.formatMessage(listenersMessage, { count: listeners })}</span>}
          </span>
        </div>
      </div>

      <div className="radio-bar-controls">
        <StationControls engine={engine} status={status} />
      </div>

      <div className="radio-bar-side">
        <VolumeControl engine={engine} volume={volume} muted={muted} />
        <button
          type="button"
          className="player-btn"
          onClick={() => setDrawerOpen((open) => !open)}
          aria-label={label(m.playlist)}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
        >
          <PlayerIcon name="queue" />
        </button>
        <button type="button" className="player-btn" onClick={openPopup} aria-label={label(m.popup)} title={label(m.popup)}>
          <PlayerIcon name="visualizer" />
        </button>
        <button type="button" className="player-btn" onClick={() => engine.reset()} aria-label={label(m.stop)} title={label(m.stop)}>
          <PlayerIcon name="close" />
        </button>
      </div>

      {error && (
        <p className="radio-bar-error" role="alert">
          {intl.formatMessage(radioErrorMessages[error])}
        </p>
      )}

      {drawerOpen && (
        <div id={drawerId} className="radio-drawer" role="dialog" aria-label={label(m.playlist)}>
          <div className="radio-drawer-head">
            <h2>{label(m.playlist)}</h2>
            <button type="button" className="player-btn" onClick={() => setDrawerOpen(false)} aria-label={label(m.closePlaylist)} ref={focusOnMount}>
              <PlayerIcon name="close" />
            </button>
          </div>
          <ul className="radio-drawer-stations">
            {state.stations.map((s, index) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="radio-drawer-station"
                  aria-current={index === state.index ? "true" : undefined}
                  onClick={() => engine.selectStation(index, { autoplay: true })}
                >
                  {s.imageUrl && <img src={s.imageUrl} alt="" width={32} height={32} />}
                  <span>{s.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {nowPlaying?.next && (
            <>
              <h3>{label(m.upNext)}</h3>
              <p className="radio-drawer-line">
                {intl.formatMessage(trackLineMessage, {
                  title: nowPlaying.next.track.title,
                  album: nowPlaying.next.track.albumTitle,
                  year: nowPlaying.next.track.albumYear,
                })}
              </p>
            </>
          )}
          {nowPlaying && nowPlaying.history.length > 0 && (
            <>
              <h3>{label(m.recentlyPlayed)}</h3>
              <ol className="radio-drawer-history">
                {nowPlaying.history.map((slot) => (
                  <li key={slot.startedAt}>
                    {intl.formatMessage(trackLineMessage, { title: slot.track.title, album: slot.track.albumTitle, year: slot.track.albumYear })}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </section>
  );
}
