-- A remix contest's stems (issue 90's second step): the files the administrator uploads, kept in R2
-- under contest-stems/<contest>/, one row each with the name the ZIP gives it. How many a contest
-- holds is bounded by the insert that adds one (worker/db/contests/stems.ts).
CREATE TABLE `contest_stems` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`name` text NOT NULL,
	`r2_key` text NOT NULL,
	`format` text NOT NULL CHECK (`format` IN ('wav', 'flac', 'mp3')),
	`bytes` integer NOT NULL CHECK (`bytes` > 0),
	`created_at` integer NOT NULL,
	UNIQUE (`contest_id`, `name`)
);

-- Each ZIP a member downloaded, by UTC day (days since the epoch): the daily limit is the count
-- the insert that records one reads in its WHERE.
CREATE TABLE `contest_stem_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`day` integer NOT NULL,
	`downloaded_at` integer NOT NULL
);
CREATE INDEX `contest_stem_downloads_member_idx` ON `contest_stem_downloads` (`user_id`, `contest_id`, `day`);
