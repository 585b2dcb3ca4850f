-- Community rooms (decision 115). A room's messages live in its object (decision 106), so the
-- moderation queue's "hidden" view cannot list hidden room messages from D1 without a copy: the
-- object writes one row here as it hides a message (a fan moderator's hide in the room, or an
-- admin's from the queue), the message's author, name and text as they were. Deleting the author's
-- account or the room deletes the rows. Hides made before this table are not listed.
CREATE TABLE `room_hidden_messages` (
  `room_id` text NOT NULL REFERENCES `rooms`(`id`) ON DELETE CASCADE,
  `seq` integer NOT NULL,
  `author_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `author_name` text NOT NULL,
  `text` text NOT NULL,
  `message_at` integer NOT NULL,
  `hidden_at` integer NOT NULL,
  `hidden_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  PRIMARY KEY (`room_id`, `seq`)
);
-- The hidden view lists the most recently hidden first.
CREATE INDEX `room_hidden_messages_hidden_idx` ON `room_hidden_messages` (`hidden_at`);

-- Each picture uploaded for a room message (decision 110) is recorded here as it is stored in R2,
-- so the rooms' hourly job finds the ones never sent: older than a day (their signed ids expire
-- within the hour), each is asked of its room's object, and the unsent ones are deleted from R2.
-- The row goes either way. Deleting the room or the uploader's account deletes the rows (not the
-- files: the room's and the account's own clean-ups do that).
CREATE TABLE `room_picture_uploads` (
  `room_id` text NOT NULL REFERENCES `rooms`(`id`) ON DELETE CASCADE,
  `filename` text NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `created_at` integer NOT NULL,
  PRIMARY KEY (`room_id`, `filename`)
);
CREATE INDEX `room_picture_uploads_created_idx` ON `room_picture_uploads` (`created_at`);
