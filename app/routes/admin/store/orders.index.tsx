import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import AdminFormMessages from "../../../features/admin/components/form/messages?feature";
import StoreOrdersMessages from "../../../features/admin/store-orders/messages?feature";
import { OrdersPage } from "../../../features/admin/store-orders/OrdersPage";
import { DEFAULT_FILTERS, ordersQueryOptions } from "../../../features/admin/store-orders/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/admin/store/orders/")({
  // Prefetch the first page without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(ordersQueryOptions(DEFAULT_FILTERS)),
  component: AdminStoreOrders,
});

const meta = defineMessages({
  title: { id: "meta.admin.storeOrders.title", defaultMessage: "Admin: Orders" },
});

function AdminStoreOrders() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.storeOrders.title" defaultMessage="Store orders" />}
      intro={
        <FormattedMessage id="admin.storeOrders.intro" defaultMessage="What fans bought, what to ship, refunds and the export for a fulfilment partner." />
      }
    >
      <AdminFormMessages>
        <StoreOrdersMessages>
          <OrdersPage />
        </StoreOrdersMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
