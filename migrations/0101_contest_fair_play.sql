-- Remix contests' fair play (issue 90, item 5; decision 196): members' reports on entries, an
-- entry hidden by an admin with a reason, and what a vote keeps for the suspicious patterns and
-- the admin's voiding.
--
-- One report per member and entry (the key: racing duplicates store one). `resolved_at` is set
-- when an admin hides the entry or dismisses its reports.
CREATE TABLE `contest_entry_reports` (
	`entry_id` text NOT NULL REFERENCES `contest_entries`(`id`) ON DELETE CASCADE,
	`reporter_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`contest_id` text NOT NULL REFERENCES `contests`(`id`) ON DELETE CASCADE,
	`reason` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	PRIMARY KEY (`entry_id`, `reporter_id`)
);
-- The contest's fair-play section reads its open reports.
CREATE INDEX `contest_entry_reports_open_idx` ON `contest_entry_reports` (`contest_id`, `resolved_at`);

-- A hidden entry leaves the public list, its audio route, the voting and the results; its votes
-- stay (an unhide brings them back). The entrant reads the reason.
ALTER TABLE `contest_entries` ADD COLUMN `hidden_at` integer;
ALTER TABLE `contest_entries` ADD COLUMN `hidden_reason` text;
ALTER TABLE `contest_entries` ADD COLUMN `hidden_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;

-- `network_hash`: HMAC-SHA-256 (the server's secret) of the voter's /24 (IPv4) or /48 (IPv6),
-- never the address; null when the request had none. A voided vote keeps its row, still counts
-- against the voter's votes and no longer in the results.
ALTER TABLE `contest_votes` ADD COLUMN `network_hash` text;
ALTER TABLE `contest_votes` ADD COLUMN `voided_at` integer;
ALTER TABLE `contest_votes` ADD COLUMN `void_reason` text;
ALTER TABLE `contest_votes` ADD COLUMN `voided_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
CREATE INDEX `contest_votes_network_idx` ON `contest_votes` (`contest_id`, `entry_id`, `network_hash`);
