import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/tickets")({ component: AdminTickets });

function AdminTickets() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.tickets.title" defaultMessage="Ticket Management" />}
      intro={<FormattedMessage id="admin.tickets.intro" defaultMessage="Orders, their status and CSV export." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
