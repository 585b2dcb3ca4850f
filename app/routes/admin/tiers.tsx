import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import TiersAdminMessages from "../../features/admin/tiers/messages?feature";
import { TiersAdminPage } from "../../features/admin/tiers/TiersAdminPage";
import { adminTiersQueryOptions } from "../../features/admin/tiers/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/tiers")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminTiersQueryOptions()),
  component: AdminTiers,
});

const meta = defineMessages({
  title: { id: "meta.admin.tiers.title", defaultMessage: "Admin: Membership Tiers" },
});

function AdminTiers() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.tiersPage.title" defaultMessage="Membership Tiers" />}
      intro={
        <FormattedMessage
          id="admin.tiersPage.intro"
          defaultMessage="The ladder fans climb: the free tier, VIP, and your tiers above it, with their texts, prices, badges and trials."
        />
      }
    >
      <AdminFormMessages>
        <TiersAdminMessages>
          <TiersAdminPage />
        </TiersAdminMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
