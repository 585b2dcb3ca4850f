-- Events in the visitor's language, and sold out as a state (decision 031). Written by hand to
-- match `events` in worker/db/schema.ts.
--
-- The Portuguese title and description are optional: a blank one shows the English text
-- (title, description), which stays the required fallback.
ALTER TABLE `events` ADD COLUMN `title_pt_br` text;
ALTER TABLE `events` ADD COLUMN `description_pt_br` text;

-- Set by an administrator on a future event whose tickets are gone. A past event is a past show
-- whatever this says (the public pages list it in the archive, never as sold out).
ALTER TABLE `events` ADD COLUMN `sold_out` integer DEFAULT 0 NOT NULL CHECK (`sold_out` IN (0, 1));
