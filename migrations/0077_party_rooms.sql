-- Listening parties' chat as a community room (decision 107): each party has one room, named
-- 'party-' || the party's id, whose read and write rule follow the party's audience (VIP only:
-- its lowest tier, VIP where none is named; else every member) and which is archived when the party
-- is cancelled. The party's writes keep it in step (worker/db/parties.ts); it goes with the party.
-- Party rooms are not listed on /rooms; they are read through the same routes and socket.
ALTER TABLE `rooms` ADD `party_id` text REFERENCES `listening_parties`(`id`) ON DELETE CASCADE;
CREATE UNIQUE INDEX `rooms_party_idx` ON `rooms` (`party_id`);

-- The parties made before this migration get their rooms now.
INSERT INTO `rooms` (`id`, `name_en`, `name_pt_br`, `read_access`, `read_tier_id`, `write_access`, `write_tier_id`, `archived_at`, `party_id`)
SELECT 'party-' || `id`, `title`, `title`,
       CASE WHEN `vip_only` = 1 THEN 'tier' ELSE 'members' END, CASE WHEN `vip_only` = 1 THEN coalesce(`min_tier_id`, 'vip') END,
       CASE WHEN `vip_only` = 1 THEN 'tier' ELSE 'members' END, CASE WHEN `vip_only` = 1 THEN coalesce(`min_tier_id`, 'vip') END,
       CASE WHEN `status` = 'cancelled' THEN `updated_at` END, `id`
  FROM `listening_parties`
 WHERE true
ON CONFLICT (`id`) DO NOTHING;
