import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { RedeemPage } from "../../features/redeem/RedeemPage";
import { usePageMeta } from "../../lib/usePageMeta";
import { GIFT_CODE_INPUT_MAX } from "#contracts/store/gift-model.ts";

type RedeemSearch = { code?: string };

/** A gift card's QR code and the receipt's link carry the code (?code=...): the field starts with it. */
const parseRedeemSearch = (search: Record<string, unknown>): RedeemSearch =>
  typeof search.code === "string" && search.code.length <= GIFT_CODE_INPUT_MAX ? { code: search.code } : {};

// Gift VIP (decision 054). Open to visitors, who are asked to sign in or sign up and come back with
// the code kept; the Worker redeems only for a signed-in member.
export const Route = createFileRoute("/redeem/")({
  validateSearch: parseRedeemSearch,
  component: Redeem,
});

const meta = defineMessages({
  title: { id: "meta.redeem.title", defaultMessage: "Redeem a gift" },
  description: { id: "meta.redeem.description", defaultMessage: "Redeem a gift of VIP membership with its code." },
});

function Redeem() {
  usePageMeta(meta);
  const { code } = Route.useSearch();
  return (
    <PageFrame
      narrow
      title={<FormattedMessage id="pages.redeem.title" defaultMessage="Redeem a gift" />}
      intro={<FormattedMessage id="pages.redeem.intro" defaultMessage="Were you given VIP? Type the gift's code to start your complimentary VIP membership." />}
    >
      <RedeemPage initialCode={code} />
    </PageFrame>
  );
}
