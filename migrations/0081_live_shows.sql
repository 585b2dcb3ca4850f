-- Live shows (decision 113): an event streamed to holders of a ticket, a tier and above, or every
-- member, with a replay for a window after it ends. One show per event. `provider` is the source
-- chosen when the show was made: 'local' (the Worker's HLS over demo segments in R2) or 'stream'
-- (Cloudflare Stream Live; `stream_input_id` its live input, `stream_video_uid` the recording).
-- Times are epoch ms. `live_notified_at` is set by the same conditional UPDATE that puts the show on
-- air, so "{show} is live" goes out once however often the start or the provider's notice arrives.
CREATE TABLE `live_shows` (
  `event_id` text PRIMARY KEY NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
  `access` text NOT NULL CHECK (`access` IN ('ticket', 'tier', 'members')),
  `min_tier_id` text REFERENCES `membership_tiers`(`id`),
  `state` text NOT NULL DEFAULT 'scheduled' CHECK (`state` IN ('scheduled', 'live', 'ended')),
  `provider` text NOT NULL CHECK (`provider` IN ('local', 'stream')),
  `stream_input_id` text,
  `stream_video_uid` text,
  `started_at` integer,
  `ended_at` integer,
  `replay_hours` integer NOT NULL DEFAULT 48,
  `replay_keep_tier_id` text REFERENCES `membership_tiers`(`id`),
  `pinned_product_ids` text NOT NULL DEFAULT '[]',
  `captions` text NOT NULL DEFAULT '{}',
  `room_id` text REFERENCES `rooms`(`id`) ON DELETE SET NULL,
  `live_notified_at` integer,
  `updated_at` integer NOT NULL DEFAULT (unixepoch('subsec') * 1000)
);
-- The provider's notice about a live input, found by its uid.
CREATE INDEX `live_shows_stream_input_idx` ON `live_shows` (`stream_input_id`);

-- A provider notification applies once: its key (the event type and the time it names) per show.
CREATE TABLE `live_state_events` (
  `event_id` text NOT NULL REFERENCES `live_shows`(`event_id`) ON DELETE CASCADE,
  `key` text NOT NULL,
  `at` integer NOT NULL,
  PRIMARY KEY (`event_id`, `key`)
);

-- Who watched: written when a playback token is issued or refreshed. A viewer counts while
-- `last_at` is within the last 90 seconds. The member's data export lists these rows.
CREATE TABLE `live_watches` (
  `event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `first_at` integer NOT NULL,
  `last_at` integer NOT NULL,
  `seconds_watched` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`event_id`, `user_id`)
);
CREATE INDEX `live_watches_recent_idx` ON `live_watches` (`event_id`, `last_at`);
CREATE INDEX `live_watches_user_idx` ON `live_watches` (`user_id`);

-- The control room's chart: the viewer count, one sample a minute while live (the highest seen).
CREATE TABLE `live_viewer_samples` (
  `event_id` text NOT NULL REFERENCES `events`(`id`) ON DELETE CASCADE,
  `minute` integer NOT NULL,
  `viewers` integer NOT NULL,
  PRIMARY KEY (`event_id`, `minute`)
);

-- A ticket for a seat at the venue, or for watching online: no seat, no door.
ALTER TABLE `ticket_types` ADD COLUMN `kind` text NOT NULL DEFAULT 'venue' CHECK (`kind` IN ('venue', 'online'));
