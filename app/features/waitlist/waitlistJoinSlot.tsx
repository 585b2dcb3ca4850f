// The events list's slot under a sold-out type, as the routes hand it in. The line's code loads
// when a card has such a type: most pages of events have none, and the events page and the landing
// carry none of it on their first load (7 KiB of it was over both pages' budgets). The server
// renders the line in full; in the browser its boundary keeps that HTML until the chunk is there,
// then hydrates. Its rules are in the events' stylesheet, so the server's HTML is laid out before then.
import { lazy, Suspense } from "react";
import type { PublicEvent } from "#contracts/events.ts";
import type { PublicTicketType } from "#contracts/tickets/event-tickets-model.ts";

const WaitlistJoin = lazy(() => import("./WaitlistJoin").then((module) => ({ default: module.WaitlistJoin })));

export const waitlistJoinSlot = (event: PublicEvent, type: PublicTicketType) => (
  <Suspense fallback={<div className="waitlist-line" />}>
    <WaitlistJoin event={event} type={type} />
  </Suspense>
);
