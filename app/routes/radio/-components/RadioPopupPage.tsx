// /radio/player's page: the radio feature's popup with the music feature's pieces put in, so that
// neither feature imports the other. The music player (the page's engine, or a provider's in
// tests) plays the featured and playlist tracks; the catalog's tracks give the Master Playlist;
// the collections give each featured row its heart and add-to-playlist buttons and fill the Your
// Playlists tab (the class names are the popup's: popup.css and radio-popup.css lay them out).
import { useQuery } from "@tanstack/react-query";
import type { TrackView } from "#contracts/music/music.ts";
import { AddToPlaylistButton } from "../../../features/music/collections/AddToPlaylistDialog";
import { FavoriteToggle } from "../../../features/music/collections/FavoriteToggle";
import { PlaylistsGrid } from "../../../features/music/collections/PlaylistsGrid";
import { usePlayer } from "../../../features/music/player/PlayerProvider";
import { tracksQueryOptions } from "../../../features/music/queries";
import type { RadioEngine } from "../../../features/radio/engine";
import { RadioPopupScreen } from "../../../features/radio/popup/RadioPopupScreen";
import { useCanListen } from "../../../features/radio/RadioProvider";

const trackActions = (track: TrackView) => (
  <>
    <FavoriteToggle track={track} className="mp-fav" />
    <AddToPlaylistButton track={track} className="rp-add" />
  </>
);

/** `engine`: the radio to drive (default: the page's). */
export function RadioPopupPage({ engine }: { engine?: RadioEngine }) {
  const music = usePlayer();
  // Only members who may listen load the catalog (the Master Playlist is theirs alone).
  const canListen = useCanListen() === true;
  const tracks = useQuery({ ...tracksQueryOptions(), enabled: canListen }).data?.tracks;
  return <RadioPopupScreen engine={engine} music={music} tracks={tracks} trackActions={trackActions} playlists={<PlaylistsGrid className="rp-playlists" />} />;
}
