// /music/player: the full player page (usually in the "musicplayer" popup window), driven by this
// window's page engine. The catalog's tracks form its Master Playlist.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { usePlayer } from "../player/PlayerProvider";
import { usePlayerShortcuts } from "../player/usePlayerShortcuts";
import { ShortcutsHelpDialog } from "../player/ShortcutsHelpDialog";
import { tracksQueryOptions } from "../queries";
import { MusicPlayerPopup } from "./MusicPlayerPopup";

export function MusicPlayerPopupPage() {
  const { state, actions, canPlay, getAnalyser } = usePlayer();
  const tracks = useQuery({ ...tracksQueryOptions(), enabled: canPlay }).data?.tracks ?? [];
  const [help, setHelp] = useState(false);
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
      />
      {help && <ShortcutsHelpDialog onClose={() => setHelp(false)} />}
    </>
  );
}
