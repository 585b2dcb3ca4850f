-- Moderation of the social feed from the back office: a hidden post or comment leaves the feed for
-- members but stays stored (hidden_at), comments can be reported as posts can, and the queue reads
-- open reports through partial indexes.
ALTER TABLE `posts` ADD `hidden_at` integer;
ALTER TABLE `post_comments` ADD `hidden_at` integer;

CREATE INDEX `post_reports_open_idx` ON `post_reports` (`created_at`) WHERE `resolved_at` IS NULL;

CREATE TABLE `comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL CHECK (`reason` IN ('spam', 'harassment', 'hate', 'sexual', 'violence', 'other')),
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`comment_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE UNIQUE INDEX `comment_reports_comment_reporter_idx` ON `comment_reports` (`comment_id`, `reporter_id`);
CREATE INDEX `comment_reports_open_idx` ON `comment_reports` (`created_at`) WHERE `resolved_at` IS NULL;
