import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { AuditPage } from "../../features/admin/audit/AuditPage";
import { auditQueryOptions } from "../../features/admin/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/audit")({
  // Prefetch the unfiltered first page without throwing: the page shows its own states.
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(auditQueryOptions({})),
  component: AdminAudit,
});

const meta = defineMessages({
  title: { id: "meta.admin.audit.title", defaultMessage: "Admin: Audit Log" },
});

function AdminAudit() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.audit.title" defaultMessage="Audit Log" />}
      intro={<FormattedMessage id="admin.audit.intro" defaultMessage="Every change made in the back office: who, what, and when." />}
    >
      <AuditPage />
    </PageFrame>
  );
}
