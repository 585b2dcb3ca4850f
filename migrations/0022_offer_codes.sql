-- Codes handed to one member each (decision 026): a VIP presale's unique codes imported from the
-- ticketing provider's CSV, and a perk's unique codes. pool_kind and pool_id name the event or
-- perk the codes belong to (no foreign key, as the pool may be either table; deleting an event or
-- a perk deletes its pool). A code is taken once claimed_at is set and is never handed out again:
-- claimed_by becomes null if the member's account is deleted, claimed_at stays.
CREATE TABLE `offer_codes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `pool_kind` text NOT NULL CHECK (`pool_kind` IN ('presale', 'perk')),
  `pool_id` text NOT NULL,
  `code` text NOT NULL,
  `claimed_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `claimed_at` integer CHECK (`claimed_by` IS NULL OR `claimed_at` IS NOT NULL),
  `created_at` integer NOT NULL
);

-- A pool holds a code once (a re-imported file adds only what is new).
CREATE UNIQUE INDEX `offer_codes_pool_code_unique` ON `offer_codes` (`pool_kind`, `pool_id`, `code`);
-- A member holds at most one code of a pool, whatever races.
CREATE UNIQUE INDEX `offer_codes_pool_member_unique` ON `offer_codes` (`pool_kind`, `pool_id`, `claimed_by`) WHERE `claimed_by` IS NOT NULL;
-- The next free code of a pool, in import order.
CREATE INDEX `offer_codes_free_idx` ON `offer_codes` (`pool_kind`, `pool_id`, `id`) WHERE `claimed_at` IS NULL;
