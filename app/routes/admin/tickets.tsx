import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { TicketsMessages } from "../../features/admin/tickets/TicketsMessages";
import { TicketsPage } from "../../features/admin/tickets/TicketsPage";
import { DEFAULT_FILTERS, ticketsQueryOptions } from "../../features/admin/tickets/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/tickets")({
  // Prefetch the unfiltered list without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(ticketsQueryOptions(DEFAULT_FILTERS)),
  component: AdminTickets,
});

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
      <TicketsMessages>
        <TicketsPage />
      </TicketsMessages>
    </PageFrame>
  );
}
