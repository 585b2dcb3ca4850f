-- Who may read a post, official posts and pinning (decision 024, post visibility).
-- visibility: 'members' (every signed-in member: the behaviour before this migration, so every
-- existing post keeps it), 'public' (anyone with the link, chosen by the author) or 'vip' (VIP
-- members and admins; everyone else gets a locked teaser). is_official: an admin wrote it as the
-- artist's official account. pinned_at: when an admin pinned it to the top of the feed; only an
-- official post can be pinned, which the CHECK keeps true whatever writes the row.
ALTER TABLE `posts` ADD `visibility` text DEFAULT 'members' NOT NULL CHECK (`visibility` IN ('public', 'members', 'vip'));
ALTER TABLE `posts` ADD `is_official` integer DEFAULT 0 NOT NULL CHECK (`is_official` IN (0, 1));
ALTER TABLE `posts` ADD `pinned_at` integer CHECK (`pinned_at` IS NULL OR `is_official` = 1);

-- The feed's first page reads the pinned posts apart from the rest; few rows ever carry a time.
CREATE INDEX `posts_pinned_idx` ON `posts` (`pinned_at`) WHERE `pinned_at` IS NOT NULL;
