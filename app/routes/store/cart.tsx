import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { CartPage } from "../../features/store/cart/CartPage";
import { usePageMeta } from "../../lib/usePageMeta";

// Open to everyone: a visitor's cart is in their browser, a member's with the Worker. Rendered in the
// browser (it is nobody's but the visitor's, and nothing to share or list).
export const Route = createFileRoute("/store/cart")({
  component: Cart,
});

const meta = defineMessages({
  title: { id: "meta.cart.title", defaultMessage: "Your cart" },
  description: { id: "meta.cart.description", defaultMessage: "What you are about to buy from the store." },
});

function Cart() {
  usePageMeta(meta);
  return (
    <PageFrame title={<FormattedMessage id="pages.cart.title" defaultMessage="Your cart" />}>
      <CartPage />
    </PageFrame>
  );
}
