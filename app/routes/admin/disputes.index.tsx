import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import DisputesMessages from "../../features/admin/disputes/messages?feature";
import { DisputesPage } from "../../features/admin/disputes/DisputesPage";
import { disputesQueryOptions } from "../../features/admin/disputes/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/disputes/")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(disputesQueryOptions()),
  component: AdminDisputes,
});

const meta = defineMessages({
  title: { id: "meta.admin.disputes.title", defaultMessage: "Admin: Disputes" },
});

function AdminDisputes() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.disputes.title" defaultMessage="Disputes" />}
      intro={
        <FormattedMessage
          id="admin.disputes.intro"
          defaultMessage="Payments a buyer's bank disputes and early fraud warnings, with the evidence the site gathered and their deadlines."
        />
      }
    >
      <DisputesMessages>
        <DisputesPage />
      </DisputesMessages>
    </PageFrame>
  );
}
