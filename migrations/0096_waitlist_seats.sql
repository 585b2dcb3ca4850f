-- Seats only the waitlist may buy (decision 190): extra seats the admin releases to a type's line,
-- and the seats of a refunded order whose type had fans waiting. A seat holds its place in the
-- venue (counted in `events.tickets_taken`) from the moment it is listed; it becomes a ticket only
-- when a waitlister's payment claims it, issued on the buyer's order (`ticket_id`). `unit_cents` is
-- the type's price when the seat was listed. One seat per refunded ticket (`source_ticket_id`).
CREATE TABLE `waitlist_seats` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE CASCADE,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
	`source` text NOT NULL CHECK (`source` IN ('released', 'refunded')),
	`release_id` text,
	`source_ticket_id` text REFERENCES `event_tickets`(`id`) ON DELETE SET NULL,
	`status` text NOT NULL CHECK (`status` IN ('listed', 'offered', 'sold', 'withdrawn')),
	`unit_cents` integer NOT NULL CHECK (`unit_cents` >= 0),
	`tax_cents` integer NOT NULL DEFAULT 0,
	`currency` text NOT NULL,
	`offer_id` text,
	`buyer_order_id` text,
	`ticket_id` text,
	`listed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sold_at` integer
);
CREATE INDEX `waitlist_seats_type_idx` ON `waitlist_seats` (`ticket_type_id`, `status`, `listed_at`);
CREATE INDEX `waitlist_seats_offer_idx` ON `waitlist_seats` (`offer_id`);
CREATE INDEX `waitlist_seats_release_idx` ON `waitlist_seats` (`release_id`);
CREATE UNIQUE INDEX `waitlist_seats_one_per_ticket` ON `waitlist_seats` (`source_ticket_id`);

-- Which seats an offer carried (beside its returns in waitlist_offer_items): a place is not offered
-- a seat it let lapse or declined again.
CREATE TABLE `waitlist_offer_seats` (
	`offer_id` text NOT NULL REFERENCES `waitlist_offers`(`id`) ON DELETE CASCADE,
	`seat_id` text NOT NULL REFERENCES `waitlist_seats`(`id`) ON DELETE CASCADE,
	PRIMARY KEY (`offer_id`, `seat_id`)
);
CREATE INDEX `waitlist_offer_seats_seat_idx` ON `waitlist_offer_seats` (`seat_id`);
