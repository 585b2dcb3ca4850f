import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import AdminFormMessages from "../../../features/admin/components/form/messages?feature";
import StoreAdminMessages from "../../../features/admin/store/messages?feature";
import { StoreAdminPage } from "../../../features/admin/store/StoreAdminPage";
import { adminProductsQueryOptions } from "../../../features/admin/store/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

// An index route, so the store's other back-office pages (/admin/store/...) are its siblings.
export const Route = createFileRoute("/admin/store/")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminProductsQueryOptions()),
  component: AdminStore,
});

const meta = defineMessages({
  title: { id: "meta.admin.store.title", defaultMessage: "Admin: Store" },
});

function AdminStore() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.store.title" defaultMessage="Store" />}
      intro={
        <FormattedMessage
          id="admin.store.intro"
          defaultMessage="Digital albums and tracks, merch with sizes and stock, gift VIP, and the promotion codes fans type at checkout."
        />
      }
    >
      <AdminFormMessages>
        <StoreAdminMessages>
          <StoreAdminPage />
        </StoreAdminMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
