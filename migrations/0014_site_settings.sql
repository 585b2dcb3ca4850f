-- The back office's saved site settings: one row per setting (session timeout, each admin
-- notification switch), the value as JSON. No rows at first: a missing setting reads as its
-- default. Written by hand to match `siteSettings` in worker/db/schema.ts.
CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
