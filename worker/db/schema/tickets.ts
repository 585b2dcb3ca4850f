// Tickets sold here (decision 055, migrations/0045_tickets.sql): an event's ticket types, the seats
// a store checkout holds, one row per issued ticket, and an event cancellation's refund job.
// Money is integer cents in the ticket's currency ('usd' or 'brl', the event's). Imported orders
// from outside sellers stay in `tickets` (schema/events.ts).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { events } from "./events";
import { orders, storeCheckouts } from "./store";
import { CURRENCIES, STOCK_HOLD_STATES } from "#contracts/store/model.ts";
import { EVENT_TICKET_STATUSES } from "#contracts/tickets/event-tickets-model.ts";
import { TICKET_KINDS } from "#contracts/live-limits.ts";

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** What a custom event sells: `remaining` only moves by conditional +/- statements, never below 0. */
export const ticketTypes = sqliteTable(
  "ticket_types",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    namePtBr: text("name_pt_br"),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    remaining: integer("remaining").notNull(),
    perOrderLimit: integer("per_order_limit").notNull().default(10),
    /** Only VIP members (and admins) may buy this type, whenever it is on sale. */
    vipOnly: integer("vip_only", { mode: "boolean" }).notNull().default(false),
    /** Only members of this tier and above (and admins) may buy it (decision 099); null: no tier asked. */
    minTierId: text("min_tier_id"),
    position: integer("position").notNull().default(0),
    /** A seat at the venue, or watching the event's live show online: no seat, no door (0081, decision 113). */
    kind: text("kind", { enum: TICKET_KINDS }).notNull().default("venue"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("ticket_types_event_idx").on(t.eventId, t.position)],
);

/** A store checkout's ticket line and the seats it holds (held → committed by payment, released by expiry). */
export const ticketHolds = sqliteTable(
  "ticket_holds",
  {
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => storeCheckouts.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    state: text("state", { enum: STOCK_HOLD_STATES }).notNull().default("held"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.ticketTypeId] }), index("ticket_holds_type_state_idx").on(t.ticketTypeId, t.state)],
);

/** One issued ticket. A transfer draws a new `code` and bumps `tokenVersion`: the old QR and code stop. */
export const eventTickets = sqliteTable(
  "event_tickets",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    tokenVersion: integer("token_version").notNull().default(1),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    /** The type's name as sold (English). */
    typeName: text("type_name").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    buyerUserId: text("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    buyerEmail: text("buyer_email").notNull(),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    ownerEmail: text("owner_email").notNull(),
    holderName: text("holder_name"),
    status: text("status", { enum: EVENT_TICKET_STATUSES }).notNull().default("valid"),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    checkedInAt: integer("checked_in_at", { mode: "timestamp_ms" }),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    transferredAt: integer("transferred_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_tickets_code_unique").on(t.code),
    index("event_tickets_event_idx").on(t.eventId, t.status),
    index("event_tickets_order_idx").on(t.orderId),
    index("event_tickets_owner_idx").on(t.ownerUserId),
    index("event_tickets_owner_email_idx").on(sql`lower(${t.ownerEmail})`),
    index("event_tickets_created_idx").on(t.createdAt),
  ],
);

/** An event's cancellation: the refund job's progress, so a redelivered or interrupted job resumes. */
export const eventCancellations = sqliteTable("event_cancellations", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
  requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
  ordersTotal: integer("orders_total").notNull().default(0),
  ordersRefunded: integer("orders_refunded").notNull().default(0),
  ordersFailed: integer("orders_failed").notNull().default(0),
  mailsSent: integer("mails_sent").notNull().default(0),
  finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
});
