-- Remix contests (decision 184): a contest on a catalog track, the members' entries and their votes.
-- Who may download the stems and who may enter are each members, a tier or higher (a tier id) or
-- holders of a valid ticket to an event (an event id), as a room's rules are. The four instants
-- keep their order (opens < entries close <= voting opens < voting closes), which the CHECK holds
-- as well as the form.
CREATE TABLE `contests` (
	`id` text PRIMARY KEY NOT NULL,
	`track_id` text NOT NULL REFERENCES `tracks`(`id`),
	`title_en` text NOT NULL,
	`title_pt_br` text NOT NULL,
	`brief_en` text NOT NULL,
	`brief_pt_br` text NOT NULL,
	`rules_en` text NOT NULL,
	`rules_pt_br` text NOT NULL,
	`prizes_en` text NOT NULL DEFAULT '',
	`prizes_pt_br` text NOT NULL DEFAULT '',
	`stems_access` text NOT NULL CHECK (`stems_access` IN ('members', 'tier', 'ticket')),
	`stems_tier_id` text,
	`stems_event_id` text,
	`enter_access` text NOT NULL CHECK (`enter_access` IN ('members', 'tier', 'ticket')),
	`enter_tier_id` text,
	`enter_event_id` text,
	`opens_at` integer NOT NULL,
	`entries_close_at` integer NOT NULL,
	`voting_opens_at` integer NOT NULL,
	`voting_closes_at` integer NOT NULL,
	`winner_by` text NOT NULL CHECK (`winner_by` IN ('fans', 'jury', 'both')),
	`fan_weight_percent` integer NOT NULL CHECK (`fan_weight_percent` BETWEEN 0 AND 100),
	`votes_per_member` integer NOT NULL DEFAULT 3 CHECK (`votes_per_member` >= 1),
	`entries_per_member` integer NOT NULL DEFAULT 1 CHECK (`entries_per_member` >= 1),
	`max_upload_mb` integer NOT NULL CHECK (`max_upload_mb` >= 1),
	`cover_key` text,
	`results_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CHECK (`opens_at` < `entries_close_at` AND `entries_close_at` <= `voting_opens_at` AND `voting_opens_at` < `voting_closes_at`)
);
CREATE INDEX `contests_voting_closes_idx` ON `contests` (`results_at`, `voting_closes_at`);

-- An entry is a draft until its audio is stored; a withdrawn entry keeps its row (its votes go).
CREATE TABLE `contest_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`title` text NOT NULL,
	`note` text NOT NULL DEFAULT '',
	`status` text NOT NULL CHECK (`status` IN ('draft', 'submitted', 'withdrawn')),
	`audio_key` text,
	`audio_format` text,
	`audio_bytes` integer,
	`duration_seconds` integer,
	`licence_accepted_at` integer NOT NULL,
	`jury_score` integer CHECK (`jury_score` BETWEEN 0 AND 100),
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
CREATE INDEX `contest_entries_contest_idx` ON `contest_entries` (`contest_id`, `status`);
CREATE INDEX `contest_entries_user_idx` ON `contest_entries` (`user_id`, `contest_id`);

-- One vote per member and entry (the key); how many a member casts in a contest is bounded by the
-- insert that takes it (worker/db/contests/votes.ts).
CREATE TABLE `contest_votes` (
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`entry_id` text NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`cast_at` integer NOT NULL,
	PRIMARY KEY (`entry_id`, `user_id`)
);
CREATE INDEX `contest_votes_member_idx` ON `contest_votes` (`contest_id`, `user_id`);

-- The results, written once when voting ends, in the batch that sets contests.results_at.
CREATE TABLE `contest_results` (
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`entry_id` text NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`place` integer NOT NULL,
	`fan_votes` integer NOT NULL,
	`fan_share_permille` integer NOT NULL,
	`jury_share_permille` integer NOT NULL,
	`score_permille` integer NOT NULL,
	PRIMARY KEY (`contest_id`, `entry_id`)
);
