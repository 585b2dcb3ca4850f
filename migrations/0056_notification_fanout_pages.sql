-- A broadcast's fan-out as pages planned ahead (docs/decisions/062-fan-out-pages-queued-ahead.md).
-- When a broadcast is recorded, its audience is cut into pages of members by id: page n holds the
-- members with after_id < id <= up_to_id (the last page, up_to_id NULL, holds the rest, so members
-- who join meanwhile are reached too). Every page is queued at once; writing one is a single D1
-- batch that inserts its members' rows (the notifications primary key makes a second write of a
-- member nothing) only while the page's done_at is NULL, and sets done_at in the same transaction,
-- so a redelivered or raced page writes nothing. The event is fanned out when its last open page is
-- done. The 5-minute cron queues again any page still open some minutes after it was last queued
-- (queued_at), at most a few times (sweeps).
CREATE TABLE `notification_fanout_pages` (
  `event_id` text NOT NULL REFERENCES `notification_events`(`id`) ON DELETE CASCADE,
  `page` integer NOT NULL,
  `after_id` text NOT NULL,
  `up_to_id` text,
  `queued_at` integer NOT NULL,
  `sweeps` integer NOT NULL DEFAULT 0,
  `done_at` integer,
  PRIMARY KEY (`event_id`, `page`)
);
-- The sweeper's read: open pages by when they were last queued.
CREATE INDEX `notification_fanout_pages_open_idx` ON `notification_fanout_pages` (`queued_at`) WHERE `done_at` IS NULL;
