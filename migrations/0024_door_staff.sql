-- The VIP pass scanned at the door (decision 027). Written by hand to match `users.is_door_staff`,
-- `vipPasses` and `checkIns` in worker/db/schema.ts; queries in worker/db/check-in.ts.

-- Door staff: granted and removed by administrators in the back office. The role opens the
-- check-in page and nothing else.
ALTER TABLE `users` ADD `is_door_staff` integer DEFAULT false NOT NULL;

-- A VIP's pass number, given the first time their pass is shown and kept for good (also after the
-- VIP ends, so a returning member keeps theirs). It is what the typed code starts with: the door
-- finds the member by it, the time code after it proves the pass is live.
CREATE TABLE `vip_passes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `vip_passes_number_unique` ON `vip_passes` (`number`);

-- A member let in at an event: once per event (a second scan finds this row), with the staff
-- member who scanned (null once their account is deleted) and how (the QR code or the typed code).
CREATE TABLE `check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`staff_id` text,
	`method` text NOT NULL CHECK (`method` IN ('qr', 'code')),
	`checked_in_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE UNIQUE INDEX `check_ins_event_user_unique` ON `check_ins` (`event_id`, `user_id`);
-- The page's list: an event's check-ins, newest first.
CREATE INDEX `check_ins_event_time_idx` ON `check_ins` (`event_id`, `checked_in_at`);
-- The SET NULL when a staff member's account is deleted.
CREATE INDEX `check_ins_staff_idx` ON `check_ins` (`staff_id`) WHERE `staff_id` IS NOT NULL;
