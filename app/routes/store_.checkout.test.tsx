import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import CheckoutMessages from "../features/store/checkout/messages?feature";
import { parseTestCheckoutSearch } from "../features/store/checkout/search";
import { StoreTestCheckoutPage } from "../features/store/checkout/StoreTestCheckoutPage";
import { usePageMeta } from "../lib/usePageMeta";

// The local test checkout for store carts (TEST MODE): only used when the site runs without a
// Stripe account. Guests too: the checkout is shown to the browser that opened it (its buyer
// cookie) or to the member. Its own path, not nested in the store's pages.
export const Route = createFileRoute("/store_/checkout/test")({
  validateSearch: parseTestCheckoutSearch,
  component: StoreTestCheckoutRoute,
});

const meta = defineMessages({
  title: { id: "meta.storeTestCheckout.title", defaultMessage: "Test Checkout: Store" },
});

function StoreTestCheckoutRoute() {
  usePageMeta(meta);
  return (
    <CheckoutMessages>
      <StoreTestCheckoutPage sessionId={Route.useSearch().session} />
    </CheckoutMessages>
  );
}
