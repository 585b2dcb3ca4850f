// Plays a whole release the member bought, in full without VIP (their collection's Play): its
// playable tracks become the queue. The caller names the button (its own words and catalog); it
// pauses the release while one of its tracks plays.
import type { TrackView } from "#contracts/music/music.ts";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayerActions, usePlayerSelector } from "./PlayerProvider";

type Props = { tracks: readonly TrackView[]; playLabel: string; pauseLabel: string; className?: string };

export function PlayReleaseButton({ tracks, playLabel, pauseLabel, className = "btn btn-primary btn-sm" }: Props) {
  const actions = usePlayerActions();
  const status = usePlayerSelector((s) => (s.current && tracks.some((t) => t.id === s.current!.id) ? s.status : null));
  const playable = tracks.filter((t) => t.playable);
  const playing = status === "playing" || status === "loading";
  return (
    <button
      type="button"
      className={className}
      disabled={playable.length === 0}
      onClick={() => (playing ? actions.pause() : status === "paused" ? actions.play() : actions.playQueue(playable, 0))}
    >
      <PlayerIcon name={playing ? "pause" : "play"} size={16} /> {playing ? pauseLabel : playLabel}
    </button>
  );
}
