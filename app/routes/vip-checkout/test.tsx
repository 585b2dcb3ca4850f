import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../lib/session/guards";
import { TestCheckoutPage } from "../../features/payments/TestCheckoutPage";
import { usePageMeta } from "../../lib/usePageMeta";

const SESSION_ID = /^cs_local_[A-Za-z0-9]{1,64}$/;

// The local test checkout (TEST MODE): only used when the site runs without a Stripe account.
export const Route = createFileRoute("/vip-checkout/test")({
  validateSearch: (search: Record<string, unknown>): { session?: string } => ({
    session: typeof search.session === "string" && SESSION_ID.test(search.session) ? search.session : undefined,
  }),
  beforeLoad: requireSignedIn,
  component: TestCheckoutRoute,
});

const meta = defineMessages({
  title: { id: "meta.testCheckout.title", defaultMessage: "Test Checkout" },
});

function TestCheckoutRoute() {
  usePageMeta(meta);
  return <TestCheckoutPage sessionId={Route.useSearch().session} />;
}
