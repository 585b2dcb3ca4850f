-- VIP presales (decision 029): a window before an event's general sale in which VIP members and
-- admins get a presale code and the ticket link, and everyone else only the dates. Written by hand
-- to match `events` in worker/db/schema.ts. Times are epoch ms; all null and the mode 'none' when
-- the event has no presale. general_sale_at is when everyone may buy (at least the presale end,
-- before the event). presale_shared_code is the one code every VIP gets in 'shared' mode; in
-- 'unique' mode the codes are the event's pool in offer_codes (pool_kind 'presale', pool_id the
-- event id). Neither ever appears in a public answer.
ALTER TABLE `events` ADD `presale_starts_at` integer;
ALTER TABLE `events` ADD `presale_ends_at` integer;
ALTER TABLE `events` ADD `general_sale_at` integer;
ALTER TABLE `events` ADD `presale_code_mode` text DEFAULT 'none' NOT NULL CHECK (`presale_code_mode` IN ('none', 'shared', 'unique'));
ALTER TABLE `events` ADD `presale_shared_code` text;
