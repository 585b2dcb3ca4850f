-- The sign-in slowdown and one-time sign-in links (docs/decisions/038-login-slowdown-and-sign-in-links.md).
-- login_throttles: one row per address typed at the sign-in form, known account or not (so the
-- slowdown reveals nothing): failures since the last quiet period, and the time before which no
-- attempt for that address has its password checked. sign_in_links: the links mailed to an
-- account's owner once it is throttled; only the token's SHA-256 is stored.
-- Written by hand to match `loginThrottles` and `signInLinks` in worker/db/schema.ts.
CREATE TABLE `login_throttles` (
  `email` text PRIMARY KEY NOT NULL,
  `failures` integer DEFAULT 0 NOT NULL,
  `last_failure_at` integer NOT NULL,
  `not_before` integer DEFAULT 0 NOT NULL,
  `link_sent_at` integer
);
CREATE TABLE `sign_in_links` (
  `token_hash` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `expires_at` integer NOT NULL,
  `used_at` integer,
  `created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE INDEX `sign_in_links_user_idx` ON `sign_in_links` (`user_id`);
