// A track row's play button in the popups' track lists (the Master Playlist, Favorites, the radio
// popup's Featured Tracks): number, title and album, duration; the playing track shows an
// equalizer instead of its number. The row around it (hearts, add to playlist) is the list's own.
import type { TrackView } from "#contracts/music/music.ts";
import { formatTime } from "../../../lib/audio/formatTime";
import { PlayerIcon } from "../PlayerIcons";

/** `index`: the row's place in the list, from 0 (shown from 1). */
export function TrackButton({ track, index, isCurrent, onPlay }: { track: TrackView; index: number; isCurrent: boolean; onPlay(): void }) {
  return (
    <button type="button" className={isCurrent ? "mp-track is-current" : "mp-track"} aria-current={isCurrent ? "true" : undefined} onClick={onPlay}>
      <span className="mp-track-index" aria-hidden="true">
        {isCurrent ? <PlayerIcon name="equalizer" size={16} /> : index + 1}
      </span>
      <span className="mp-track-text">
        <span className="mp-track-title">{track.title}</span>
        <span className="mp-track-album">{track.albumTitle}</span>
      </span>
      <span className="mp-track-time">{formatTime(track.durationSeconds)}</span>
    </button>
  );
}
