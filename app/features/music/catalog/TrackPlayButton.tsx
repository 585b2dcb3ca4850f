// The one play control every track list uses. VIP members and admins play (or pause the playing
// track); everyone else plays the track's 30-second preview, or, for a track without one, is
// taken to /vip-signup: the server would refuse them the audio anyway.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { Icon } from "../../../components/Icon";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayerAccess, usePlayerSelector } from "../player/PlayerProvider";
import { musicMessages } from "./messages";

export function TrackPlayButton({ track, queue }: { track: TrackView; queue: readonly TrackView[] }) {
  const intl = useIntl();
  const { canPlay, previewOnly, actions } = usePlayerAccess();
  const status = usePlayerSelector((s) => (s.current?.id === track.id ? s.status : null));
  const values = { title: track.title };

  const preview = previewOnly && track.preview;
  if (!canPlay && !preview) {
    return (
      <Link to="/vip-signup" className="track-play track-play-locked" aria-label={intl.formatMessage(musicMessages.lockedTrack, values)}>
        <Icon name="lock" size={18} />
      </Link>
    );
  }
  if (!preview && !track.playable) {
    return (
      <button type="button" className="track-play" disabled aria-label={intl.formatMessage(musicMessages.notPlayable, values)}>
        <PlayerIcon name="play" size={18} />
      </button>
    );
  }
  const playing = status === "playing";
  const label =
    status === "loading" ? musicMessages.loadingTrack : playing ? musicMessages.pauseTrack : preview ? musicMessages.previewTrack : musicMessages.playTrack;
  return (
    <button
      type="button"
      className={`track-play${status ? " track-play-current" : ""}`}
      aria-label={intl.formatMessage(label, values)}
      aria-pressed={playing}
      onClick={() => actions.playTrack(track, queue)}
    >
      <PlayerIcon name={playing ? "pause" : "play"} size={18} />
    </button>
  );
}
