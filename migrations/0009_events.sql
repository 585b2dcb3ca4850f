-- Events: concerts, meet-and-greets and virtual meets (public-site.md 2.3, 3, 4; back-office.md
-- 3 Event, 4, 5). Written by hand to match `events` in worker/db/schema.ts; queries in
-- worker/db/events.ts. Dates are epoch milliseconds (instants); time_zone is the IANA zone the
-- venue is in, so pages and calendars show the local time. Prices are integer cents in
-- `currency` (ISO 4217). join_url (the online meeting's link) never leaves the Worker except to
-- VIP members and admins in the join window.
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`event_date` integer NOT NULL,
	`end_date` integer,
	`time_zone` text DEFAULT 'America/New_York' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL CHECK (`status` IN ('draft', 'published', 'cancelled')),
	`source` text DEFAULT 'custom' NOT NULL CHECK (`source` IN ('custom', 'eventbrite')),
	`eventbrite_id` text,
	`external_ticket_url` text,
	`venue_name` text,
	`venue_address` text,
	`venue_city` text,
	`venue_state` text,
	`venue_country` text,
	`venue_postal_code` text,
	`venue_capacity` integer CHECK (`venue_capacity` >= 0),
	`ticket_price_min_cents` integer CHECK (`ticket_price_min_cents` >= 0),
	`ticket_price_max_cents` integer CHECK (`ticket_price_max_cents` >= 0),
	`currency` text DEFAULT 'USD' NOT NULL CHECK (length(`currency`) = 3),
	`ticket_sale_start` integer,
	`ticket_sale_end` integer,
	`is_online` integer DEFAULT 0 NOT NULL CHECK (`is_online` IN (0, 1)),
	`join_url` text,
	`image_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`end_date` IS NULL OR `end_date` >= `event_date`),
	CHECK (`ticket_price_min_cents` IS NULL OR `ticket_price_max_cents` IS NULL OR `ticket_price_max_cents` >= `ticket_price_min_cents`)
);

-- Public lists: published events by date (the list, the calendar feed, virtual meets).
CREATE INDEX `events_status_date_idx` ON `events` (`status`, `event_date`);
-- An Eventbrite event is imported once.
CREATE UNIQUE INDEX `events_eventbrite_id_idx` ON `events` (`eventbrite_id`) WHERE `eventbrite_id` IS NOT NULL;
