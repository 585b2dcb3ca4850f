import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import AdminFormMessages from "../../../features/admin/components/form/messages?feature";
import StoreOrdersMessages from "../../../features/admin/store-orders/messages?feature";
import { OrderDetailPage } from "../../../features/admin/store-orders/OrderDetailPage";
import { orderQueryOptions } from "../../../features/admin/store-orders/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/admin/store/orders/$orderId")({
  // Prefetch without throwing: the page shows its own loading, missing and failure states.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(orderQueryOptions(params.orderId)),
  component: AdminStoreOrder,
});

const meta = defineMessages({
  title: { id: "meta.admin.storeOrder.title", defaultMessage: "Admin: Order" },
});

function AdminStoreOrder() {
  usePageMeta(meta);
  const { orderId } = Route.useParams();
  return (
    <PageFrame title={<FormattedMessage id="admin.storeOrders.title" defaultMessage="Store orders" />}>
      <AdminFormMessages>
        <StoreOrdersMessages>
          <OrderDetailPage id={orderId} />
        </StoreOrdersMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
