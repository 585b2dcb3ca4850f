-- The contact form: the messages people send (read, labelled and answered from the back office),
-- the admins' replies, and the mailing list the form's "subscribe" box adds to.
-- Written by hand to match `contactMessages`, `contactReplies` and `marketingContacts` in
-- worker/db/schema.ts.
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL CHECK (`status` IN ('unread', 'read', 'replied')),
	`priority` text DEFAULT 'normal' NOT NULL CHECK (`priority` IN ('high', 'normal', 'low')),
	`labels` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);

-- The Messages page filters by status, newest first; 'All Status' reads by date alone.
CREATE INDEX `contact_messages_status_created_idx` ON `contact_messages` (`status`, `created_at`);
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);

-- sent_at is null until the reply's mail was accepted ('Not sent'). A reply outlives the admin
-- account that wrote it.
CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`admin_user_id` text,
	`content` text NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`, `created_at`);

-- One row per address whatever its case (the form never overwrites an existing row: INSERT ... ON
-- CONFLICT DO NOTHING). consent_at (epoch ms) is when the person opted in; null for contacts
-- imported without recorded consent. source: 'contact_form', 'import', ... (no CHECK, so a new
-- source needs no migration).
CREATE TABLE `marketing_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`subscribed` integer DEFAULT 1 NOT NULL,
	`consent_at` integer,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);

CREATE UNIQUE INDEX `marketing_contacts_email_unique` ON `marketing_contacts` (lower(`email`));
CREATE INDEX `marketing_contacts_created_idx` ON `marketing_contacts` (`created_at`);
