-- Cancelling an event that sold tickets (decision 055, part "cancel"): one row per order the refund
-- job must settle, written in the batch that cancels the event, so the job's work list is stored
-- and a redelivered or interrupted job carries on with the rows still `pending`. A row leaves
-- `pending` once (a conditional UPDATE): `refunded` when the provider accepted the refund (or there
-- was nothing left to refund), `failed` with the provider's reason. `mailed_at`: the buyer's notice.
CREATE TABLE `event_cancellation_orders` (
	`event_id` text NOT NULL REFERENCES `event_cancellations`(`event_id`) ON DELETE cascade,
	`order_id` text NOT NULL REFERENCES `orders`(`id`) ON DELETE restrict,
	`state` text DEFAULT 'pending' NOT NULL CHECK (`state` IN ('pending', 'refunded', 'failed')),
	`amount_cents` integer,
	`refund_id` text,
	`error` text,
	`mailed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY (`event_id`, `order_id`)
);
CREATE INDEX `event_cancellation_orders_state_idx` ON `event_cancellation_orders` (`event_id`, `state`);

-- Never holds a row: the cancel batch inserts here when the buyers counted at the moment of the
-- batch are not the number the administrator confirmed, or when another request cancelled the
-- event first, and the named CHECK fails the whole batch (as store_refusals does for the store).
CREATE TABLE `event_cancel_refusals` (
	`code` text NOT NULL,
	CONSTRAINT `event_cancel_refused_buyers_changed` CHECK (`code` <> 'buyers_changed'),
	CONSTRAINT `event_cancel_refused_already_cancelled` CHECK (`code` <> 'already_cancelled')
);
