-- The store's downloads and collection (decision 054). Written by hand to match
-- worker/db/schema/store.ts.

-- The CRC-32 of each R2 object a release's zip holds, for the object's ETag: a zip's headers carry
-- its files' CRCs, so knowing them before the first byte lets every download, and every Range of
-- one, be generated with its exact bytes and length. Computed once per object, on the first
-- download that needs it; an object replaced under the same key has another ETag and is read again.
CREATE TABLE `media_checksums` (
	`key` text PRIMARY KEY NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	`crc32` integer NOT NULL,
	`computed_at` integer NOT NULL
);

-- A one-time link a member asked for to claim what was bought as a guest with another address:
-- mailed to that address, only its SHA-256 stored; opening it while signed in as the member who
-- asked attaches that address's guest orders to them.
CREATE TABLE `store_claim_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
CREATE INDEX `store_claim_links_user_idx` ON `store_claim_links` (`user_id`);
