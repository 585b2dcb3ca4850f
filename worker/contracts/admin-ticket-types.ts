// The back office's ticket types of an event (decision 055): what a custom event in USD or BRL
// sells here. One zod schema for create (POST) and edit (PUT: every field again), run by the Worker
// and by the event form's Tickets section before sending. Money is integer cents in the event's
// currency; the limits are TICKET_LIMITS (event-tickets-model.ts).
import { z } from "./zod";
import { userText } from "./text";
import { CONTACT_MESSAGES } from "./contact";
import { ALWAYS, requireFields } from "./admin-event-fields";
import { ADMIN_EVENTS_API } from "./admin-event-limits";
import { TICKET_LIMITS } from "./event-tickets-model";

/** The highest price of one ticket, in cents ($10,000 or R$10.000). */
export const TICKET_PRICE_MAX_CENTS = 1_000_000;
/** The highest position (order in the list) a type may have. */
export const TICKET_POSITION_MAX = 1000;

/** English texts; the API names each rule by its code (validation-codes.ts), which the SPA translates. */
export const TICKET_TYPE_FORM_MESSAGES = {
  /** The contact form's text, so both share the code name_required. */
  nameRequired: CONTACT_MESSAGES.nameRequired,
  nameTooLong: `A ticket type's name must be at most ${TICKET_LIMITS.nameMax} characters`,
  priceInvalid: `A ticket's price is a whole number of cents from 0 to ${TICKET_PRICE_MAX_CENTS}`,
  quantityInvalid: `The quantity is a whole number from 0 to ${TICKET_LIMITS.maxQuantity}`,
  perOrderLimitInvalid: `The limit per order is a whole number from 1 to ${TICKET_LIMITS.maxPerOrderLimit}`,
  positionInvalid: `The position is a whole number from 0 to ${TICKET_POSITION_MAX}`,
} as const;
const M = TICKET_TYPE_FORM_MESSAGES;

/** Refusals of the ticket-type routes (route-codes.ts, under "tickets: types and the event form"). */
export const TICKET_TYPE_MESSAGES = {
  eventNotSellable: "Only a custom event priced in USD or BRL can sell tickets here",
  typesFull: `An event can have at most ${TICKET_LIMITS.maxTypesPerEvent} ticket types`,
  quantityBelowSold: "The quantity cannot go below the tickets already sold or held in checkouts",
  typeHasSales: "This ticket type has tickets sold or in checkouts: set its quantity to what is sold instead",
  eventHasTickets: "This event has sold tickets: cancel it instead of deleting it",
  eventHasTicketTypes: "This event sells tickets here: remove its ticket types before changing its source or currency",
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .refine(Number.isInteger, message)
    .refine((n) => n >= min && n <= max, message);

const name = () =>
  userText({ max: TICKET_LIMITS.nameMax, maxMessage: M.nameTooLong })
    .nullish()
    .transform((s) => (s ? s : null));

const fields = {
  name: name(),
  /** Portuguese (decision 031): optional, the English name shows where it is blank. */
  namePtBr: name(),
  priceCents: wholeNumber(0, TICKET_PRICE_MAX_CENTS, M.priceInvalid),
  quantity: wholeNumber(0, TICKET_LIMITS.maxQuantity, M.quantityInvalid),
  perOrderLimit: wholeNumber(1, TICKET_LIMITS.maxPerOrderLimit, M.perOrderLimitInvalid).default(10),
  vipOnly: z.boolean().default(false),
  position: wholeNumber(0, TICKET_POSITION_MAX, M.positionInvalid).default(0),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

export const ticketTypeInputSchema = z
  .strictObject(fields)
  .superRefine((v: Fields, ctx) => requireFields(v, ctx, [["name", M.nameRequired]]), ALWAYS)
  .transform((v) => ({ ...v, name: v.name! }));

export type TicketTypeInput = z.input<typeof ticketTypeInputSchema>;
export type TicketTypeValues = z.output<typeof ticketTypeInputSchema>;

/** A ticket type as the back office sees it: the form's fields and how its seats stand. */
export type AdminTicketType = {
  id: string;
  eventId: string;
  name: string;
  namePtBr: string | null;
  priceCents: number;
  quantity: number;
  /** What may still be sold (quantity less what is sold and held). */
  remaining: number;
  /** Valid tickets issued (refunded and cancelled ones gave their seats back). */
  sold: number;
  /** Seats held by checkouts still open. */
  held: number;
  perOrderLimit: number;
  vipOnly: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
};

export type AdminTicketTypesResponse = { ticketTypes: AdminTicketType[] };
export type AdminTicketTypeResponse = { ticketType: AdminTicketType };
export type TicketTypeDeletedResponse = { deleted: string };

/** The routes of an event's ticket types. */
export const ticketTypesApi = (eventId: string, typeId?: string) =>
  `${ADMIN_EVENTS_API}/${encodeURIComponent(eventId)}/ticket-types${typeId ? `/${encodeURIComponent(typeId)}` : ""}`;
