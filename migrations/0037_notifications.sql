-- The notification centre, its preferences and web push subscriptions
-- (docs/decisions/044-notifications-through-a-queue.md).
-- Written by hand to match worker/db/schema.ts.

-- One row per thing that happened, written once: its id is the producer's key ('like:<post>:<member>',
-- 'release:<album>'), so a producer that runs twice writes it once. post_id and comment_id tie it to
-- the content it is about: deleting that content deletes it, and every member's notification of it.
-- A broadcast (release, event, tv_live, meet_soon) also keeps its audience and fan-out progress.
CREATE TABLE `notification_events` (
  `id` text PRIMARY KEY NOT NULL,
  `kind` text NOT NULL,
  `actor_id` text REFERENCES `users`(`id`) ON DELETE CASCADE,
  `post_id` text REFERENCES `posts`(`id`) ON DELETE CASCADE,
  `comment_id` text REFERENCES `post_comments`(`id`) ON DELETE CASCADE,
  `params` text NOT NULL DEFAULT '{}',
  `link` text NOT NULL,
  `audience` text,
  `recipients_total` integer NOT NULL DEFAULT 0,
  `recipients_written` integer NOT NULL DEFAULT 0,
  `fanout_cursor` text,
  `fanned_out_at` integer,
  `created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer NOT NULL
);
CREATE INDEX `notification_events_post_idx` ON `notification_events` (`post_id`) WHERE `post_id` IS NOT NULL;
CREATE INDEX `notification_events_comment_idx` ON `notification_events` (`comment_id`) WHERE `comment_id` IS NOT NULL;
CREATE INDEX `notification_events_actor_idx` ON `notification_events` (`actor_id`) WHERE `actor_id` IS NOT NULL;

-- A member's inbox: one row per (member, group). Likes of one post share the group 'like:<post>' and
-- count their distinct likers in notification_actors; every other kind's group is its event's id.
-- The primary key makes a redelivered queue message write nothing.
CREATE TABLE `notifications` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `group_key` text NOT NULL,
  `id` text NOT NULL,
  `event_id` text NOT NULL REFERENCES `notification_events`(`id`) ON DELETE CASCADE,
  `actor_count` integer NOT NULL DEFAULT 1,
  `created_at` integer NOT NULL,
  `read_at` integer,
  `emailed_at` integer,
  PRIMARY KEY (`user_id`, `group_key`)
);
CREATE UNIQUE INDEX `notifications_id_idx` ON `notifications` (`id`);
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`, `created_at`, `id`);
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE `read_at` IS NULL;
CREATE INDEX `notifications_event_idx` ON `notifications` (`event_id`);

CREATE TABLE `notification_actors` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `group_key` text NOT NULL,
  `actor_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `created_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `group_key`, `actor_id`)
);

-- Only where a member differs from the defaults (contracts/notifications.ts defaultPreference).
CREATE TABLE `notification_preferences` (
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL,
  `in_app` integer NOT NULL,
  `push` integer NOT NULL,
  `email` integer NOT NULL,
  PRIMARY KEY (`user_id`, `kind`)
);

CREATE TABLE `notification_settings` (
  `user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `paused` integer NOT NULL DEFAULT 0,
  `digest_sent_at` integer
);

CREATE TABLE `push_subscriptions` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `endpoint` text NOT NULL,
  `p256dh` text NOT NULL,
  `auth` text NOT NULL,
  `created_at` integer NOT NULL
);
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);
