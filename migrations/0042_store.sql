-- The store (decision 054). Written by hand to match worker/db/schema/store.ts; money is integer
-- cents in one currency per row ('usd' or 'brl'); times are epoch ms.

CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('digital', 'merch', 'gift_vip')),
	`state` text DEFAULT 'draft' NOT NULL CHECK (`state` IN ('draft', 'live', 'sold_out', 'archived')),
	`title` text NOT NULL,
	`title_pt_br` text,
	`description` text DEFAULT '' NOT NULL,
	`description_pt_br` text,
	`pricing` text DEFAULT 'fixed' NOT NULL CHECK (`pricing` IN ('fixed', 'name_your_price')),
	`price_usd_cents` integer NOT NULL,
	`price_brl_cents` integer,
	`vip_price_usd_cents` integer,
	`vip_price_brl_cents` integer,
	`vip_discount_pct` integer CHECK (`vip_discount_pct` IS NULL OR (`vip_discount_pct` BETWEEN 1 AND 90)),
	`album_id` text REFERENCES `albums`(`id`) ON DELETE restrict,
	`track_id` text REFERENCES `tracks`(`id`) ON DELETE restrict,
	`bundled_album_id` text REFERENCES `albums`(`id`) ON DELETE restrict,
	`weight_class` text CHECK (`weight_class` IS NULL OR `weight_class` IN ('light', 'standard', 'heavy')),
	`gift_months` integer CHECK (`gift_months` IS NULL OR `gift_months` IN (1, 3, 6, 12)),
	`per_order_limit` integer DEFAULT 10 NOT NULL CHECK (`per_order_limit` >= 1),
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT `products_price_check` CHECK (`price_usd_cents` >= 0 AND (`price_brl_cents` IS NULL OR `price_brl_cents` >= 0))
);
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);
CREATE INDEX `products_state_position_idx` ON `products` (`state`, `position`);
CREATE INDEX `products_album_idx` ON `products` (`album_id`);
CREATE INDEX `products_track_idx` ON `products` (`track_id`);

CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE cascade,
	`image_key` text NOT NULL,
	`position` integer NOT NULL,
	`alt` text
);
CREATE INDEX `product_images_product_idx` ON `product_images` (`product_id`, `position`);

-- stock is taken by `UPDATE ... SET stock = stock - ?1 WHERE id = ?2 AND stock >= ?1`; the CHECK
-- refuses any write that would leave it below zero.
CREATE TABLE `product_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE cascade,
	`sku` text NOT NULL,
	`size` text,
	`colour` text,
	`stock` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	CONSTRAINT `product_variants_stock_check` CHECK (`stock` >= 0)
);
CREATE UNIQUE INDEX `product_variants_sku_unique` ON `product_variants` (`sku`);
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`, `position`);

CREATE TABLE `promo_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`percent_off` integer NOT NULL CHECK (`percent_off` BETWEEN 1 AND 100),
	`scope` text DEFAULT 'all' NOT NULL CHECK (`scope` IN ('all', 'merch', 'digital')),
	`vip_only` integer DEFAULT false NOT NULL,
	`perk_id` text REFERENCES `perks`(`id`) ON DELETE set null,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT `promo_codes_uses_check` CHECK (`uses` >= 0 AND (`max_uses` IS NULL OR `uses` <= `max_uses`))
);

CREATE TABLE `shipping_rates` (
	`zone` text NOT NULL CHECK (`zone` IN ('br', 'us', 'world')),
	`weight_class` text NOT NULL CHECK (`weight_class` IN ('light', 'standard', 'heavy')),
	`usd_cents` integer NOT NULL CHECK (`usd_cents` >= 0),
	`brl_cents` integer NOT NULL CHECK (`brl_cents` >= 0),
	PRIMARY KEY (`zone`, `weight_class`)
);

CREATE TABLE `store_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_session_id` text,
	`mode` text NOT NULL CHECK (`mode` IN ('live', 'local')),
	`user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`currency` text NOT NULL CHECK (`currency` IN ('usd', 'brl')),
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`promo_code` text,
	`shipping_country` text,
	`status` text DEFAULT 'open' NOT NULL CHECK (`status` IN ('open', 'paid', 'expired', 'failed')),
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE UNIQUE INDEX `store_checkouts_provider_session_unique` ON `store_checkouts` (`provider_session_id`);
CREATE INDEX `store_checkouts_status_expiry_idx` ON `store_checkouts` (`status`, `expires_at`);
CREATE INDEX `store_checkouts_user_idx` ON `store_checkouts` (`user_id`);

