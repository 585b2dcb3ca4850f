import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/tickets")({ component: AdminTickets });

const meta = defineMessages({
  title: { id: "meta.admin.tickets.title", defaultMessage: "Admin: Tickets" },
});

function AdminTickets() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.tickets.title" defaultMessage="Ticket Management" />}
      intro={<FormattedMessage id="admin.tickets.intro" defaultMessage="Orders, their status and CSV export." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
