-- Social-feed posts (profiles list a user's posts; the feed issue builds on this table).
-- Written by hand to match `posts` in worker/db/schema.ts.
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`image_url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE INDEX `posts_user_created_idx` ON `posts` (`user_id`,`created_at`);
