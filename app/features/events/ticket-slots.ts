// What another feature shows under a sold-out ticket type (the waitlist's "Join the waitlist"): the
// route composes it (a feature never imports another) and hands it to the events list, whose
// ticket blocks read it here, however deep the cards sit.
import { createContext, type ReactNode } from "react";
import type { PublicEvent } from "#contracts/events.ts";
import type { PublicTicketType } from "#contracts/tickets/event-tickets-model.ts";

export type SoldOutTypeSlot = (event: PublicEvent, type: PublicTicketType) => ReactNode;

export const SoldOutTypeContext = createContext<SoldOutTypeSlot | null>(null);
