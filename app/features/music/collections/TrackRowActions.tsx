// What every track row offers a member beyond playing: the favorite toggle and Add to Playlist.
import type { TrackView } from "#contracts/music/music.ts";
import { AddToPlaylistButton } from "./AddToPlaylistDialog";
import { FavoriteToggle } from "./FavoriteToggle";

export function TrackRowActions({ track }: { track: TrackView }) {
  return (
    <>
      <FavoriteToggle track={track} />
      <AddToPlaylistButton track={track} />
    </>
  );
}

/** For TrackTable's rowActions. */
export const trackRowActions = (track: TrackView) => <TrackRowActions track={track} />;
