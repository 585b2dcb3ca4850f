// The waitlist for sold-out shows (decision 185, migrations/0093_waitlist.sql): members' places,
// tickets handed back and the offers carrying them to the next place. Money in integer cents.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { events } from "./events";
import { orders } from "./store";
import { eventTickets, ticketTypes } from "./tickets";
import { OFFER_STATUSES, RETURN_STATUSES, WAITLIST_CLOSES_BEFORE_MINUTES, WAITLIST_HOLD_MINUTES } from "#contracts/waitlist/model.ts";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

export const waitlistPlaces = sqliteTable(
  "waitlist_places",
  {
    id: text("id").primaryKey(),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    joinedAt: ms("joined_at").notNull(),
    leftAt: ms("left_at"),
    leftReason: text("left_reason", { enum: ["left", "served", "closed"] }),
    /** Offers the member let pass; they keep their place. */
    lapses: integer("lapses").notNull().default(0),
    declines: integer("declines").notNull().default(0),
  },
  (t) => [
    uniqueIndex("waitlist_places_one_open")
      .on(t.ticketTypeId, t.userId)
      .where(sql`${t.leftAt} IS NULL`),
    index("waitlist_places_line_idx")
      .on(t.ticketTypeId, t.joinedAt)
      .where(sql`${t.leftAt} IS NULL`),
    index("waitlist_places_user_idx").on(t.userId),
  ],
);

export const waitlistEventRules = sqliteTable("waitlist_event_rules", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  returnsOpen: integer("returns_open", { mode: "boolean" }).notNull().default(false),
  /** How long an offer waits for its fan's payment (migration 0095, decision 189). */
  holdMinutes: integer("hold_minutes").notNull().default(WAITLIST_HOLD_MINUTES.default),
  /** How long before the show the list and its returns close. */
  closesBeforeMinutes: integer("closes_before_minutes").notNull().default(WAITLIST_CLOSES_BEFORE_MINUTES.default),
  updatedAt: ms("updated_at").notNull(),
});

export const ticketReturns = sqliteTable(
  "ticket_returns",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => eventTickets.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    sellerUserId: text("seller_user_id").references(() => users.id, { onDelete: "set null" }),
    sellerOrderId: text("seller_order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status", { enum: RETURN_STATUSES }).notNull(),
    unitCents: integer("unit_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    currency: text("currency").notNull(),
    offerId: text("offer_id"),
    buyerOrderId: text("buyer_order_id"),
    listedAt: ms("listed_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    soldAt: ms("sold_at"),
    // The seller's refund after a sale (migrations/0097_waitlist_refund_state.sql, decision 191).
    refundStatus: text("refund_status", { enum: ["pending", "done", "failed"] }),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    refundTriedAt: ms("refund_tried_at"),
    refundError: text("refund_error"),
    refundGivenUpAt: ms("refund_given_up_at"),
  },
  (t) => [
    uniqueIndex("ticket_returns_one_live")
      .on(t.ticketId)
      .where(sql`${t.status} IN ('listed', 'offered')`),
    index("ticket_returns_type_idx").on(t.ticketTypeId, t.status, t.listedAt),
    index("ticket_returns_seller_idx").on(t.sellerUserId),
    index("ticket_returns_offer_idx").on(t.offerId),
    index("ticket_returns_refund_idx")
      .on(t.refundStatus)
      .where(sql`${t.refundStatus} IN ('pending', 'failed')`),
  ],
);

export const waitlistOffers = sqliteTable(
  "waitlist_offers",
  {
    id: text("id").primaryKey(),
    placeId: text("place_id")
      .notNull()
      .references(() => waitlistPlaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    currency: text("currency").notNull(),
    holdUntil: ms("hold_until").notNull(),
    status: text("status", { enum: OFFER_STATUSES }).notNull(),
    checkoutId: text("checkout_id"),
    latePaymentIntent: text("late_payment_intent"),
    latePaidCents: integer("late_paid_cents"),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("waitlist_offers_one_live")
      .on(t.placeId)
      .where(sql`${t.status} = 'offered'`),
    index("waitlist_offers_hold_idx").on(t.status, t.holdUntil),
    index("waitlist_offers_user_idx").on(t.userId),
    uniqueIndex("waitlist_offers_checkout_unique").on(t.checkoutId),
  ],
);

export const waitlistOfferItems = sqliteTable(
  "waitlist_offer_items",
  {
    offerId: text("offer_id")
      .notNull()
      .references(() => waitlistOffers.id, { onDelete: "cascade" }),
    returnId: text("return_id")
      .notNull()
      .references(() => ticketReturns.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.returnId] }), index("waitlist_offer_items_return_idx").on(t.returnId)],
);

/** Seats only the waitlist may buy (decision 190, migrations/0096_waitlist_seats.sql). */
export const waitlistSeats = sqliteTable(
  "waitlist_seats",
  {
    id: text("id").primaryKey(),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Released by the admin, or freed by a refunded order while fans waited. */
    source: text("source", { enum: ["released", "refunded"] }).notNull(),
    releaseId: text("release_id"),
    sourceTicketId: text("source_ticket_id").references(() => eventTickets.id, { onDelete: "set null" }),
    status: text("status", { enum: RETURN_STATUSES }).notNull(),
    unitCents: integer("unit_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    currency: text("currency").notNull(),
    offerId: text("offer_id"),
    buyerOrderId: text("buyer_order_id"),
    /** The ticket a claim issued for this seat. */
    ticketId: text("ticket_id"),
    listedAt: ms("listed_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    soldAt: ms("sold_at"),
  },
  (t) => [
    index("waitlist_seats_type_idx").on(t.ticketTypeId, t.status, t.listedAt),
    index("waitlist_seats_offer_idx").on(t.offerId),
    index("waitlist_seats_release_idx").on(t.releaseId),
    uniqueIndex("waitlist_seats_one_per_ticket").on(t.sourceTicketId),
  ],
);

export const waitlistOfferSeats = sqliteTable(
  "waitlist_offer_seats",
  {
    offerId: text("offer_id")
      .notNull()
      .references(() => waitlistOffers.id, { onDelete: "cascade" }),
    seatId: text("seat_id")
      .notNull()
      .references(() => waitlistSeats.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.seatId] }), index("waitlist_offer_seats_seat_idx").on(t.seatId)],
);
