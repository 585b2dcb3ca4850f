-- A yearly VIP plan beside the monthly one (decision 055, part "yearly"). Written by hand to match
-- worker/db/schema/vip.ts.

-- The plan a subscription is on, read from its price's recurring interval in every subscription
-- event (so a switch made in the provider's portal shows up), and that price's amount: what the
-- next renewal charges. Null until an event has told (a checkout completed before its
-- subscription's own event). Every subscription before this migration was monthly.
ALTER TABLE `subscriptions` ADD `plan` text CHECK (`plan` IN ('monthly', 'yearly'));
ALTER TABLE `subscriptions` ADD `price_cents` integer;
ALTER TABLE `subscriptions` ADD `price_currency` text;
UPDATE `subscriptions` SET `plan` = 'monthly';

-- The plan a checkout sells and the amount it was opened with (the local test checkout charges
-- that amount; a live session holds its own). Older rows sold the monthly plan at the configured price.
ALTER TABLE `checkout_sessions` ADD `plan` text DEFAULT 'monthly' NOT NULL CHECK (`plan` IN ('monthly', 'yearly'));
ALTER TABLE `checkout_sessions` ADD `amount_cents` integer;
