import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PlayerPopupFrame } from "../../components/PlayerPopupFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/player")({ component: MusicPlayerPopup });

const meta = defineMessages({
  title: { id: "meta.musicPlayer.title", defaultMessage: "Audio Player" },
});

/** Opened as the "musicplayer" popup from the Media menu; no site header here. */
function MusicPlayerPopup() {
  usePageMeta(meta);
  return (
    <PlayerPopupFrame title={<FormattedMessage id="pages.musicPlayer.title" defaultMessage="Audio Player" />}>
      <ComingSoon what={<FormattedMessage id="pages.musicPlayer.soon" defaultMessage="The full music player is on its way." />} />
    </PlayerPopupFrame>
  );
}
