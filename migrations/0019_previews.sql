-- 30-second previews for visitors and free members. Each track's preview can be turned off and can
-- start anywhere (the chorus); the cut is a file of its own in R2 (preview_key), made on first
-- demand and forgotten when the audio or the start changes. Preview plays are counted apart from
-- full plays, by listener (a member's id, or a visitor's daily cookieless id), since visitors play
-- previews too. Written by hand to match `tracks` and `trackPreviewPlays` in worker/db/schema.ts.
ALTER TABLE `tracks` ADD `preview_enabled` integer DEFAULT 1 NOT NULL;
ALTER TABLE `tracks` ADD `preview_start_seconds` integer DEFAULT 0 NOT NULL;
ALTER TABLE `tracks` ADD `preview_key` text;

CREATE TABLE `track_preview_plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`track_id` text NOT NULL,
	`listener` text NOT NULL,
	`played_at` integer NOT NULL
);

-- The 30-second replay check looks up (listener, track) by time; analytics read by track and by time.
CREATE INDEX `track_preview_plays_listener_idx` ON `track_preview_plays` (`listener`, `track_id`, `played_at`);
CREATE INDEX `track_preview_plays_track_idx` ON `track_preview_plays` (`track_id`, `played_at`);
CREATE INDEX `track_preview_plays_played_at_idx` ON `track_preview_plays` (`played_at`);
