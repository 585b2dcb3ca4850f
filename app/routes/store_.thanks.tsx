import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import CheckoutMessages from "../features/store/checkout/messages?feature";
import { parseThanksSearch } from "../features/store/checkout/search";
import { StoreThanksPage } from "../features/store/checkout/StoreThanksPage";
import { usePageMeta } from "../lib/usePageMeta";

// Where Stripe Checkout (or the local test checkout) returns after a store payment:
// ?session_id=…. Guests too (their browser's buyer cookie); only the server's answer counts.
export const Route = createFileRoute("/store_/thanks")({
  validateSearch: parseThanksSearch,
  component: StoreThanksRoute,
});

const meta = defineMessages({
  title: { id: "meta.storeThanks.title", defaultMessage: "Thank you" },
});

function StoreThanksRoute() {
  usePageMeta(meta);
  return (
    <CheckoutMessages>
      <StoreThanksPage sessionId={Route.useSearch().session_id} />
    </CheckoutMessages>
  );
}
