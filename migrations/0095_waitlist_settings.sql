-- The waitlist's settings per event (decision 189): how long an offer is held for its fan and how
-- long before the show the list and its returns close. An event without a row, or a row written
-- before these columns, takes the defaults the constants in worker/contracts/waitlist/model.ts name.
-- The bounds keep a hold long enough to pay in and a closing within a week of the show.
ALTER TABLE `waitlist_event_rules` ADD COLUMN `hold_minutes` integer NOT NULL DEFAULT 30 CHECK (`hold_minutes` BETWEEN 5 AND 1440);
ALTER TABLE `waitlist_event_rules` ADD COLUMN `closes_before_minutes` integer NOT NULL DEFAULT 120 CHECK (`closes_before_minutes` BETWEEN 0 AND 10080);
