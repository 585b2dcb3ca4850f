-- The retention offer at cancel (decision 103): a member answers it once, ever. The primary key on
-- user_id makes the answer (accepted or declined) one conditional INSERT, so two racing accepts
-- apply the discount once. periods_left counts the renewals still discounted; the local test
-- clock's renewal takes one in a conditional UPDATE (live, Stripe's coupon counts them).
CREATE TABLE `retention_offers` (
  `user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `subscription_id` text NOT NULL,
  `response` text NOT NULL CHECK (`response` IN ('accepted', 'declined')),
  `percent_off` integer NOT NULL CHECK (`percent_off` BETWEEN 1 AND 100),
  `periods` integer NOT NULL CHECK (`periods` BETWEEN 1 AND 12),
  `periods_left` integer NOT NULL CHECK (`periods_left` >= 0),
  `answered_at` integer NOT NULL
);
CREATE INDEX `retention_offers_subscription_idx` ON `retention_offers` (`subscription_id`);
