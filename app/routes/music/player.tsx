import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { MusicPlayerPopupPage } from "../../features/music/popup/MusicPlayerPopupPage";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/player")({ component: MusicPlayerPopup });

const meta = defineMessages({
  title: { id: "meta.musicPlayer.title", defaultMessage: "Audio Player" },
});

/** Opened as the "musicplayer" popup from the Media menu; no site header here. */
function MusicPlayerPopup() {
  usePageMeta(meta);
  return <MusicPlayerPopupPage />;
}
