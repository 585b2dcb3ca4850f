-- Newsletters: consent records and double opt-in, campaigns sent through a queue exactly once per
-- recipient, one-click unsubscribe and provider suppression, event reminders
-- (docs/decisions/045-newsletters.md). Written by hand to match worker/db/schema.ts.

-- A contact's state replaces the subscribed flag. pending: asked from the site, waiting for the
-- confirmation click (expires after 7 days); subscribed: mailable; unsubscribed: the person said
-- no (only the person can undo it); bounced / complained: the provider told us, never mailed again.
ALTER TABLE `marketing_contacts` ADD `status` text NOT NULL DEFAULT 'subscribed'
  CHECK (`status` IN ('pending', 'subscribed', 'unsubscribed', 'bounced', 'complained'));
UPDATE `marketing_contacts` SET `status` = CASE WHEN `subscribed` = 1 THEN 'subscribed' ELSE 'unsubscribed' END;
ALTER TABLE `marketing_contacts` DROP COLUMN `subscribed`;
-- The language campaigns reach the contact in, the country (ISO 3166-1 alpha-2, from the import or
-- the request that subscribed), tags from imports (JSON array of text), the member it belongs to,
-- the topics it wants (JSON array), and when a campaign last reached it.
ALTER TABLE `marketing_contacts` ADD `locale` text NOT NULL DEFAULT 'en' CHECK (`locale` IN ('en', 'pt-BR'));
ALTER TABLE `marketing_contacts` ADD `country` text;
ALTER TABLE `marketing_contacts` ADD `tags` text NOT NULL DEFAULT '[]';
ALTER TABLE `marketing_contacts` ADD `topics` text NOT NULL DEFAULT '["news","events"]';
ALTER TABLE `marketing_contacts` ADD `user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL;
ALTER TABLE `marketing_contacts` ADD `last_mailed_at` integer;
ALTER TABLE `marketing_contacts` ADD `status_changed_at` integer;
CREATE INDEX `marketing_contacts_status_idx` ON `marketing_contacts` (`status`, `id`);
CREATE INDEX `marketing_contacts_user_idx` ON `marketing_contacts` (`user_id`) WHERE `user_id` IS NOT NULL;

-- Every consent given or asked for: where (contact_form, sign_up, settings, event_reminder,
-- preferences, import), the words shown and their language, and the confirmation. A site
-- subscription keeps the hash of its confirmation token until it is confirmed or expires; an
-- import keeps the importer and the basis they declared.
CREATE TABLE `marketing_consents` (
  `id` text PRIMARY KEY NOT NULL,
  `contact_id` text NOT NULL REFERENCES `marketing_contacts`(`id`) ON DELETE CASCADE,
  `source` text NOT NULL,
  `consent_text` text NOT NULL,
  `locale` text NOT NULL DEFAULT 'en',
  `basis` text,
  `actor_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `token_hash` text,
  `created_at` integer NOT NULL,
  `expires_at` integer,
  `confirmed_at` integer
);
CREATE INDEX `marketing_consents_contact_idx` ON `marketing_consents` (`contact_id`, `created_at`);
CREATE UNIQUE INDEX `marketing_consents_token_idx` ON `marketing_consents` (`token_hash`) WHERE `token_hash` IS NOT NULL;
CREATE INDEX `marketing_consents_pending_idx` ON `marketing_consents` (`expires_at`) WHERE `confirmed_at` IS NULL;

-- A campaign: its texts in English and (optionally) Portuguese, its body as the editor's blocks
-- (JSON, rendered and escaped by the Worker), its audience (JSON), its state and sending progress.
CREATE TABLE `campaigns` (
  `id` text PRIMARY KEY NOT NULL,
  `name` text NOT NULL,
  `topic` text NOT NULL DEFAULT 'news',
  `subject_en` text NOT NULL,
  `subject_pt_br` text,
  `body_en` text NOT NULL DEFAULT '[]',
  `body_pt_br` text,
  `audience` text NOT NULL DEFAULT '{"kind":"all"}',
  `status` text NOT NULL DEFAULT 'draft' CHECK (`status` IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
  `scheduled_at` integer,
  `time_zone` text,
  `recipients_total` integer NOT NULL DEFAULT 0,
  `cursor` text,
  `created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL,
  `started_at` integer,
  `finished_at` integer
);
CREATE INDEX `campaigns_status_scheduled_idx` ON `campaigns` (`status`, `scheduled_at`);
CREATE INDEX `campaigns_created_idx` ON `campaigns` (`created_at`);

-- One row per contact a campaign reaches, written before the mail is sent: the row is the
-- idempotency key, so a retried batch sends only rows still 'queued'. The provider's later
-- delivered / bounced / complained reports, and an unsubscribe from this campaign's link, update it.
CREATE TABLE `campaign_recipients` (
  `campaign_id` text NOT NULL REFERENCES `campaigns`(`id`) ON DELETE CASCADE,
  `contact_id` text NOT NULL REFERENCES `marketing_contacts`(`id`) ON DELETE CASCADE,
  `email` text NOT NULL,
  `locale` text NOT NULL,
  `status` text NOT NULL DEFAULT 'queued'
    CHECK (`status` IN ('queued', 'sent', 'failed', 'delivered', 'bounced', 'complained', 'unsubscribed')),
  `sent_at` integer,
  `error` text,
  PRIMARY KEY (`campaign_id`, `contact_id`)
) WITHOUT ROWID;
CREATE INDEX `campaign_recipients_status_idx` ON `campaign_recipients` (`campaign_id`, `status`);

-- The local outbox keeps what a live provider would receive: extra headers (List-Unsubscribe),
-- attachments (an .ics), and the idempotency key a retried batch reuses (written once).
ALTER TABLE `mail_outbox` ADD `headers` text;
ALTER TABLE `mail_outbox` ADD `attachments` text;
ALTER TABLE `mail_outbox` ADD `idempotency_key` text;
CREATE UNIQUE INDEX `mail_outbox_idempotency_idx` ON `mail_outbox` (`idempotency_key`) WHERE `idempotency_key` IS NOT NULL;

-- "Remind me" on an event: a member's (user_id) or a visitor's (email, confirmed by a link). The
-- reminder goes `offsets` minutes before the start (the event's reminder_offsets); sent_offsets
-- lists the ones already sent. notified_start is the start the person was last told of: when the
-- event moves, a notice goes out and the offsets start again.
ALTER TABLE `events` ADD `reminder_offsets` text NOT NULL DEFAULT '[1440,60]';
CREATE TABLE `event_reminders` (
  `id` text PRIMARY KEY NOT NULL,
  `event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
  `user_id` text REFERENCES `users`(`id`) ON DELETE CASCADE,
  `email` text NOT NULL,
  `locale` text NOT NULL DEFAULT 'en',
  `time_zone` text,
  `status` text NOT NULL DEFAULT 'active' CHECK (`status` IN ('pending', 'active', 'done')),
  `token_hash` text,
  `sent_offsets` text NOT NULL DEFAULT '[]',
  `notified_start` integer NOT NULL,
  `cancel_notice_at` integer,
  `created_at` integer NOT NULL,
  `confirmed_at` integer
);
CREATE UNIQUE INDEX `event_reminders_event_email_idx` ON `event_reminders` (`event_id`, lower(`email`));
CREATE UNIQUE INDEX `event_reminders_token_idx` ON `event_reminders` (`token_hash`) WHERE `token_hash` IS NOT NULL;
CREATE INDEX `event_reminders_status_idx` ON `event_reminders` (`status`, `event_id`);
