import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import DisputesMessages from "../../features/admin/disputes/messages?feature";
import { DisputeDetailPage } from "../../features/admin/disputes/DisputeDetailPage";
import { disputeQueryOptions } from "../../features/admin/disputes/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/disputes/$disputeId")({
  // Prefetch without throwing: the page shows its own loading, missing and failure states.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(disputeQueryOptions(params.disputeId)),
  component: AdminDispute,
});

const meta = defineMessages({
  title: { id: "meta.admin.dispute.title", defaultMessage: "Admin: Dispute" },
});

function AdminDispute() {
  usePageMeta(meta);
  const { disputeId } = Route.useParams();
  return (
    <PageFrame title={<FormattedMessage id="admin.disputes.title" defaultMessage="Disputes" />}>
      <DisputesMessages>
        <DisputeDetailPage id={disputeId} />
      </DisputesMessages>
    </PageFrame>
  );
}
