-- The waitlist for sold-out shows (decision 185): members' places on a sold-out ticket type, tickets
-- handed back at face value, and the offers that carry those tickets to the next place in line.
-- One open place per member and type is a partial unique index, so a member who left may join
-- again; one live offer per place and one live return per ticket likewise.
CREATE TABLE `waitlist_places` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE CASCADE,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`quantity` integer NOT NULL CHECK (`quantity` >= 1),
	`joined_at` integer NOT NULL,
	`left_at` integer,
	`left_reason` text CHECK (`left_reason` IN ('left', 'served', 'closed')),
	`lapses` integer NOT NULL DEFAULT 0,
	`declines` integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX `waitlist_places_one_open` ON `waitlist_places` (`ticket_type_id`, `user_id`) WHERE `left_at` IS NULL;
CREATE INDEX `waitlist_places_line_idx` ON `waitlist_places` (`ticket_type_id`, `joined_at`) WHERE `left_at` IS NULL;
CREATE INDEX `waitlist_places_user_idx` ON `waitlist_places` (`user_id`);

-- An event whose tickets may be handed back though no type of it has a waitlist (the admin's choice).
CREATE TABLE `waitlist_event_rules` (
	`event_id` text PRIMARY KEY NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
	`returns_open` integer NOT NULL DEFAULT 0,
	`updated_at` integer NOT NULL
);

-- A ticket handed back. It stays the seller's and valid until a buyer pays; `unit_cents` is what
-- the seller paid for it (tax included where the price had it added) and `tax_cents` the tax in it.
CREATE TABLE `ticket_returns` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL REFERENCES `event_tickets`(`id`) ON DELETE CASCADE,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE CASCADE,
	`seller_user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`seller_order_id` text NOT NULL REFERENCES `orders`(`id`),
	`status` text NOT NULL CHECK (`status` IN ('listed', 'offered', 'sold', 'withdrawn')),
	`unit_cents` integer NOT NULL CHECK (`unit_cents` >= 0),
	`tax_cents` integer NOT NULL DEFAULT 0,
	`currency` text NOT NULL,
	`offer_id` text,
	`buyer_order_id` text,
	`listed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sold_at` integer
);
CREATE UNIQUE INDEX `ticket_returns_one_live` ON `ticket_returns` (`ticket_id`) WHERE `status` IN ('listed', 'offered');
CREATE INDEX `ticket_returns_type_idx` ON `ticket_returns` (`ticket_type_id`, `status`, `listed_at`);
CREATE INDEX `ticket_returns_seller_idx` ON `ticket_returns` (`seller_user_id`);
CREATE INDEX `ticket_returns_offer_idx` ON `ticket_returns` (`offer_id`);

-- An offer to a place: the returns it carries (waitlist_offer_items), held until `hold_until`.
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`place_id` text NOT NULL REFERENCES `waitlist_places`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
	`ticket_type_id` text NOT NULL REFERENCES `ticket_types`(`id`) ON DELETE CASCADE,
	`quantity` integer NOT NULL CHECK (`quantity` >= 1),
	`total_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL DEFAULT 0,
	`currency` text NOT NULL,
	`hold_until` integer NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('offered', 'claimed', 'lapsed', 'declined', 'withdrawn')),
	`checkout_id` text,
	-- A payment that arrived after the hold or for a ticket gone: refunded in full to the payer.
	`late_payment_intent` text,
	`late_paid_cents` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
CREATE UNIQUE INDEX `waitlist_offers_one_live` ON `waitlist_offers` (`place_id`) WHERE `status` = 'offered';
CREATE INDEX `waitlist_offers_hold_idx` ON `waitlist_offers` (`status`, `hold_until`);
CREATE INDEX `waitlist_offers_user_idx` ON `waitlist_offers` (`user_id`);
CREATE UNIQUE INDEX `waitlist_offers_checkout_unique` ON `waitlist_offers` (`checkout_id`);

-- Which returns an offer carried: the live ones now, and for a lapsed or declined offer the ones
-- the place was already offered (the next offer of those goes to the next place).
CREATE TABLE `waitlist_offer_items` (
	`offer_id` text NOT NULL REFERENCES `waitlist_offers`(`id`) ON DELETE CASCADE,
	`return_id` text NOT NULL REFERENCES `ticket_returns`(`id`) ON DELETE CASCADE,
	PRIMARY KEY (`offer_id`, `return_id`)
);
CREATE INDEX `waitlist_offer_items_return_idx` ON `waitlist_offer_items` (`return_id`);
