-- Members' reports on community room messages (decision 111), beside post_reports and
-- comment_reports in the one moderation queue. A room's messages live in its object (decision 106),
-- so a report keeps what the queue shows of the message as it was reported: its author, their name
-- and its text. One report per member per message (the unique index: racing duplicates store one).
-- Deleting the author's account deletes the reports quoting their message.
-- `resolved_at` is set when an admin hides the message from the queue or dismisses its reports.
CREATE TABLE `room_message_reports` (
  `id` text PRIMARY KEY NOT NULL,
  `room_id` text NOT NULL REFERENCES `rooms`(`id`) ON DELETE CASCADE,
  `seq` integer NOT NULL,
  `reporter_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `reason` text NOT NULL,
  `details` text,
  `author_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `author_name` text NOT NULL,
  `text` text NOT NULL,
  `message_at` integer NOT NULL,
  `created_at` integer NOT NULL,
  `resolved_at` integer
);
CREATE UNIQUE INDEX `room_message_reports_reporter_idx` ON `room_message_reports` (`room_id`, `seq`, `reporter_id`);
-- The queue reads open reports only.
CREATE INDEX `room_message_reports_open_idx` ON `room_message_reports` (`resolved_at`, `room_id`, `seq`);

-- "Everything" of a room (room_members.notify = 'all') is told at most once per window per member:
-- when the member was last told of the room's new messages (epoch ms; 0: never). The room's object
-- claims the members due in one conditional UPDATE, so racing messages tell each member once.
ALTER TABLE `room_members` ADD COLUMN `activity_told_at` integer NOT NULL DEFAULT 0;
-- Who chose "everything" of a room and is due: read for every message of the room.
CREATE INDEX `room_members_notify_idx` ON `room_members` (`room_id`, `notify`, `activity_told_at`);
