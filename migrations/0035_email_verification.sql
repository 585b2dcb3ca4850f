-- E-mail verification (docs/design.md 4.1). users.email_verified_at: when the member proved the
-- address is theirs (ms); null until then, and the unverified member may read and edit their
-- profile but not post, comment, use the VIP chat or check out (requireVerifiedEmail).
-- users.pending_email: a new address asked for and not yet confirmed; the account keeps its old
-- one until the link sent to the new one is used. Accounts that existed before this migration are
-- taken as verified: they signed up before the site asked.
-- email_verifications: one row per link sent; only the token's SHA-256 is stored, `email` is the
-- address the link proves (the account's own, or the pending new one), used once, 48 hours.
-- Written by hand to match `users` and `emailVerifications` in worker/db/schema.ts.
ALTER TABLE `users` ADD `email_verified_at` integer;
ALTER TABLE `users` ADD `pending_email` text;
UPDATE `users` SET `email_verified_at` = unixepoch('subsec') * 1000;

CREATE TABLE `email_verifications` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `email_verifications_user_idx` ON `email_verifications` (`user_id`);
