-- More gates "tier at least X" (decision 104): perks and listening parties name X's id in
-- `min_tier_id`; its rank is read from membership_tiers when a member asks. Null: as before (a
-- VIP-only perk or party stays "VIP and above"; one for every member stays open). A tier id no row
-- has admits nobody but admins.
ALTER TABLE `perks` ADD `min_tier_id` text;
ALTER TABLE `listening_parties` ADD `min_tier_id` text;
-- An event's VIP presale code for members of this tier and above (null: VIP and above).
ALTER TABLE `events` ADD `presale_min_tier_id` text;
