import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import InboxMessages from "../../features/admin/inbox/messages?feature";
import { InboxPage } from "../../features/admin/inbox/InboxPage";
import { messagesQueryOptions } from "../../features/admin/inbox/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/messages")({
  // Prefetch the unfiltered first page without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(messagesQueryOptions({ search: "", status: "all", priority: "all", page: 1 })),
  component: AdminMessages,
});

const meta = defineMessages({
  title: { id: "meta.admin.messages.title", defaultMessage: "Admin: Messages" },
});

function AdminMessages() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.messages.title" defaultMessage="Messages" />}
      intro={<FormattedMessage id="admin.messages.intro" defaultMessage="Messages sent through the contact form, and your replies." />}
    >
      <InboxMessages>
        <InboxPage />
      </InboxMessages>
    </PageFrame>
  );
}
