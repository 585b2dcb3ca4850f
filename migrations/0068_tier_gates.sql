-- Gates by membership tier (decision 099): content set for "tier at least X" names X's id in
-- `min_tier_id` (the rank is read from membership_tiers when asked, so reordering the ladder moves
-- the gate with its tier); content for chosen tiers lists their ids in `tier_ids`, a JSON array.
-- Neither set: no tier gate. A tier id no row has admits nobody but admins.

-- Posts: visibility 'vip' now means "for paid tiers", refined by one of the two columns; every
-- existing VIP-only post becomes "tier at least VIP", which is what it meant.
ALTER TABLE `posts` ADD `min_tier_id` text;
ALTER TABLE `posts` ADD `tier_ids` text CHECK (`tier_ids` IS NULL OR json_valid(`tier_ids`));
UPDATE `posts` SET `min_tier_id` = 'vip' WHERE `visibility` = 'vip';
