import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../lib/session/guards";
import { parseConfirmationSearch } from "../features/payments/confirmationSearch";
import { VipConfirmationPage } from "../features/payments/VipConfirmationPage";
import { usePageMeta } from "../lib/usePageMeta";

// Where Stripe Checkout (or the local test checkout) returns: ?session_id=… (also reads the
// spec's payment_intent / redirect_status). Only the server's answer counts.
export const Route = createFileRoute("/vip-confirmation")({
  validateSearch: parseConfirmationSearch,
  beforeLoad: requireSignedIn,
  component: VipConfirmationRoute,
});

const meta = defineMessages({
  title: { id: "meta.vipConfirmation.title", defaultMessage: "VIP Confirmation" },
});

function VipConfirmationRoute() {
  usePageMeta(meta);
  return <VipConfirmationPage search={Route.useSearch()} />;
}
