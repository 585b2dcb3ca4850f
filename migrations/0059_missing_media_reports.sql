-- A file a paid download needs that was not in R2: one row per object key, claimed by the first
-- download that finds it missing (INSERT OR IGNORE), so the admin is told once per file however
-- many buyers try. Deleted when the notice could not be sent, so a later try tells again.
CREATE TABLE `missing_media_reports` (
	`key` text PRIMARY KEY NOT NULL,
	`reported_at` integer NOT NULL
);
