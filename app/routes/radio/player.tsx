import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PlayerPopupFrame } from "../../components/PlayerPopupFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/radio/player")({ component: RadioPlayerPopup });

const meta = defineMessages({
  title: { id: "meta.radioPlayer.title", defaultMessage: "Radio Player" },
});

/** The popup radio player (a 400x600 window on desktop, the same tab on mobile devices). */
function RadioPlayerPopup() {
  usePageMeta(meta);
  return (
    <PlayerPopupFrame title={<FormattedMessage id="pages.radioPlayer.title" defaultMessage="Radio Player" />}>
      <ComingSoon what={<FormattedMessage id="pages.radioPlayer.soon" defaultMessage="The radio player is on its way." />} />
    </PlayerPopupFrame>
  );
}
