-- The lowest tier of an event's VIP access (decision 108): a virtual meet's join link, and the VIP
-- pass at an in-person event's door. Its rank is read from membership_tiers when asked. Null: VIP
-- and above, as every existing event means; a tier id no row has admits nobody but admins.
ALTER TABLE `events` ADD `vip_min_tier_id` text;
-- Early access to a release for this tier and above (decision 108): an album's, and a track's own
-- (null: its album's). Null on both: VIP and above, as before.
ALTER TABLE `albums` ADD `early_min_tier_id` text;
ALTER TABLE `tracks` ADD `early_min_tier_id` text;
