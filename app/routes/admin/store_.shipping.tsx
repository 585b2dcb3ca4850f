import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import StoreShippingMessages from "../../features/admin/store-shipping/messages?feature";
import { StoreShippingPage } from "../../features/admin/store-shipping/StoreShippingPage";
import { shippingQueryOptions } from "../../features/admin/store-shipping/queries";
import { usePageMeta } from "../../lib/usePageMeta";

// The store's shipping rates: its own path, not nested in the store's product pages.
export const Route = createFileRoute("/admin/store_/shipping")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(shippingQueryOptions()),
  component: AdminStoreShipping,
});

const meta = defineMessages({
  title: { id: "meta.admin.storeShipping.title", defaultMessage: "Admin: Shipping" },
});

function AdminStoreShipping() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.storeShipping.title" defaultMessage="Shipping" />}
      intro={
        <FormattedMessage
          id="admin.storeShipping.intro"
          defaultMessage="What shipping costs by zone and weight class, and from which merch total it is free."
        />
      }
    >
      <StoreShippingMessages>
        <StoreShippingPage />
      </StoreShippingMessages>
    </PageFrame>
  );
}
