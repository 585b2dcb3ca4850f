// The contact form's messages and the back office's replies.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contracts/locale.ts";
import { createdAt } from "./columns";
import { users } from "./accounts";

// The contact form (queries in worker/db/contact.ts). A message is read, labelled and answered
// from the back office; labels is a JSON array of text.
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["unread", "read", "replied"] })
      .notNull()
      .default("unread"),
    priority: text("priority", { enum: ["high", "normal", "low"] })
      .notNull()
      .default("normal"),
    labels: text("labels", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The language the sender wrote the form in: the admin's reply mail is in it (0032). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("contact_messages_status_created_idx").on(t.status, t.createdAt), index("contact_messages_created_idx").on(t.createdAt)],
);

// An admin's answer to a contact message. sent_at stays null until the mail is accepted ('Not
// sent'); the reply outlives the admin's account (admin_user_id is then null).
export const contactReplies = sqliteTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminUserId: text("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);
