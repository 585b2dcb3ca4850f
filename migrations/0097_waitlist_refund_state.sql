-- A seller's refund after a waitlist claim (decisions 185, 191): its state on the return, so a refund
-- the provider refused or that errored is asked again, under the same key, by the five-minute job a
-- bounded number of times and then left to the admin (told once, `refund_given_up_at`). Null: the
-- return was never sold, or its sale needs no refund (nothing paid).
ALTER TABLE `ticket_returns` ADD COLUMN `refund_status` text CHECK (`refund_status` IN ('pending', 'done', 'failed'));
ALTER TABLE `ticket_returns` ADD COLUMN `refund_attempts` integer NOT NULL DEFAULT 0;
ALTER TABLE `ticket_returns` ADD COLUMN `refund_tried_at` integer;
ALTER TABLE `ticket_returns` ADD COLUMN `refund_error` text;
ALTER TABLE `ticket_returns` ADD COLUMN `refund_given_up_at` integer;
CREATE INDEX `ticket_returns_refund_idx` ON `ticket_returns` (`refund_status`) WHERE `refund_status` IN ('pending', 'failed');
