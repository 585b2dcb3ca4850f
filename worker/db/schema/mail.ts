// Mail: the local outbox, the provider's delivery reports, and the newsletter's mailing list,
// consents, campaigns and their recipients.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contracts/locale.ts";
import {
  CAMPAIGN_STATUSES,
  CONSENT_SOURCES,
  CONTACT_STATUSES,
  NEWSLETTER_TOPICS,
  RECIPIENT_STATUSES,
  type CampaignAudience,
  type CampaignBlock,
  type NewsletterTopic,
  type OutboxAttachment,
} from "#contracts/newsletter-model.ts";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Local mail transport writes here; the dev mailbox page reads it.
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    /** Extra headers a live provider would get (List-Unsubscribe), JSON object (0038). */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** Attachments as [{ filename, contentType, content (base64) }] (0038). */
    attachments: text("attachments", { mode: "json" }).$type<OutboxAttachment[]>(),
    /** A retried batch reuses its key; the outbox keeps the first copy (0038). */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_idempotency_idx")
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

// The mailing list. One row per address whatever its case; consent_at is when the person opted
// in (null for an import made without recorded consent). source says where the row came from.
export const marketingContacts = sqliteTable(
  "marketing_contacts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** Mailable only when 'subscribed' (migrations/0038_newsletters.sql, decision 045). */
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("subscribed"),
    consentAt: integer("consent_at", { mode: "timestamp_ms" }),
    /** Where the contact first came from; every consent since is a row in marketingConsents. */
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    country: text("country"),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    topics: text("topics", { mode: "json" })
      .$type<NewsletterTopic[]>()
      .notNull()
      .default(sql`'["news","events"]'`),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    lastMailedAt: integer("last_mailed_at", { mode: "timestamp_ms" }),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("marketing_contacts_email_unique").on(sql`lower(${t.email})`),
    index("marketing_contacts_created_idx").on(t.createdAt),
    index("marketing_contacts_status_idx").on(t.status, t.id),
    index("marketing_contacts_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

// Every consent given or asked for (decision 045): the source, the words shown and their language,
// the importer's declared basis, and the double opt-in's token hash until it is confirmed.
export const marketingConsents = sqliteTable(
  "marketing_consents",
  {
    id: text("id").primaryKey(),
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    consentText: text("consent_text").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    basis: text("basis"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("marketing_consents_contact_idx").on(t.contactId, t.createdAt),
    uniqueIndex("marketing_consents_token_idx")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} IS NOT NULL`),
    index("marketing_consents_pending_idx")
      .on(t.expiresAt)
      .where(sql`${t.confirmedAt} IS NULL`),
  ],
);

// A newsletter campaign: texts in each language, the editor's blocks (rendered and escaped by the
// Worker), the audience, and its sending state (decision 045).
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    topic: text("topic", { enum: NEWSLETTER_TOPICS }).notNull().default("news"),
    subjectEn: text("subject_en").notNull(),
    subjectPtBr: text("subject_pt_br"),
    bodyEn: text("body_en", { mode: "json" })
      .$type<CampaignBlock[]>()
      .notNull()
      .default(sql`'[]'`),
    bodyPtBr: text("body_pt_br", { mode: "json" }).$type<CampaignBlock[]>(),
    audience: text("audience", { mode: "json" })
      .$type<CampaignAudience>()
      .notNull()
      .default(sql`'{"kind":"all"}'`),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    timeZone: text("time_zone"),
    recipientsTotal: integer("recipients_total").notNull().default(0),
    cursor: text("cursor"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("campaigns_status_scheduled_idx").on(t.status, t.scheduledAt), index("campaigns_created_idx").on(t.createdAt)],
);

// One row per contact a campaign reaches, written before its mail is sent: the idempotency key of
// the send (a retried batch sends only rows still 'queued').
export const campaignRecipients = sqliteTable(
  "campaign_recipients",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => marketingContacts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    locale: text("locale", { enum: LOCALES }).notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.contactId] }), index("campaign_recipients_status_idx").on(t.campaignId, t.status)],
);

/** Mail provider reports already applied, by the provider's message id and address (decision 051). */
export const mailWebhookDeliveries = sqliteTable(
  "mail_webhook_deliveries",
  {
    id: text("id").primaryKey(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("mail_webhook_deliveries_received").on(t.receivedAt)],
);
