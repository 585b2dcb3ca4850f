import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import MarketingMessages from "../../features/admin/marketing/messages?feature";
import { MarketingPage } from "../../features/admin/marketing/MarketingPage";
import { contactsQueryOptions, summaryQueryOptions } from "../../features/admin/marketing/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/marketing")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(summaryQueryOptions());
    void context.queryClient.prefetchQuery(contactsQueryOptions(1));
  },
  component: AdminMarketing,
});

const meta = defineMessages({
  title: { id: "meta.admin.marketing.title", defaultMessage: "Admin: Marketing" },
});

function AdminMarketing() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.marketing.title" defaultMessage="Marketing" />}
      intro={<FormattedMessage id="admin.marketing.intro" defaultMessage="Marketing contacts: import, export and subscribers." />}
    >
      <MarketingMessages>
        <MarketingPage />
      </MarketingMessages>
    </PageFrame>
  );
}
