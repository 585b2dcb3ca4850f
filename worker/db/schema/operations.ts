// Running the site: rate-limit counters, the back office's audit log and saved settings, the
// public content's version, and background work that failed.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AuditDetail } from "#contracts/audit-detail.ts";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Fixed-window counters: one row per (key, window start).
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// The back office's audit log: every admin write appends one row (queries in worker/db/audit.ts).
// The actor's e-mail is kept as it was, so the row still says who after the account is gone.
// summary is a short JSON object: what changed, before and after.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    summary: text("summary", { mode: "json" }).$type<AuditSummary>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

/** What an audited write changed: the fields before and after (secrets and large values left out). */
export type AuditSummary = {
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** English text; older rows have only this. */
  note?: string;
  /** What the note says, as a kind and parameters (worker/contracts/audit-detail.ts). */
  detail?: AuditDetail;
};

// The back office's saved site settings (queries in worker/db/settings.ts): one row per setting,
// its value as JSON, so a new setting needs no migration. A setting without a row reads as its
// default (DEFAULT_SETTINGS in worker/contracts/admin/settings.ts).
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** One row: the public content's version, part of every edge-cache key (decision 050). */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: text("version").notNull(),
  changedAt: integer("changed_at").notNull(),
});

/** Background work that failed every retry: messages of the dead-letter queues (decision 049). */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: text("id").primaryKey(),
    /** The queue the message failed on (its dead-letter queue's name without "-dlq"). */
    queue: text("queue").notNull(),
    /** The message body as JSON, cut to DEAD_LETTER_BODY_MAX characters. */
    body: text("body").notNull(),
    attempts: integer("attempts").notNull(),
    receivedAt: integer("received_at").notNull(),
    status: text("status", { enum: ["open", "retried", "dismissed"] })
      .notNull()
      .default("open"),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: integer("handled_at"),
  },
  (t) => [index("dead_letters_status").on(t.status, t.receivedAt)],
);

/** The local bot check's tokens already used, kept until they would have expired (decision 133). */
export const spentBotCheckTokens = sqliteTable(
  "spent_bot_check_tokens",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("spent_bot_check_tokens_expires").on(t.expiresAt)],
);
