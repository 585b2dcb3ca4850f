import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PlayerPopupFrame } from "../../components/PlayerPopupFrame";

export const Route = createFileRoute("/music/player")({ component: MusicPlayerPopup });

/** Opened as the "musicplayer" popup from the Media menu; no site header here. */
function MusicPlayerPopup() {
  return (
    <PlayerPopupFrame title={<FormattedMessage id="pages.musicPlayer.title" defaultMessage="Audio Player" />}>
      <ComingSoon what={<FormattedMessage id="pages.musicPlayer.soon" defaultMessage="The full music player is on its way." />} />
    </PlayerPopupFrame>
  );
}
