-- Every country for venues (decision 037): the venues table's CHECK allowed only USA, CAN and MEX,
-- and SQLite cannot drop a CHECK, so the table is rebuilt the standard way (create the new one, copy,
-- drop the old, rename). Countries stay ISO 3166-1 alpha-3 codes, now checked by the API against
-- worker/contracts/countries.ts; the column keeps only a shape check. events.venue_id references
-- venues by name: deferring foreign keys lets the old table go before the new one takes its name,
-- and every reference resolves again at commit. events.currency already exists (USD by default);
-- existing events keep theirs, since their prices were typed in as USD.
PRAGMA defer_foreign_keys = true;

CREATE TABLE `venues_new` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text,
	`state` text,
	`country` text DEFAULT 'USA' NOT NULL CHECK (length(`country`) = 3 AND `country` = upper(`country`)),
	`postal_code` text,
	`capacity` integer CHECK (`capacity` >= 0),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

INSERT INTO `venues_new` (`id`, `name`, `address`, `city`, `state`, `country`, `postal_code`, `capacity`, `created_at`, `updated_at`)
	SELECT `id`, `name`, `address`, `city`, `state`, `country`, `postal_code`, `capacity`, `created_at`, `updated_at` FROM `venues`;

DROP TABLE `venues`;
ALTER TABLE `venues_new` RENAME TO `venues`;

-- The venue list and the event form's picker, by name (dropped with the old table).
CREATE INDEX `venues_name_idx` ON `venues` (`name`);
