// /music/player: the full player page (usually in the "musicplayer" popup window), driven by this
// window's page engine. The catalog's tracks form its Master Playlist; the member's favorites
// give each row its heart and fill the Favorites tab.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useFavorites, useToggleFavorite } from "../collections/favorites";
import { usePlaylists } from "../collections/playlists";
import { usePlayer } from "../player/PlayerProvider";
import { usePlayerShortcuts } from "../../../components/player/usePlayerShortcuts";
import { ShortcutsHelpDialog } from "../../../components/player/ShortcutsHelpDialog";
import { tracksQueryOptions } from "../queries";
import { MusicPlayerPopup, type MusicPlayerPopupFavorites } from "./MusicPlayerPopup";

export function MusicPlayerPopupPage() {
  const { state, actions, canPlay, getAnalyser } = usePlayer();
  const tracks = useQuery({ ...tracksQueryOptions(), enabled: canPlay }).data?.tracks ?? [];
  const [help, setHelp] = useState(false);
  const favoriteTracks = useFavorites().data?.tracks;
  const playlists = usePlaylists().data?.playlists;
  const { mutate: toggleFavorite } = useToggleFavorite();
  const favorites = useMemo<MusicPlayerPopupFavorites | undefined>(
    () =>
      canPlay
        ? {
            tracks: favoriteTracks ?? [],
            ids: new Set((favoriteTracks ?? []).map((t) => t.id)),
            toggle: (track, favorite) => toggleFavorite({ track, favorite }),
          }
        : undefined,
    [canPlay, favoriteTracks, toggleFavorite],
  );
  // No player bar here (the page is the player), so the page takes the keyboard shortcuts itself.
  usePlayerShortcuts({ actions, onHelp: () => setHelp(true), enabled: canPlay });
  return (
    <>
      <MusicPlayerPopup
        tracks={tracks}
        state={{ ...state, currentTrack: state.current }}
        analyser={getAnalyser()}
        actions={actions}
        canPlay={canPlay}
        favorites={favorites}
        playlists={playlists}
      />
      {help && <ShortcutsHelpDialog onClose={() => setHelp(false)} />}
    </>
  );
}
