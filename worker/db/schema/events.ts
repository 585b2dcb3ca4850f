// Events: the events themselves, saved venues, "Remind me", door check-ins and ticket orders.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contracts/locale.ts";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Events: concerts, meet-and-greets, virtual meets (queries in worker/db/events.ts). Dates are
// instants; time_zone is the venue's IANA zone. Prices are integer cents in `currency`, shown as
// decimals. join_url is server-side only (VIP and admins get it in the join window). image_key is
// an R2 key (served under /media/) or a remote https URL, like album covers.
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    eventDate: integer("event_date", { mode: "timestamp_ms" }).notNull(),
    endDate: integer("end_date", { mode: "timestamp_ms" }),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    status: text("status", { enum: ["draft", "published", "cancelled"] })
      .notNull()
      .default("draft"),
    source: text("source", { enum: ["custom", "eventbrite"] })
      .notNull()
      .default("custom"),
    eventbriteId: text("eventbrite_id"),
    externalTicketUrl: text("external_ticket_url"),
    venueName: text("venue_name"),
    venueAddress: text("venue_address"),
    venueCity: text("venue_city"),
    venueState: text("venue_state"),
    venueCountry: text("venue_country"),
    venuePostalCode: text("venue_postal_code"),
    venueCapacity: integer("venue_capacity"),
    ticketPriceMinCents: integer("ticket_price_min_cents"),
    ticketPriceMaxCents: integer("ticket_price_max_cents"),
    currency: text("currency").notNull().default("USD"),
    ticketSaleStart: integer("ticket_sale_start", { mode: "timestamp_ms" }),
    ticketSaleEnd: integer("ticket_sale_end", { mode: "timestamp_ms" }),
    isOnline: integer("is_online", { mode: "boolean" }).notNull().default(false),
    joinUrl: text("join_url"),
    imageKey: text("image_key"),
    /** The saved venue the venue fields were filled from (they stay the event's own copy). */
    venueId: text("venue_id").references(() => venues.id),
    // VIP presale (migrations/0023_presales.sql, decision 029): null times and mode 'none' without one.
    presaleStartsAt: integer("presale_starts_at", { mode: "timestamp_ms" }),
    presaleEndsAt: integer("presale_ends_at", { mode: "timestamp_ms" }),
    generalSaleAt: integer("general_sale_at", { mode: "timestamp_ms" }),
    presaleCodeMode: text("presale_code_mode", { enum: ["none", "shared", "unique"] })
      .notNull()
      .default("none"),
    /** The one code of a 'shared' presale: never in a public answer. */
    presaleSharedCode: text("presale_shared_code"),
    /** The presale code for this tier and above (migrations/0074, decision 104); null: VIP and above. */
    presaleMinTierId: text("presale_min_tier_id"),
    /** Its VIP access for this tier and above (migrations/0078, decision 108): the join link, the pass at the door; null: VIP and above. */
    vipMinTierId: text("vip_min_tier_id"),
    // In the visitor's language (migrations/0027_events_anywhere.sql, decision 031): the Portuguese
    // texts, null where the English ones show; and sold out, set by hand on a future event.
    titlePtBr: text("title_pt_br"),
    descriptionPtBr: text("description_pt_br"),
    soldOut: integer("sold_out", { mode: "boolean" }).notNull().default(false),
    /** Tickets held or sold here, all types together, against venueCapacity (0045, decision 055). */
    ticketsTaken: integer("tickets_taken").notNull().default(0),
    /** Minutes before the start that "Remind me" mails go out (0038). */
    reminderOffsets: text("reminder_offsets", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[1440,60]'`),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("events_status_date_idx").on(t.status, t.eventDate),
    uniqueIndex("events_eventbrite_id_idx")
      .on(t.eventbriteId)
      .where(sql`${t.eventbriteId} IS NOT NULL`),
    index("events_venue_idx")
      .on(t.venueId)
      .where(sql`${t.venueId} IS NOT NULL`),
  ],
);

// "Remind me" on an event: a member's or a confirmed visitor's (decision 045).
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** The viewer's IANA zone when they asked: the mail shows the event's time and theirs. */
    timeZone: text("time_zone"),
    status: text("status", { enum: ["pending", "active", "done"] })
      .notNull()
      .default("active"),
    tokenHash: text("token_hash"),
    /** Minutes-before offsets already sent for notifiedStart. */
    sentOffsets: text("sent_offsets", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The start time the person was last told of; a moved event sends a notice and resets sentOffsets. */
    notifiedStart: integer("notified_start", { mode: "timestamp_ms" }).notNull(),
    cancelNoticeAt: integer("cancel_notice_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("event_reminders_event_email_idx").on(t.eventId, sql`lower(${t.email})`),
    uniqueIndex("event_reminders_token_idx")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} IS NOT NULL`),
    index("event_reminders_status_idx").on(t.status, t.eventId),
  ],
);

// A member let in at an event, once per event; staff_id is who scanned (null once their account
// is deleted), method how: the QR code or the typed code.
export const checkIns = sqliteTable(
  "check_ins",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    method: text("method", { enum: ["qr", "code"] }).notNull(),
    checkedInAt: integer("checked_in_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("check_ins_event_user_unique").on(t.eventId, t.userId), index("check_ins_event_time_idx").on(t.eventId, t.checkedInAt)],
);

// Ticket orders (queries in worker/db/tickets/tickets.ts): seeded locally, imported from a ticket
// provider's CSV export. One row per order id. Prices are integer cents in `currency`; created_at
// is when the order was placed. event_title keeps the title the order was stored with, so an
// order outlives its event (event_id then becomes null).
export const tickets = sqliteTable(
  "tickets",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    eventTitle: text("event_title").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name"),
    status: text("status", { enum: ["confirmed", "pending", "cancelled"] })
      .notNull()
      .default("confirmed"),
    pricePaidCents: integer("price_paid_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("tickets_order_id_unique").on(t.orderId), index("tickets_created_idx").on(t.createdAt), index("tickets_event_idx").on(t.eventId)],
);

// Saved venues (queries in worker/db/admin-venues.ts). The event form picks one to fill an event's
// venue fields, which stay the event's own copy; events.venue_id remembers the pick, so a venue
// still used by an event cannot be deleted. country is one of VENUE_COUNTRIES (every ISO 3166-1
// alpha-3 code, decision 037; migration 0030 dropped the USA/CAN/MEX check).
export const venues = sqliteTable(
  "venues",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("USA"),
    postalCode: text("postal_code"),
    capacity: integer("capacity"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("venues_name_idx").on(t.name)],
);
