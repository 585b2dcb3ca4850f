-- Ticket types for "tier at least X" (decision 099): `min_tier_id` names X's id; its rank is read
-- from membership_tiers when a buyer checks out. Null: as before (a vip_only type stays "VIP and
-- above"). A tier id no row has admits nobody but admins.
ALTER TABLE `ticket_types` ADD `min_tier_id` text;
