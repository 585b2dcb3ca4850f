-- Cookieless site analytics: the daily salts that make visitor ids, raw page views (kept 90 days),
-- and the rollups the hourly cron keeps so analytics reads never scan raw views beyond today.
-- Written by hand to match `analyticsSalts`, `pageViews`, `analyticsDaily`, `analyticsDailyPaths`,
-- `analyticsHourly`, `analyticsDailyReferrers` and `analyticsMembersDaily` in worker/db/schema.ts.
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer NOT NULL
);

CREATE TABLE `page_views` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`path` text NOT NULL,
	`referrer_host` text,
	`visitor_id` text NOT NULL,
	`session_id` text NOT NULL,
	`device` text NOT NULL CHECK (`device` IN ('mobile', 'desktop')),
	`signed_in` integer NOT NULL
);

-- Reads go by time, and the totals of a time range (visitors, sessions, devices) come from the
-- time index alone; a session continues from the visitor's latest view.
CREATE INDEX `page_views_at_idx` ON `page_views` (`at`, `visitor_id`, `session_id`, `device`);
CREATE INDEX `page_views_visitor_at_idx` ON `page_views` (`visitor_id`, `at`);

CREATE TABLE `analytics_daily` (
	`day` text PRIMARY KEY NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	`sessions` integer NOT NULL,
	`bounces` integer NOT NULL,
	`session_ms` integer NOT NULL,
	`mobile_visitors` integer NOT NULL,
	`desktop_visitors` integer NOT NULL,
	`computed_at` integer NOT NULL
);

CREATE TABLE `analytics_daily_paths` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY (`day`, `path`)
);

CREATE TABLE `analytics_hourly` (
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY (`day`, `hour`)
);

CREATE TABLE `analytics_daily_referrers` (
	`day` text NOT NULL,
	`host` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY (`day`, `host`)
);

CREATE TABLE `analytics_members_daily` (
	`day` text PRIMARY KEY NOT NULL,
	`active_members` integer NOT NULL
);
