-- Listening parties (decision 028): an admin schedules an album or one of their own playlists to
-- be heard together, from `starts_at`, by every member in the party's room (PartyRoom, one
-- Durable Object per party). Written by hand to match `listening_parties` in
-- worker/db/schema.ts; queries in worker/db/parties.ts.
-- The tracks are a snapshot taken when the party is saved (JSON: id, title, album, cover,
-- duration), so a playlist edited later, or a track's duration changed, never moves a party that
-- is on: every listener walks the same list. duration_seconds is their sum; the party ends at
-- starts_at + duration_seconds * 1000. The source's title and cover are kept with it for the
-- public teaser. The three counts are the room's summary, written by the room when the party
-- ends.
CREATE TABLE `listening_parties` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`source_type` text NOT NULL CHECK (`source_type` IN ('album', 'playlist')),
	`album_id` text REFERENCES `albums`(`id`) ON DELETE SET NULL,
	`playlist_id` text REFERENCES `playlists`(`id`) ON DELETE SET NULL,
	`source_title` text NOT NULL,
	`cover_url` text,
	`tracks` text NOT NULL,
	`duration_seconds` integer NOT NULL CHECK (`duration_seconds` > 0),
	`starts_at` integer NOT NULL,
	`vip_only` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL CHECK (`status` IN ('scheduled', 'cancelled')),
	`peak_listeners` integer DEFAULT 0 NOT NULL,
	`reaction_count` integer DEFAULT 0 NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

-- The public teaser and the back office's list, by start.
CREATE INDEX `listening_parties_status_start_idx` ON `listening_parties` (`status`, `starts_at`);
