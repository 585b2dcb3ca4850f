-- A room per remix contest for talk (issue 90, item 4; decision 198). Each contest has one community
-- room, named 'contest-' || the contest's id, whose read and write rule is the contest's entering
-- gate (every member, a tier and above, or ticket holders of its event) and which is archived
-- (read-only) once the contest's results are stored. The contest's writes keep it in step
-- (worker/db/contests/room.ts); it goes with the contest. Contest rooms are not listed on /rooms;
-- the contest's page links to its room.
ALTER TABLE `rooms` ADD `contest_id` text REFERENCES `contests`(`id`) ON DELETE CASCADE;
CREATE UNIQUE INDEX `rooms_contest_idx` ON `rooms` (`contest_id`);

-- The contests made before this migration get their rooms now (an event since deleted names none, as
-- the rooms' own reference does).
INSERT INTO `rooms` (`id`, `name_en`, `name_pt_br`, `read_access`, `read_tier_id`, `read_event_id`, `write_access`, `write_tier_id`, `write_event_id`,
                     `archived_at`, `contest_id`, `created_at`, `updated_at`)
SELECT 'contest-' || c.`id`, c.`title_en`, c.`title_pt_br`, c.`enter_access`, c.`enter_tier_id`, e.`id`, c.`enter_access`, c.`enter_tier_id`, e.`id`,
       c.`results_at`, c.`id`, c.`created_at`, c.`updated_at`
  FROM `contests` c LEFT JOIN `events` e ON e.`id` = c.`enter_event_id`
 WHERE true
ON CONFLICT (`id`) DO NOTHING;
