-- Membership tiers (decision 096): the free "Member" tier every account has (rank 0), the spec's VIP
-- as the first paid tier (rank 1), and tiers the admin adds above it. A higher rank includes what the
-- lower ones give, so every gate that asked "is VIP" now asks "rank at least VIP's". VIP's prices stay
-- where they were (the VIP_PRICE_CENTS configuration and the yearly setting): its price columns are
-- null. benefits_* hold a JSON array of short texts.
CREATE TABLE `membership_tiers` (
  `id` text PRIMARY KEY NOT NULL,
  `rank` integer NOT NULL CHECK (`rank` >= 0),
  `name_en` text NOT NULL,
  `name_pt_br` text NOT NULL,
  `description_en` text NOT NULL DEFAULT '',
  `description_pt_br` text NOT NULL DEFAULT '',
  `benefits_en` text NOT NULL DEFAULT '[]',
  `benefits_pt_br` text NOT NULL DEFAULT '[]',
  `monthly_usd_cents` integer CHECK (`monthly_usd_cents` > 0),
  `yearly_usd_cents` integer CHECK (`yearly_usd_cents` > 0),
  `monthly_brl_cents` integer CHECK (`monthly_brl_cents` > 0),
  `yearly_brl_cents` integer CHECK (`yearly_brl_cents` > 0),
  `badge_color` text NOT NULL,
  `trial_days` integer NOT NULL DEFAULT 0 CHECK (`trial_days` >= 0),
  `archived_at` integer,
  `created_at` integer NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  `updated_at` integer NOT NULL DEFAULT (unixepoch('subsec') * 1000)
);
CREATE UNIQUE INDEX `membership_tiers_rank_unique` ON `membership_tiers` (`rank`);

-- The two tiers every site has: product, not demo content.
INSERT INTO `membership_tiers` (`id`, `rank`, `name_en`, `name_pt_br`, `badge_color`) VALUES
  ('member', 0, 'Member', 'Membro', '#64748b'),
  ('vip', 1, 'VIP', 'VIP', '#d4a017');

-- Which tier each paid source gives: every existing one is VIP, so nothing changes for its members.
ALTER TABLE `subscriptions` ADD `tier_id` text NOT NULL DEFAULT 'vip';
ALTER TABLE `checkout_sessions` ADD `tier_id` text NOT NULL DEFAULT 'vip';
ALTER TABLE `vip_comps` ADD `tier_id` text NOT NULL DEFAULT 'vip';

-- The member's tier now, kept beside is_vip by the same batches (null: the free tier). is_vip stays
-- "any paid tier": the VIP gates read it unchanged.
ALTER TABLE `users` ADD `tier_id` text;
UPDATE `users` SET `tier_id` = 'vip' WHERE `is_vip` = 1;

-- Each change of a member's tier, written in the batch that changed it (from null: joined from the
-- free tier; to null: back to the free tier): what the back office counts as new, upgraded,
-- downgraded and churned members, by comparing the two tiers' ranks.
CREATE TABLE `membership_tier_changes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `from_tier_id` text,
  `to_tier_id` text,
  `changed_at` integer NOT NULL
);
CREATE INDEX `membership_tier_changes_at_idx` ON `membership_tier_changes` (`changed_at`);
CREATE INDEX `membership_tier_changes_user_idx` ON `membership_tier_changes` (`user_id`, `changed_at`);

-- Today's VIPs joined VIP when their first subscription or comp began.
INSERT INTO `membership_tier_changes` (`user_id`, `from_tier_id`, `to_tier_id`, `changed_at`)
SELECT `id`, NULL, 'vip', coalesce(
  (SELECT min(s.`created_at`) FROM `subscriptions` s WHERE s.`user_id` = `users`.`id`),
  (SELECT c.`granted_at` FROM `vip_comps` c WHERE c.`user_id` = `users`.`id`),
  `updated_at`)
FROM `users` WHERE `is_vip` = 1;
