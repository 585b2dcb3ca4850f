-- Disputes and early fraud warnings (decision 094). One row per provider dispute (its own id) or
-- early fraud warning (`efw:` + its id), on the payment intent it is about; `kind` and `target_id`
-- name the purchase the kind of purchase that owns the payment answered for (a store order's id).
-- Events change the row only while it is open and never with an older event than the last applied
-- (last_event_at), so replayed and out-of-order deliveries change nothing; closed_at is set once.
-- revoked_at: a lost dispute's revocation ran (once); flag: an early fraud warning the site could
-- not refund by itself ('refunded' when it did).
CREATE TABLE `payment_disputes` (
  `id` text PRIMARY KEY NOT NULL,
  `type` text NOT NULL CHECK (`type` IN ('dispute', 'fraud_warning')),
  `payment_intent_id` text NOT NULL,
  `charge_id` text,
  `kind` text NOT NULL,
  `target_id` text NOT NULL,
  `user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `status` text NOT NULL,
  `reason` text,
  `amount_cents` integer NOT NULL CHECK (`amount_cents` >= 0),
  `currency` text NOT NULL,
  `evidence_due_at` integer,
  `outcome` text CHECK (`outcome` IS NULL OR `outcome` IN ('won', 'lost')),
  `fraud_action` text CHECK (`fraud_action` IS NULL OR `fraud_action` IN ('refunded', 'flagged')),
  `note` text,
  `submitted_at` integer,
  `revoked_at` integer,
  `closed_at` integer,
  `last_event_at` integer NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
CREATE INDEX `payment_disputes_target_idx` ON `payment_disputes` (`kind`, `target_id`);
CREATE INDEX `payment_disputes_open_idx` ON `payment_disputes` (`closed_at`, `evidence_due_at`);
CREATE INDEX `payment_disputes_intent_idx` ON `payment_disputes` (`payment_intent_id`);

-- A per-order access log: what a dispute's evidence is assembled from. One row per fact, written
-- where it happens (the order's batch, a download, a check-in, the shipping, the receipt). detail:
-- a small JSON object (format and bytes, the policy's version, the tracking number). Removed with
-- its order; a member's deletion removes its IP addresses (the rows stay for the order's records).
CREATE TABLE `order_access_log` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL CHECK (`kind` IN ('purchase', 'refund_policy', 'receipt', 'download', 'stream', 'check_in', 'shipping')),
  `at` integer NOT NULL,
  `ip` text,
  `detail` text
);
CREATE INDEX `order_access_log_order_idx` ON `order_access_log` (`order_id`, `at`);

-- The buyer's address at checkout (the purchase IP of the order it becomes, and the provider's scoring).
ALTER TABLE `store_checkouts` ADD COLUMN `buyer_ip` text;
