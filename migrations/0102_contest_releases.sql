-- A contest's remix released into the catalog, and the remixers' share of its sales (issue 90,
-- item 6; decision 197). Publishing an entry makes a single (an album of type 'Single' with one
-- track whose audio is a copy of the entry's), its credits, and, when it is sold, a digital product
-- of that track; the release row is written in the same batch, keyed by the entry, so an entry is
-- released once however many publishes race.
CREATE TABLE `contest_releases` (
	`entry_id` text PRIMARY KEY NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	-- The original track it is a remix of (the contest's track).
	`remix_of_track_id` text NOT NULL REFERENCES `tracks`(`id`),
	`album_id` text NOT NULL REFERENCES `albums`(`id`) ON DELETE CASCADE,
	`track_id` text NOT NULL REFERENCES `tracks`(`id`) ON DELETE CASCADE,
	`product_id` text REFERENCES `products`(`id`) ON DELETE SET NULL,
	`share_percent` integer NOT NULL CHECK (`share_percent` BETWEEN 0 AND 100),
	`released_at` integer NOT NULL
);
CREATE UNIQUE INDEX `contest_releases_track_idx` ON `contest_releases` (`track_id`);
CREATE INDEX `contest_releases_product_idx` ON `contest_releases` (`product_id`);
CREATE INDEX `contest_releases_contest_idx` ON `contest_releases` (`contest_id`);

-- Who the share is split between, as credited when it was released: the entrant and the co-authors
-- who had confirmed. The split is equal; the cents left over go to the entrant.
CREATE TABLE `contest_release_payees` (
	`entry_id` text NOT NULL REFERENCES `contest_releases`(`entry_id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`is_entrant` integer NOT NULL DEFAULT 0,
	PRIMARY KEY (`entry_id`, `user_id`)
);

-- The remixers' ledger: a row per sold line and payee (`sale:<order>:<line>:<member>`) written in
-- the batch that makes the order, and a negative row each time a refund or a lost dispute takes a
-- part of it back (`back:<sale ref>:<cents taken back so far>`). The refs are the keys: a replayed
-- or racing event writes the same ref, which is ignored.
CREATE TABLE `remix_shares` (
	`ref` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`order_id` text REFERENCES `orders`(`id`) ON DELETE SET NULL,
	`line_no` integer NOT NULL,
	-- A take-back's sale; null on a sale.
	`sale_ref` text,
	-- The line's net amount the share was taken of (a sale's); 0 on a take-back.
	`net_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL CHECK (`currency` IN ('usd', 'brl')),
	`occurred_at` integer NOT NULL
);
CREATE INDEX `remix_shares_order_idx` ON `remix_shares` (`order_id`);
CREATE INDEX `remix_shares_time_idx` ON `remix_shares` (`occurred_at`);
CREATE INDEX `remix_shares_user_idx` ON `remix_shares` (`user_id`);

-- A credit may name the member it is (a remixer, linked to their profile); null for anyone else.
ALTER TABLE `track_credits` ADD `user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL;
