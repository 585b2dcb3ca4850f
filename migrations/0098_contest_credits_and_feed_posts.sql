-- Remix contests' co-authors and feed posts (issue 90, items 3 and 7; decision 192).
-- An entrant names other members as co-authors; each confirms or declines, and only confirmed ones
-- are credited (and may not vote for the entry). One row per entry and member.
CREATE TABLE `contest_entry_credits` (
	`entry_id` text NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`status` text NOT NULL CHECK (`status` IN ('invited', 'confirmed', 'declined')),
	`invited_at` integer NOT NULL,
	`answered_at` integer,
	PRIMARY KEY (`entry_id`, `user_id`)
);
CREATE INDEX `contest_entry_credits_member_idx` ON `contest_entry_credits` (`user_id`, `status`);

-- The feed posts a contest made by itself, one per moment ('opened', 'ended'): the key is what
-- makes the five-minute job post each once however often it runs. The post may be deleted later;
-- its row stays, so it is not posted again.
CREATE TABLE `contest_feed_posts` (
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`moment` text NOT NULL CHECK (`moment` IN ('opened', 'ended')),
	`post_id` text NOT NULL,
	`posted_at` integer NOT NULL,
	PRIMARY KEY (`contest_id`, `moment`)
);
