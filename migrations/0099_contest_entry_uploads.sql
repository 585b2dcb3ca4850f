-- Remix contests: an entry's audio in parts, resumable (issue 90, item 3; decision 194). An entry
-- larger than the platform's 100 MB request body goes as an R2 multipart upload of 8 MiB parts, the
-- folder import's shape (0085's catalog_import_files and catalog_import_parts). The upload is the
-- entry's (its entrant is the entry's member), so it holds no member column of its own.
CREATE TABLE `contest_entry_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`format` text NOT NULL CHECK (`format` IN ('wav', 'flac', 'mp3')),
	`size` integer NOT NULL CHECK (`size` > 0),
	`state` text NOT NULL DEFAULT 'uploading' CHECK (`state` IN ('uploading', 'done', 'failed')),
	-- unsupported_type: part 1 was not the declared format; duration: outside the limits;
	-- replaced: a newer upload of the entry started; expired: idle a day; closed: the entry left the window.
	`failure` text CHECK (`failure` IN ('unsupported_type', 'duration', 'replaced', 'expired', 'closed')),
	`r2_key` text NOT NULL,
	`upload_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
-- One live upload per entry: starting another fails the live one in the same batch.
CREATE UNIQUE INDEX `contest_entry_uploads_live_idx` ON `contest_entry_uploads` (`entry_id`) WHERE `state` = 'uploading';
CREATE INDEX `contest_entry_uploads_stale_idx` ON `contest_entry_uploads` (`state`, `updated_at`);

CREATE TABLE `contest_entry_upload_parts` (
	`upload_id` text NOT NULL REFERENCES `contest_entry_uploads`(`id`) ON DELETE CASCADE,
	`number` integer NOT NULL CHECK (`number` > 0),
	`size` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY (`upload_id`, `number`)
);
