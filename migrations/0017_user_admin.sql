-- User management: complimentary VIP, kept apart from paid VIP (subscriptions). users.is_vip is
-- true while a paying subscription or a comp gives VIP; neither source clears the other.
-- Written by hand to match `vipComps` in worker/db/schema.ts.
CREATE TABLE `vip_comps` (
	`user_id` text PRIMARY KEY NOT NULL,
	`granted_by` text,
	`granted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- Members who are VIP without ever having had a subscription were made VIP by hand (seed data,
-- a database edit): they keep it as a comp, or the next recomputation of is_vip would end it.
INSERT INTO `vip_comps` (`user_id`, `granted_by`, `granted_at`)
	SELECT `id`, NULL, unixepoch('subsec') * 1000 FROM `users`
	WHERE `is_vip` = 1 AND NOT EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`user_id` = `users`.`id`);

-- The back office lists members newest first, a page at a time.
CREATE INDEX `users_created_idx` ON `users` (`created_at`, `id`);
