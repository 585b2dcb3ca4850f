// "Notify me" (migrations/0054_notify_me.sql, decision 057): one row per person per upcoming
// release or event not yet on sale. A member's row waits at once; a visitor's is pending until its
// confirmation link is clicked. Queries in worker/db/notify-me.ts.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contracts/locale.ts";
import { NOTIFY_ITEM_KINDS, NOTIFY_REQUEST_STATES } from "#contracts/notify-me-model.ts";
import { users } from "./accounts";

export const notifyRequests = sqliteTable(
  "notify_requests",
  {
    id: text("id").primaryKey(),
    itemKind: text("item_kind", { enum: NOTIFY_ITEM_KINDS }).notNull(),
    /** The album's, track's or event's id: no foreign key, so a deleted item's rows are dropped by the pass. */
    itemId: text("item_id").notNull(),
    /** A member's request (told through the notification centre); null for a visitor's. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A visitor's address (told by e-mail once confirmed); null for a member's. */
    email: text("email"),
    /** The visitor's mail language (members are told in their account's). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    status: text("status", { enum: NOTIFY_REQUEST_STATES }).notNull(),
    tokenHash: text("token_hash"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("notify_requests_member_idx")
      .on(t.itemKind, t.itemId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex("notify_requests_email_idx")
      .on(t.itemKind, t.itemId, sql`lower(${t.email})`)
      .where(sql`${t.email} IS NOT NULL`),
    uniqueIndex("notify_requests_token_idx")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} IS NOT NULL`),
    index("notify_requests_status_idx").on(t.status, t.itemKind, t.itemId),
  ],
);
