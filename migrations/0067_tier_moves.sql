-- Moving between tiers (decision 098). A checkout remembers the currency it sells in (null: the
-- configured VIP currency, as every older row). A subscription keeps a downgrade scheduled for its
-- period's end (the tier, plan and price the next renewal moves to; live: the Stripe subscription
-- schedule that will make it), and a short claim that lets one change at a time reach the provider.
ALTER TABLE `checkout_sessions` ADD `currency` text;
ALTER TABLE `subscriptions` ADD `pending_tier_id` text;
ALTER TABLE `subscriptions` ADD `pending_plan` text;
ALTER TABLE `subscriptions` ADD `pending_price_cents` integer;
ALTER TABLE `subscriptions` ADD `pending_schedule_id` text;
ALTER TABLE `subscriptions` ADD `change_claimed_until` integer;

-- Why members cancel (decision 098), kept for the back office: one row per cancellation asked.
CREATE TABLE `membership_cancellations` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `subscription_id` text NOT NULL,
  `tier_id` text NOT NULL,
  `reason` text NOT NULL,
  `other_text` text,
  `created_at` integer NOT NULL
);
CREATE INDEX `membership_cancellations_at_idx` ON `membership_cancellations` (`created_at`);
