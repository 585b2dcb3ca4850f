-- Each paid VIP invoice's payment (decision 094): a dispute or an early fraud warning names a payment
-- intent, and this is how the membership kind knows it is its own, which subscription and member it
-- paid for, and how much (with its tax, for the ledger's share). Written once per invoice by the
-- invoice.paid batch. refund_id / refunded_cents: a fraud warning's refund, recorded once.
CREATE TABLE `vip_payments` (
  `payment_intent_id` text PRIMARY KEY NOT NULL,
  `invoice_id` text NOT NULL,
  `subscription_id` text NOT NULL,
  `user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
  `amount_cents` integer NOT NULL CHECK (`amount_cents` >= 0),
  `currency` text NOT NULL,
  `tax_cents` integer NOT NULL DEFAULT 0,
  `tax_jurisdiction` text,
  `period_end` integer,
  `paid_at` integer NOT NULL,
  `refund_id` text,
  `refunded_cents` integer NOT NULL DEFAULT 0,
  `refunded_at` integer
);
CREATE INDEX `vip_payments_subscription_idx` ON `vip_payments` (`subscription_id`, `paid_at`);
CREATE INDEX `vip_payments_user_idx` ON `vip_payments` (`user_id`, `paid_at`);
