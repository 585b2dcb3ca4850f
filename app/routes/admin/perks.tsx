import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import PerksAdminMessages from "../../features/admin/perks/messages?feature";
import { PerksAdminPage } from "../../features/admin/perks/PerksAdminPage";
import { adminPerksQueryOptions } from "../../features/admin/perks/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/perks")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminPerksQueryOptions()),
  component: AdminPerks,
});

const meta = defineMessages({
  title: { id: "meta.admin.perks.title", defaultMessage: "Admin: Perks" },
});

function AdminPerks() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.perks.title" defaultMessage="Special Perks" />}
      intro={
        <FormattedMessage
          id="admin.perks.intro"
          defaultMessage="Members-only merchandise, limited editions and surprises: codes, links and who revealed them."
        />
      }
    >
      <AdminFormMessages>
        <PerksAdminMessages>
          <PerksAdminPage />
        </PerksAdminMessages>
      </AdminFormMessages>
    </PageFrame>
  );
}
