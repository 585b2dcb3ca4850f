import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import TicketsMessages from "../../features/admin/tickets/messages?feature";
import { TicketsPage } from "../../features/admin/tickets/TicketsPage";
import { DEFAULT_FILTERS, ticketsQueryOptions } from "../../features/admin/tickets/queries";
import { usePageMeta } from "../../lib/usePageMeta";

/** ?event=<id>: one event's tickets (linked from its sales page and the events list). */
type TicketsSearch = { event?: string };

export const Route = createFileRoute("/admin/tickets")({
  validateSearch: (search: Record<string, unknown>): TicketsSearch =>
    typeof search.event === "string" && search.event.trim() ? { event: search.event.trim().slice(0, 100) } : {},
  loaderDeps: ({ search }) => ({ event: search.event ?? "" }),
  // Prefetch the list without throwing: the page shows its own loading and failure states.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(ticketsQueryOptions({ ...DEFAULT_FILTERS, event: deps.event })),
  component: AdminTickets,
});

const meta = defineMessages({
  title: { id: "meta.admin.tickets.title", defaultMessage: "Admin: Tickets" },
});

function AdminTickets() {
  usePageMeta(meta);
  const { event } = Route.useSearch();
  return (
    <PageFrame
      title={<FormattedMessage id="admin.tickets.title" defaultMessage="Ticket Management" />}
      intro={<FormattedMessage id="admin.tickets.intro" defaultMessage="Orders, their status and CSV export." />}
    >
      <TicketsMessages>
        <TicketsPage eventId={event ?? ""} />
      </TicketsMessages>
    </PageFrame>
  );
}
