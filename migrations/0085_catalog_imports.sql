-- Import by the folder (decision 119). An import is one reviewed plan: the draft albums and tracks
-- it created, and one file slot per file the browser then sends in parts (an R2 multipart upload
-- per slot, `upload_id`, under the server-chosen `r2_key`). The parts stored so far are listed
-- here because R2 cannot list an upload's parts: a reloaded page resumes from this list.
CREATE TABLE `catalog_imports` (
  `id` text PRIMARY KEY NOT NULL,
  `created_by` text,
  `created_at` integer NOT NULL,
  FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

CREATE TABLE `catalog_import_files` (
  `id` text PRIMARY KEY NOT NULL,
  `import_id` text NOT NULL,
  `position` integer NOT NULL,
  `kind` text NOT NULL CHECK (`kind` IN ('audio', 'master', 'cover')),
  `album_id` text NOT NULL,
  -- The track an audio file or master goes to; null for a cover.
  `track_id` text,
  -- The browser's file name, shown on the page only (keys are the server's).
  `name` text NOT NULL,
  `format` text NOT NULL,
  `size` integer NOT NULL,
  `state` text NOT NULL DEFAULT 'pending' CHECK (`state` IN ('pending', 'uploading', 'done', 'failed')),
  `failure` text CHECK (`failure` IN ('unsupported_type', 'expired', 'aborted')),
  `r2_key` text,
  `upload_id` text,
  -- The last part stored (or the slot's creation): a slot idle for a day is aborted by the cron.
  `updated_at` integer NOT NULL,
  FOREIGN KEY (`import_id`) REFERENCES `catalog_imports`(`id`) ON UPDATE no action ON DELETE cascade,
  FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade,
  FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `catalog_import_files_import_idx` ON `catalog_import_files` (`import_id`, `position`);
CREATE INDEX `catalog_import_files_open_idx` ON `catalog_import_files` (`updated_at`) WHERE `state` IN ('pending', 'uploading');

CREATE TABLE `catalog_import_parts` (
  `file_id` text NOT NULL,
  `number` integer NOT NULL,
  `size` integer NOT NULL,
  `etag` text NOT NULL,
  PRIMARY KEY (`file_id`, `number`),
  FOREIGN KEY (`file_id`) REFERENCES `catalog_import_files`(`id`) ON UPDATE no action ON DELETE cascade
);
