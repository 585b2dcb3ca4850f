-- Gates by membership tier (decision 099): content set for "tier at least X" names X's id in
-- `min_tier_id` (the rank is read from membership_tiers when asked, so reordering the ladder moves
-- the gate with its tier); content for chosen tiers lists their ids in `tier_ids`, a JSON array.
-- Neither set: no tier gate. A tier id no row has admits nobody but admins.

-- Posts: visibility 'vip' now means "for paid tiers", refined by one of the two columns; every
-- existing VIP-only post becomes "tier at least VIP", which is what it meant.
ALTER TABLE `posts` ADD `min_tier_id` text;
ALTER TABLE `posts` ADD `tier_ids` text CHECK (`tier_ids` IS NULL OR json_valid(`tier_ids`));
UPDATE `posts` SET `min_tier_id` = 'vip' WHERE `visibility` = 'vip';

-- The store's member prices by tier: a tier's percentage off the store's items of a scope (all, merch
-- or digital; never gift memberships), for members of that tier and every tier above it. The best
-- price a buyer may have wins (services/store/pricing.ts). No row: no tier discount.
CREATE TABLE `store_tier_discounts` (
  `tier_id` text NOT NULL,
  `scope` text NOT NULL CHECK (`scope` IN ('all', 'merch', 'digital')),
  `percent_off` integer NOT NULL CHECK (`percent_off` BETWEEN 1 AND 90),
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`tier_id`, `scope`)
);

-- Promotion codes for "tier at least X" (null: anyone, unless vip_only, which stays "VIP and above").
ALTER TABLE `promo_codes` ADD `min_tier_id` text;
