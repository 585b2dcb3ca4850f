-- Members' collections: favorite tracks and named playlists. Rows hold track ids only: titles and
-- covers always come from the catalog, so a renamed track shows its new name everywhere.
-- Written by hand to match `favorites`, `playlists` and `playlistTracks` in worker/db/schema.ts.
CREATE TABLE `favorites` (
	`user_id` text NOT NULL,
	`track_id` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY (`user_id`, `track_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `favorites_user_added_idx` ON `favorites` (`user_id`, `added_at`);

-- name_key is the name case-folded (NFC, lower-cased in JS, so 'É' and 'é' fold too): one
-- member cannot have two playlists whose names differ only in case.
CREATE TABLE `playlists` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `playlists_user_name_idx` ON `playlists` (`user_id`, `name_key`);
CREATE INDEX `playlists_user_created_idx` ON `playlists` (`user_id`, `created_at`);

-- A track appears once per playlist; positions run from 0 and are kept gap-free by every write
-- (each write is a single statement or one batch, so concurrent requests never share a position).
CREATE TABLE `playlist_tracks` (
	`playlist_id` text NOT NULL,
	`track_id` text NOT NULL,
	`position` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY (`playlist_id`, `track_id`),
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `playlist_tracks_position_idx` ON `playlist_tracks` (`playlist_id`, `position`);
