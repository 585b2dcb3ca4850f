-- "Notify me" on upcoming releases and on events not yet on sale (decision 057). One row per person
-- per item: a member's (user_id) waits at once; a visitor's (email) is pending until its
-- confirmation link is clicked (only the token's SHA-256 is kept). The sending pass marks a row
-- sent in the statement that claims it, so a second pass or a redelivered message tells nobody twice.
CREATE TABLE `notify_requests` (
  `id` text PRIMARY KEY NOT NULL,
  `item_kind` text NOT NULL CHECK (`item_kind` IN ('album', 'track', 'event')),
  `item_id` text NOT NULL,
  `user_id` text REFERENCES `users`(`id`) ON DELETE CASCADE,
  `email` text,
  `locale` text NOT NULL DEFAULT 'en',
  `status` text NOT NULL CHECK (`status` IN ('pending', 'waiting', 'sent', 'dropped')),
  `token_hash` text,
  `created_at` integer NOT NULL,
  `confirmed_at` integer,
  `sent_at` integer,
  CHECK ((`user_id` IS NULL) <> (`email` IS NULL))
);
CREATE UNIQUE INDEX `notify_requests_member_idx` ON `notify_requests` (`item_kind`, `item_id`, `user_id`) WHERE `user_id` IS NOT NULL;
CREATE UNIQUE INDEX `notify_requests_email_idx` ON `notify_requests` (`item_kind`, `item_id`, lower(`email`)) WHERE `email` IS NOT NULL;
CREATE UNIQUE INDEX `notify_requests_token_idx` ON `notify_requests` (`token_hash`) WHERE `token_hash` IS NOT NULL;
CREATE INDEX `notify_requests_status_idx` ON `notify_requests` (`status`, `item_kind`, `item_id`);
