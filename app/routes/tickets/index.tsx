import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { MyTicketsPage, type MyTicketsSlots } from "../../features/my-tickets/MyTicketsPage";
import { TicketHandBack } from "../../features/waitlist/HandBack";
import { WaitlistPanel } from "../../features/waitlist/WaitlistPanel";
import { myTicketsQueryOptions } from "../../features/my-tickets/queries";
import { requireSignedIn } from "../../lib/session/guards";
import { usePageMeta } from "../../lib/usePageMeta";

// The member's tickets (decision 055). A visitor signs in first and comes back here; the Worker
// answers only the signed-in member's own tickets (and the guest tickets of their verified address).
export const Route = createFileRoute("/tickets/")({
  beforeLoad: requireSignedIn,
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(myTicketsQueryOptions(context.locale?.() ?? "en")),
  component: Tickets,
});

const meta = defineMessages({
  title: { id: "meta.tickets.title", defaultMessage: "Your tickets" },
});

/** The waitlist's parts of the page (decision 185): its offers and places above, Hand back on each ticket. */
const waitlistSlots: MyTicketsSlots = {
  top: <WaitlistPanel />,
  ticket: (ticket, event) => <TicketHandBack ticket={ticket} event={event} />,
};

function Tickets() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.tickets.title" defaultMessage="Your tickets" />}
      intro={<FormattedMessage id="pages.tickets.intro" defaultMessage="Your tickets to the shows, with their QR codes for the door." />}
    >
      <MyTicketsPage slots={waitlistSlots} />
    </PageFrame>
  );
}
