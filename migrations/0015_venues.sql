-- Saved venues for the back office (back-office.md 2 Venue management, 3 Venue). Written by hand
-- to match `venues` and `events.venue_id` in worker/db/schema.ts; queries in
-- worker/db/admin-venues.ts. The event form picks a venue to fill an event's venue fields, which
-- stay the event's own copy; events.venue_id remembers the pick, so a venue still used by an
-- event cannot be deleted (the API answers 409 first; the foreign key is the backstop).
CREATE TABLE `venues` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text,
	`state` text,
	`country` text DEFAULT 'USA' NOT NULL CHECK (`country` IN ('USA', 'CAN', 'MEX')),
	`postal_code` text,
	`capacity` integer CHECK (`capacity` >= 0),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

-- The venue list and the event form's picker, by name.
CREATE INDEX `venues_name_idx` ON `venues` (`name`);

-- A column added with REFERENCES must default to NULL, which it does: events made before this
-- migration, and events typed in without a saved venue, have none.
ALTER TABLE `events` ADD COLUMN `venue_id` text REFERENCES `venues`(`id`);

-- How many events use a venue (the delete check).
CREATE INDEX `events_venue_idx` ON `events` (`venue_id`) WHERE `venue_id` IS NOT NULL;
