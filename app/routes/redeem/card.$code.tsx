import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { GiftCardPage } from "../../features/redeem/GiftCardPage";
import { requireSignedIn } from "../../lib/session/guards";
import { usePageMeta } from "../../lib/usePageMeta";

// A gift's printable card: its buyer's (and an administrator's). A visitor signs in first; the
// Worker answers anyone else as if the card did not exist.
export const Route = createFileRoute("/redeem/card/$code")({
  beforeLoad: requireSignedIn,
  component: GiftCard,
});

const meta = defineMessages({
  title: { id: "meta.giftCard.title", defaultMessage: "Gift card" },
});

function GiftCard() {
  usePageMeta(meta);
  const { code } = Route.useParams();
  return (
    <PageFrame title={<FormattedMessage id="pages.giftCard.title" defaultMessage="Your gift card" />}>
      <GiftCardPage code={code} />
    </PageFrame>
  );
}
