-- The member's Devices list (/settings, docs/decisions/039-devices.md). Each session gets an
-- opaque public id, the only name the API gives a session (the id's hash stays secret: it names
-- the session's sockets and is one step from the cookie), and the browser and operating system
-- read from the User-Agent when the session started, as short summaries ("Chrome 120",
-- "Windows 10"); the raw header is not kept. Sessions opened before this migration get a random
-- id here and no device; created_at and last_seen_at already exist.
-- Written by hand to match `sessions` in worker/db/schema.ts.
ALTER TABLE `sessions` ADD `public_id` text;
ALTER TABLE `sessions` ADD `device_browser` text;
ALTER TABLE `sessions` ADD `device_os` text;
UPDATE `sessions` SET `public_id` = lower(hex(randomblob(16))) WHERE `public_id` IS NULL;
CREATE UNIQUE INDEX `sessions_public_id_idx` ON `sessions` (`public_id`);
