// Types for demo-tickets.mjs so TypeScript tests can import it.
export type DemoTicketTypeSeed = {
  id: string;
  name: string;
  namePtBr: string;
  priceCents: number;
  quantity: number;
  remaining: number;
  perOrderLimit: number;
  vipOnly: boolean;
  position: number;
};
export const DEMO_TICKET_EVENT: {
  id: string;
  title: string;
  titlePtBr: string;
  description: string;
  descriptionPtBr: string;
  timeZone: string;
  venueName: string;
  venueAddress: string;
  venueCity: string;
  venueState: string;
  venueCountry: string;
  venuePostalCode: string;
  venueCapacity: number;
  currency: "USD";
  inDays: number;
  at: string;
  saleOpenedDaysAgo: number;
};
export const DEMO_TICKET_TYPES: DemoTicketTypeSeed[];
export function demoTicketEventDates(now: number): { eventDate: number; ticketSaleStart: number; ticketSaleEnd: number };
export function demoTicketsSql(now: number): string[];
