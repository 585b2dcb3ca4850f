-- A ban carries why and until when (decision in docs/design.md 4.1): the reason the member sees
-- when they sign in with the right password, the end of a timed suspension (epoch ms; NULL means
-- permanent) and when it began. All three are NULL while the member is active. A timed suspension
-- past its end reads as active (worker/lib/suspension.ts) and is cleared at the next sign-in, so
-- no scheduled job is needed. Rows banned before this migration read as permanent, no reason.
-- Written by hand to match `users` in worker/db/schema.ts.
ALTER TABLE `users` ADD `ban_reason` text;
ALTER TABLE `users` ADD `banned_until` integer;
ALTER TABLE `users` ADD `banned_at` integer;
