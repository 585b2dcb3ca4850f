-- Refunds claimed before the provider is asked (decision 074): `refund_claimed_cents` is what the
-- refunds requested so far take from the order, claimed by one conditional UPDATE (claimed + amount
-- <= total) before the provider is called and given back when the provider refuses, so racing
-- refunds can never ask for more than was paid. The refund event raises it to the refunded amount
-- when a refund was made elsewhere (the provider's dashboard).
ALTER TABLE `orders` ADD COLUMN `refund_claimed_cents` integer DEFAULT 0 NOT NULL
  CHECK (`refund_claimed_cents` >= 0 AND `refund_claimed_cents` <= `total_cents`);
UPDATE `orders` SET `refund_claimed_cents` = `refunded_cents`;
-- One row per refund asked of the provider, under its idempotency key: the claim is made once per
-- key (a retried request or a redelivered cancellation step finds it and asks the provider again
-- under the same key), and `token` marks the request that made it, which alone raises the order's
-- claim in the same batch or gives it back.
CREATE TABLE `refund_claims` (
	`key` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE cascade,
	`amount_cents` integer NOT NULL CHECK (`amount_cents` > 0),
	`token` text NOT NULL,
	`created_at` integer NOT NULL
);
CREATE INDEX `refund_claims_order_idx` ON `refund_claims` (`order_id`);

-- What a download link served today, in files' worth (a range's length over the archive's size),
-- checked and added in one conditional upsert: resuming a download costs only what is left of it,
-- and ranges that nearly cover the file count as much as the whole file did.
ALTER TABLE `download_counts` ADD COLUMN `served` real DEFAULT 0 NOT NULL;
UPDATE `download_counts` SET `served` = `count`;
