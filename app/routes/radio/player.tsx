import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { RadioPopupPage } from "./-components/RadioPopupPage";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/radio/player")({ component: RadioPlayerPopup });

const meta = defineMessages({
  title: { id: "meta.radioPlayer.title", defaultMessage: "Radio Player" },
});

/** The popup radio player (a 400x600 window on desktop, the same tab on mobile devices); no site header here. */
function RadioPlayerPopup() {
  usePageMeta(meta);
  return <RadioPopupPage />;
}
