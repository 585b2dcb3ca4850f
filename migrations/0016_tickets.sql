-- Ticket orders (back-office.md 2 Ticket management, 3 Ticket, 9): seeded locally and imported
-- from a ticket provider's CSV export in the back office. Written by hand to match `tickets` in
-- worker/db/schema.ts; queries in worker/db/tickets.ts. One row per order id. Prices are integer
-- cents in `currency` (ISO 4217); created_at is when the order was placed (epoch ms).
-- event_title is the event's title when the order was stored: deleting an event keeps its sales
-- (event_id becomes null) and the list still says which show they were for.
CREATE TABLE `tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text REFERENCES `events`(`id`) ON DELETE SET NULL,
	`event_title` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_name` text,
	`status` text DEFAULT 'confirmed' NOT NULL CHECK (`status` IN ('confirmed', 'pending', 'cancelled')),
	`price_paid_cents` integer NOT NULL CHECK (`price_paid_cents` >= 0),
	`currency` text DEFAULT 'USD' NOT NULL CHECK (length(`currency`) = 3),
	`created_at` integer NOT NULL
);

-- An order is stored once: an import skips order ids already here.
CREATE UNIQUE INDEX `tickets_order_id_unique` ON `tickets` (`order_id`);
-- The list and the time filters: newest first, within a period.
CREATE INDEX `tickets_created_idx` ON `tickets` (`created_at`);
-- An event's sales (and the SET NULL when an event is deleted).
CREATE INDEX `tickets_event_idx` ON `tickets` (`event_id`);
