-- The social feed around the existing posts table: counters kept in the same batch as the rows
-- they count, comments, one like per member and post, reports for the back office, and the
-- images members upload before they post (kept for an hour unless a post takes them).
-- Written by hand to match worker/db/schema.ts.
ALTER TABLE `posts` ADD `image_width` integer;
ALTER TABLE `posts` ADD `image_height` integer;
ALTER TABLE `posts` ADD `like_count` integer DEFAULT 0 NOT NULL;
ALTER TABLE `posts` ADD `comment_count` integer DEFAULT 0 NOT NULL;

-- The feed reads newest first with (created_at, id) as its cursor.
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`, `id`);

CREATE TABLE `post_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `post_comments_post_created_idx` ON `post_comments` (`post_id`, `created_at`);

CREATE TABLE `post_likes` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY (`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `post_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL CHECK (`reason` IN ('spam', 'harassment', 'hate', 'sexual', 'violence', 'other')),
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `post_reports_post_reporter_idx` ON `post_reports` (`post_id`, `reporter_id`);

-- An image a member uploaded for a post. post_id is set when a post takes it; the hourly cron
-- deletes the row and the R2 object of any image no post took within an hour.
CREATE TABLE `post_images` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`post_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `post_images_created_idx` ON `post_images` (`created_at`);
