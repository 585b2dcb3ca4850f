-- The local bot check's tokens, each spent once (decision 133): the token's nonce is written by the
-- request that uses it, in one conditional insert, so a second use of the same token is refused.
-- A row is kept until its token would have expired anyway, then the hourly housekeeping drops it.
CREATE TABLE `spent_bot_check_tokens` (
	`nonce` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
CREATE INDEX `spent_bot_check_tokens_expires` ON `spent_bot_check_tokens` (`expires_at`);
