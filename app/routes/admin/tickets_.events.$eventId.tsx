import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import TicketsMessages from "../../features/admin/tickets/messages?feature";
import { TicketSalesPage } from "../../features/admin/tickets/TicketSalesPage";
import { ticketSalesQueryOptions } from "../../features/admin/tickets/queries";
import WaitlistAdminMessages from "../../features/admin/waitlist/messages?feature";
import { WaitlistSection } from "../../features/admin/waitlist/WaitlistSection";
import { usePageMeta } from "../../lib/usePageMeta";

// One event's ticket sales and door list, then its waitlist (decision 189): its own path, not nested
// in the ticket list's page.
export const Route = createFileRoute("/admin/tickets_/events/$eventId")({
  // Prefetch without throwing: the page shows its own loading, missing and failure states.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(ticketSalesQueryOptions(params.eventId)),
  component: AdminTicketSales,
});

const meta = defineMessages({
  title: { id: "meta.admin.ticketSales.title", defaultMessage: "Admin: Ticket sales" },
});

function AdminTicketSales() {
  usePageMeta(meta);
  const { eventId } = Route.useParams();
  // The waitlist follows once the event's sales are read: a missing event says so once, above.
  const sales = useQuery(ticketSalesQueryOptions(eventId));
  return (
    <PageFrame title={<FormattedMessage id="admin.ticketSales.title" defaultMessage="Ticket sales and door list" />}>
      <TicketsMessages>
        <TicketSalesPage eventId={eventId} />
      </TicketsMessages>
      {sales.isSuccess && (
        <WaitlistAdminMessages>
          <WaitlistSection eventId={eventId} />
        </WaitlistAdminMessages>
      )}
    </PageFrame>
  );
}