CREATE TABLE `store_checkout_lines` (
	`checkout_id` text NOT NULL REFERENCES `store_checkouts`(`id`) ON DELETE cascade,
	`line_no` integer NOT NULL,
	`product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE restrict,
	`variant_id` text REFERENCES `product_variants`(`id`) ON DELETE restrict,
	`quantity` integer NOT NULL CHECK (`quantity` >= 1),
	`unit_cents` integer NOT NULL CHECK (`unit_cents` >= 0),
	`total_cents` integer NOT NULL CHECK (`total_cents` >= 0),
	`vip_price` integer DEFAULT false NOT NULL,
	PRIMARY KEY (`checkout_id`, `line_no`)
);

CREATE TABLE `stock_holds` (
	`checkout_id` text NOT NULL REFERENCES `store_checkouts`(`id`) ON DELETE cascade,
	`variant_id` text NOT NULL REFERENCES `product_variants`(`id`) ON DELETE cascade,
	`quantity` integer NOT NULL CHECK (`quantity` >= 1),
	`state` text DEFAULT 'held' NOT NULL CHECK (`state` IN ('held', 'committed', 'released')),
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`checkout_id`, `variant_id`)
);
CREATE INDEX `stock_holds_state_idx` ON `stock_holds` (`state`);

CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`checkout_id` text NOT NULL REFERENCES `store_checkouts`(`id`) ON DELETE restrict,
	`user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`currency` text NOT NULL CHECK (`currency` IN ('usd', 'brl')),
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`shipping_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL CHECK (`refunded_cents` >= 0 AND `refunded_cents` <= `total_cents`),
	`promo_code` text,
	`shipping_name` text,
	`shipping_address` text,
	`status` text DEFAULT 'paid' NOT NULL CHECK (`status` IN ('paid', 'shipped', 'partially_refunded', 'refunded', 'cancelled')),
	`carrier` text,
	`tracking_number` text,
	`tracking_url` text,
	`shipped_at` integer,
	`payment_intent_id` text,
	`paid_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);
CREATE UNIQUE INDEX `orders_checkout_unique` ON `orders` (`checkout_id`);
CREATE INDEX `orders_paid_idx` ON `orders` (`paid_at`);
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);
CREATE INDEX `orders_email_idx` ON `orders` (`email`);
CREATE INDEX `orders_status_idx` ON `orders` (`status`, `paid_at`);
CREATE INDEX `orders_payment_intent_idx` ON `orders` (`payment_intent_id`);

CREATE TABLE `order_lines` (
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`line_no` integer NOT NULL,
	`product_id` text NOT NULL REFERENCES `products`(`id`) ON DELETE restrict,
	`variant_id` text REFERENCES `product_variants`(`id`) ON DELETE restrict,
	`kind` text NOT NULL CHECK (`kind` IN ('digital', 'merch', 'gift_vip')),
	`title` text NOT NULL,
	`variant_label` text,
	`sku` text,
	`quantity` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`restocked_at` integer,
	PRIMARY KEY (`order_id`, `line_no`)
);
CREATE INDEX `order_lines_product_idx` ON `order_lines` (`product_id`);

CREATE TABLE `entitlements` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`email` text NOT NULL,
	`album_id` text REFERENCES `albums`(`id`) ON DELETE cascade,
	`track_id` text REFERENCES `tracks`(`id`) ON DELETE cascade,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`revoked_at` integer,
	CONSTRAINT `entitlements_release_check` CHECK ((`album_id` IS NULL) <> (`track_id` IS NULL))
);
CREATE INDEX `entitlements_user_idx` ON `entitlements` (`user_id`);
CREATE INDEX `entitlements_email_idx` ON `entitlements` (`email`);
CREATE INDEX `entitlements_order_idx` ON `entitlements` (`order_id`);

CREATE TABLE `download_counts` (
	`entitlement_id` text NOT NULL REFERENCES `entitlements`(`id`) ON DELETE cascade,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`entitlement_id`, `day`)
);

CREATE TABLE `gift_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`months` integer NOT NULL CHECK (`months` IN (1, 3, 6, 12)),
	`buyer_email` text NOT NULL,
	`buyer_user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`redeemed_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`redeemed_at` integer,
	`voided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE INDEX `gift_codes_order_idx` ON `gift_codes` (`order_id`);
CREATE INDEX `gift_codes_buyer_idx` ON `gift_codes` (`buyer_user_id`);

CREATE TABLE `carts` (
	`user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`lines` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

-- One row per charge or refund (negative), written in the same batch as its payment event's
-- effect, so each counts once: the revenue page's source.
CREATE TABLE `revenue_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref` text NOT NULL,
	`source` text NOT NULL CHECK (`source` IN ('vip', 'store', 'tickets')),
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL CHECK (`currency` IN ('usd', 'brl')),
	`user_id` text REFERENCES `users`(`id`) ON DELETE set null,
	`order_id` text REFERENCES `orders`(`id`) ON DELETE set null,
	`occurred_at` integer NOT NULL
);
CREATE UNIQUE INDEX `revenue_entries_ref_unique` ON `revenue_entries` (`ref`);
CREATE INDEX `revenue_entries_time_idx` ON `revenue_entries` (`occurred_at`);

-- A comp with an end: a redeemed gift of VIP (null: until revoked, as every comp before).
ALTER TABLE `vip_comps` ADD COLUMN `ends_at` integer;

-- A track's lossless master, sold as a download beside its MP3 (R2 key and format; null: none).
ALTER TABLE `tracks` ADD COLUMN `master_key` text;
ALTER TABLE `tracks` ADD COLUMN `master_format` text CHECK (`master_format` IS NULL OR `master_format` IN ('wav', 'flac'));

-- What shipping costs until the back office says otherwise: by zone and weight class.
INSERT INTO `shipping_rates` (`zone`, `weight_class`, `usd_cents`, `brl_cents`) VALUES
	('br', 'light', 500, 1500), ('br', 'standard', 900, 2900), ('br', 'heavy', 1500, 4900),
	('us', 'light', 600, 3000), ('us', 'standard', 1000, 5000), ('us', 'heavy', 1800, 9000),
	('world', 'light', 1200, 6000), ('world', 'standard', 2000, 10000), ('world', 'heavy', 3500, 17500);
