// The back office's ticket types of an event (decision 055): what a custom event in USD or BRL
// sells here. One zod schema for create (POST) and edit (PUT: every field again), run by the Worker
// and by the event form's Tickets section before sending. Money is integer cents in the event's
// currency; the limits are TICKET_LIMITS (event-tickets-model.ts).
import { z } from "../zod";
import { userText } from "../text";
import { ALWAYS, requireFields } from "../admin/event-fields";
import { ADMIN_EVENTS_API } from "../admin/event-limits";
import { TICKET_LIMITS } from "./event-tickets-model";
import { TIER_ID_PATTERN } from "../tiers/gate";
import { FREE_TIER_ID } from "../tiers/tiers";
import { TICKET_POSITION_MAX, TICKET_PRICE_MAX_CENTS, TICKET_TYPE_FORM_MESSAGES } from "./admin-limits";
import { TICKET_KINDS, type TicketKind } from "../live-limits";

const M = TICKET_TYPE_FORM_MESSAGES;

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
  /** For members of this tier and above (decision 099; never the free tier, which every account has); null: no tier asked. */
  minTierId: z
    .string()
    .regex(TIER_ID_PATTERN)
    .refine((id) => id !== FREE_TIER_ID)
    .nullish()
    .transform((s) => s ?? null),
  position: wholeNumber(0, TICKET_POSITION_MAX, M.positionInvalid).default(0),
  /** A seat at the venue, or watching the event's live show online: no seat, no door (decision 113). */
  kind: z.enum(TICKET_KINDS).default("venue"),
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
  minTierId: string | null;
  position: number;
  kind: TicketKind;
  createdAt: string;
  updatedAt: string;
};

export type AdminTicketTypesResponse = { ticketTypes: AdminTicketType[] };
export type AdminTicketTypeResponse = { ticketType: AdminTicketType };
export type TicketTypeDeletedResponse = { deleted: string };

/** The routes of an event's ticket types. */
export const ticketTypesApi = (eventId: string, typeId?: string) =>
  `${ADMIN_EVENTS_API}/${encodeURIComponent(eventId)}/ticket-types${typeId ? `/${encodeURIComponent(typeId)}` : ""}`;
