-- Special perks (decision 030): members-only merchandise, limited editions and surprises that an
-- admin publishes for a time window. Written by hand to match `perks` and `perkReveals` in
-- worker/db/schema.ts; queries in worker/db/perks.ts and worker/db/admin-perks.ts.
-- A perk hands out no code, one code shared by everyone (shared_code), or one code per member
-- from its pool in offer_codes (pool_kind 'perk', pool_id the perk's id; deleted with the perk in
-- the same batch). audience 'vip' is for VIP members (and admins); 'members' for every signed-in
-- member. The perk is live from starts_at (included) to ends_at (excluded).
CREATE TABLE `perks` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`image_key` text,
	`link` text,
	`code_mode` text DEFAULT 'none' NOT NULL CHECK (`code_mode` IN ('none', 'shared', 'unique')),
	`shared_code` text CHECK (`code_mode` <> 'shared' OR `shared_code` IS NOT NULL),
	`audience` text DEFAULT 'vip' NOT NULL CHECK (`audience` IN ('vip', 'members')),
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL CHECK (`ends_at` > `starts_at`),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

-- The members' list: the perks live now, newest first.
CREATE INDEX `perks_window_idx` ON `perks` (`ends_at`, `starts_at`);

-- Who revealed a perk and when: once per member (a second reveal finds this row). A unique code's
-- holder is also in offer_codes (claimed_by); this row is what the admin's reveal list counts.
CREATE TABLE `perk_reveals` (
	`perk_id` text NOT NULL,
	`user_id` text NOT NULL,
	`revealed_at` integer NOT NULL,
	PRIMARY KEY (`perk_id`, `user_id`),
	FOREIGN KEY (`perk_id`) REFERENCES `perks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

-- The admin's reveal list of a perk, latest first.
CREATE INDEX `perk_reveals_perk_time_idx` ON `perk_reveals` (`perk_id`, `revealed_at`);
