-- One-time upgrade offers and win-back offers (decision 101). An offer is a percent off the first
-- period of a paid tier, claimable until expires_at. The hourly job issues them with one
-- conditional INSERT ... SELECT (no offer to the member in the last 90 days), so a concurrent run
-- cannot issue twice; the partial unique index keeps a member's win-back offer to one, ever.
-- claimed_at is set by one conditional UPDATE, so an offer is claimed once; checkout_session_id is
-- the checkout it opened (its first invoice is the discounted one).
CREATE TABLE `tier_offers` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL CHECK (`kind` IN ('upgrade', 'win_back')),
  `tier_id` text NOT NULL,
  `percent_off` integer NOT NULL CHECK (`percent_off` BETWEEN 1 AND 90),
  `issued_at` integer NOT NULL,
  `expires_at` integer NOT NULL,
  `claimed_at` integer,
  `checkout_session_id` text
);
CREATE INDEX `tier_offers_user_idx` ON `tier_offers` (`user_id`, `issued_at`);
CREATE UNIQUE INDEX `tier_offers_win_back_once` ON `tier_offers` (`user_id`) WHERE `kind` = 'win_back';
CREATE INDEX `tier_offers_session_idx` ON `tier_offers` (`checkout_session_id`);
-- The issuing job counts each candidate's likes: post_likes is keyed by post first.
CREATE INDEX `post_likes_user_idx` ON `post_likes` (`user_id`);
