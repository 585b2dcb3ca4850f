-- Community rooms (decision 106): where fans talk to each other. The rooms, who may read and write
-- each, their fan moderators and each member's place in them live here; the messages live in each
-- room's own Durable Object (RoomHub's SQLite), which keeps their order and serves the history.
-- Who may read and who may write are each one of: 'members' (any signed-in account), 'tier' (that
-- tier or higher: *_tier_id) or 'ticket' (a valid ticket to *_event_id; none once the event is
-- deleted). Writing needs reading too.
CREATE TABLE `rooms` (
  `id` text PRIMARY KEY NOT NULL,
  `name_en` text NOT NULL,
  `name_pt_br` text NOT NULL,
  `description_en` text NOT NULL DEFAULT '',
  `description_pt_br` text NOT NULL DEFAULT '',
  `read_access` text NOT NULL DEFAULT 'members' CHECK (`read_access` IN ('members', 'tier', 'ticket')),
  `read_tier_id` text REFERENCES `membership_tiers`(`id`),
  `read_event_id` text REFERENCES `events`(`id`) ON DELETE SET NULL,
  `write_access` text NOT NULL DEFAULT 'members' CHECK (`write_access` IN ('members', 'tier', 'ticket')),
  `write_tier_id` text REFERENCES `membership_tiers`(`id`),
  `write_event_id` text REFERENCES `events`(`id`) ON DELETE SET NULL,
  `slow_mode_seconds` integer NOT NULL DEFAULT 0 CHECK (`slow_mode_seconds` BETWEEN 0 AND 3600),
  `position` integer NOT NULL DEFAULT 0,
  `archived_at` integer,
  -- The newest message's number and time, written by the room's object as it stores each one:
  -- what the room list's unread counts compare each member's last read number against.
  `last_seq` integer NOT NULL DEFAULT 0,
  `last_message_at` integer,
  `created_at` integer NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  `updated_at` integer NOT NULL DEFAULT (unixepoch('subsec') * 1000),
  CHECK ((`read_access` = 'tier') = (`read_tier_id` IS NOT NULL)),
  CHECK ((`write_access` = 'tier') = (`write_tier_id` IS NOT NULL))
);
CREATE INDEX `rooms_position_idx` ON `rooms` (`archived_at`, `position`);

-- Fan moderators, named by an admin per room.
CREATE TABLE `room_moderators` (
  `room_id` text NOT NULL REFERENCES `rooms`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `named_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `named_at` integer NOT NULL,
  PRIMARY KEY (`room_id`, `user_id`)
);
CREATE INDEX `room_moderators_user_idx` ON `room_moderators` (`user_id`);

-- A member's place in a room: the last message they read (the unread count and the jump to the
-- first unread) and what they are told of it; `posted` marks the rooms holding their messages, so
-- the data export and the account's deletion visit only those rooms' objects.
CREATE TABLE `room_members` (
  `room_id` text NOT NULL REFERENCES `rooms`(`id`) ON DELETE CASCADE,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `last_read_seq` integer NOT NULL DEFAULT 0,
  `notify` text NOT NULL DEFAULT 'mentions' CHECK (`notify` IN ('all', 'mentions', 'none')),
  `posted` integer NOT NULL DEFAULT 0,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `room_id`)
);
CREATE INDEX `room_members_posted_idx` ON `room_members` (`user_id`, `posted`);
