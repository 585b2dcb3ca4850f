import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { TicketPage } from "../../features/my-tickets/TicketPage";
import { requireSignedIn } from "../../lib/session/guards";
import { usePageMeta } from "../../lib/usePageMeta";

// One ticket, printable (decision 055): its owner's only. A visitor signs in first; the Worker
// answers anyone else as if the ticket did not exist.
export const Route = createFileRoute("/tickets/$ticketId")({
  beforeLoad: requireSignedIn,
  component: Ticket,
});

const meta = defineMessages({
  title: { id: "meta.ticket.title", defaultMessage: "Your ticket" },
});

function Ticket() {
  usePageMeta(meta);
  const { ticketId } = Route.useParams();
  return (
    <PageFrame title={<FormattedMessage id="pages.ticket.title" defaultMessage="Your ticket" />}>
      <TicketPage ticketId={ticketId} />
    </PageFrame>
  );
}
