-- A track deleted from the catalog keeps its play history for track analytics: track_plays no
-- longer cascades from tracks (a member's plays still go with the member), and the deleted
-- track's title and album are kept in retired_tracks so the history still names it.
-- Written by hand to match `trackPlays` and `retiredTracks` in worker/db/schema.ts.
CREATE TABLE `retired_tracks` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`album_title` text NOT NULL,
	`retired_at` integer NOT NULL
);

CREATE TABLE `track_plays_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`track_id` text NOT NULL,
	`played_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
INSERT INTO `track_plays_new` (`id`, `user_id`, `track_id`, `played_at`) SELECT `id`, `user_id`, `track_id`, `played_at` FROM `track_plays`;
DROP TABLE `track_plays`;
ALTER TABLE `track_plays_new` RENAME TO `track_plays`;

-- The 30-second replay check looks up (user, track) by time; analytics read by track and by time.
CREATE INDEX `track_plays_user_track_idx` ON `track_plays` (`user_id`, `track_id`, `played_at`);
CREATE INDEX `track_plays_track_idx` ON `track_plays` (`track_id`, `played_at`);
CREATE INDEX `track_plays_played_at_idx` ON `track_plays` (`played_at`);
