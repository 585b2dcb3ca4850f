-- Tickets sold here (decision 055): an event's ticket types, the seats a store checkout holds, one
-- row per ticket a verified payment issued, and the cancellation job's progress. Written by hand to
-- match worker/db/schema/tickets.ts. Imported orders stay in `tickets` (one row per outside order).

-- What a custom event sells. `remaining` is what may still be sold: a checkout takes from it with
-- `UPDATE ... SET remaining = remaining - ?1 WHERE remaining >= ?1`, an expiry or refund gives back.
CREATE TABLE `ticket_types` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`name_pt_br` text,
	`price_cents` integer NOT NULL CHECK (`price_cents` >= 0),
	`quantity` integer NOT NULL CHECK (`quantity` >= 0),
	`remaining` integer NOT NULL,
	`per_order_limit` integer DEFAULT 10 NOT NULL CHECK (`per_order_limit` >= 1),
	`vip_only` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT `ticket_types_remaining_check` CHECK (`remaining` >= 0 AND `remaining` <= `quantity`)
);
CREATE INDEX `ticket_types_event_idx` ON `ticket_types` (`event_id`, `position`);

-- Seats held or sold against the venue's capacity (all types together), taken in the same
-- conditional way: `tickets_taken + ?1 <= venue_capacity` (no capacity: no cap but the types').
ALTER TABLE `events` ADD `tickets_taken` integer DEFAULT 0 NOT NULL CHECK (`tickets_taken` >= 0);

-- A store checkout's ticket lines, each holding its seats: held while the checkout is open,
-- committed by its payment, released (seats given back) by its expiry or failure.
CREATE TABLE `ticket_holds` (
	`checkout_id` text NOT NULL REFERENCES `store_checkouts`(`id`) ON DELETE cascade,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE restrict,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE restrict,
	`quantity` integer NOT NULL CHECK (`quantity` >= 1),
	`unit_cents` integer NOT NULL CHECK (`unit_cents` >= 0),
	`total_cents` integer NOT NULL CHECK (`total_cents` >= 0),
	`state` text DEFAULT 'held' NOT NULL CHECK (`state` IN ('held', 'committed', 'released')),
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`checkout_id`, `ticket_type_id`)
);
CREATE INDEX `ticket_holds_type_state_idx` ON `ticket_holds` (`ticket_type_id`, `state`);

-- One row per ticket. `code` is what a person types at the door and `token_version` is signed into
-- the QR: a transfer draws a new code and bumps the version, so the old QR and code stop at once.
-- The owner is who holds it now (the buyer until a transfer); holder_name is the name at the door.
CREATE TABLE `event_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`token_version` integer DEFAULT 1 NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE restrict,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE restrict,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE restrict,
	`type_name` text NOT NULL,
	`price_cents` integer NOT NULL CHECK (`price_cents` >= 0),
	`currency` text NOT NULL CHECK (`currency` IN ('usd', 'brl')),
	`buyer_user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`buyer_email` text NOT NULL,
	`owner_user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`owner_email` text NOT NULL,
	`holder_name` text,
	`status` text DEFAULT 'valid' NOT NULL CHECK (`status` IN ('valid', 'refunded', 'cancelled')),
	`voided_at` integer,
	`checked_in_at` integer,
	`checked_in_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`transferred_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE UNIQUE INDEX `event_tickets_code_unique` ON `event_tickets` (`code`);
CREATE INDEX `event_tickets_event_idx` ON `event_tickets` (`event_id`, `status`);
CREATE INDEX `event_tickets_order_idx` ON `event_tickets` (`order_id`);
CREATE INDEX `event_tickets_owner_idx` ON `event_tickets` (`owner_user_id`);
CREATE INDEX `event_tickets_owner_email_idx` ON `event_tickets` (lower(`owner_email`));
CREATE INDEX `event_tickets_created_idx` ON `event_tickets` (`created_at`);

-- Cancelling an event that sold tickets: one row, the queue job's progress (orders refunded so far),
-- so an interrupted or redelivered job carries on where it was.
CREATE TABLE `event_cancellations` (
	`event_id` text PRIMARY KEY NOT NULL REFERENCES `events`(`id`) ON DELETE cascade,
	`requested_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`requested_at` integer NOT NULL,
	`orders_total` integer DEFAULT 0 NOT NULL,
	`orders_refunded` integer DEFAULT 0 NOT NULL,
	`orders_failed` integer DEFAULT 0 NOT NULL,
	`mails_sent` integer DEFAULT 0 NOT NULL,
	`finished_at` integer
);
