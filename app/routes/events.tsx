import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { EventsPage } from "../features/events/EventsPage";
import { eventsQueryOptions } from "../lib/eventsList";
import { PartyTeaser } from "../features/parties/PartyTeaser";
import { waitlistJoinSlot } from "../features/waitlist/waitlistJoinSlot";
import { upcomingPartiesQueryOptions } from "../features/parties/queries";
import { usePageMeta } from "../lib/usePageMeta";
import { EVENTS_BANNER } from "#contracts/site.ts";

export const Route = createFileRoute("/events")({
  // Prefetch without throwing: the list shows its own loading and failure states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(eventsQueryOptions(context.locale?.() ?? "en"));
    // The listening parties' teaser above the list, rendered by the server from this data.
    void context.queryClient.prefetchQuery(upcomingPartiesQueryOptions());
  },
  component: Events,
});

const meta = defineMessages({
  title: { id: "meta.events.title", defaultMessage: "Events" },
  description: { id: "meta.events.description", defaultMessage: "Upcoming concerts, meet-and-greets and festival dates, with venues and ticket links." },
});

function Events() {
  usePageMeta({ ...meta, image: { url: EVENTS_BANNER.src, width: EVENTS_BANNER.width, height: EVENTS_BANNER.height } });
  return (
    <PageFrame
      title={<FormattedMessage id="pages.events.title" defaultMessage="Events" />}
      intro={<FormattedMessage id="pages.events.intro" defaultMessage="Concerts, meet-and-greets and festival dates." />}
    >
      <PartyTeaser limit={3} />
      <EventsPage soldOutType={waitlistJoinSlot} />
    </PageFrame>
  );
}
