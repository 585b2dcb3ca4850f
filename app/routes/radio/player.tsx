import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PlayerPopupFrame } from "../../components/PlayerPopupFrame";

export const Route = createFileRoute("/radio/player")({ component: RadioPlayerPopup });

/** The popup radio player (a 400x600 window on desktop, the same tab on mobile devices). */
function RadioPlayerPopup() {
  return (
    <PlayerPopupFrame title={<FormattedMessage id="pages.radioPlayer.title" defaultMessage="Radio Player" />}>
      <ComingSoon what={<FormattedMessage id="pages.radioPlayer.soon" defaultMessage="The radio player is on its way." />} />
    </PlayerPopupFrame>
  );
}
