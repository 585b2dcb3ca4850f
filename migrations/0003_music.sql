-- The music catalog (albums, tracks) and the plays VIP members start. Catalog rows are product
-- data, seeded by the next migration; track_plays feeds play counts now and track analytics later.
-- Written by hand to match `albums`, `tracks` and `trackPlays` in worker/db/schema.ts.
CREATE TABLE `albums` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`year` integer NOT NULL,
	`type` text NOT NULL CHECK (`type` IN ('Album', 'Single')),
	`cover_key` text,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

CREATE INDEX `albums_position_idx` ON `albums` (`position`);

CREATE TABLE `tracks` (
	`id` text PRIMARY KEY NOT NULL,
	`album_id` text NOT NULL,
	`title` text NOT NULL,
	`number` integer NOT NULL,
	`duration_seconds` integer DEFAULT 210 NOT NULL,
	`audio_key` text,
	`featured_position` integer,
	`plays` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `tracks_album_number_idx` ON `tracks` (`album_id`, `number`);
CREATE INDEX `tracks_plays_idx` ON `tracks` (`plays`);
CREATE UNIQUE INDEX `tracks_featured_idx` ON `tracks` (`featured_position`) WHERE `featured_position` IS NOT NULL;

CREATE TABLE `track_plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`track_id` text NOT NULL,
	`played_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);

-- The 30-second replay check looks up (user, track) by time; analytics read by track and by time.
CREATE INDEX `track_plays_user_track_idx` ON `track_plays` (`user_id`, `track_id`, `played_at`);
CREATE INDEX `track_plays_track_idx` ON `track_plays` (`track_id`, `played_at`);
CREATE INDEX `track_plays_played_at_idx` ON `track_plays` (`played_at`);
