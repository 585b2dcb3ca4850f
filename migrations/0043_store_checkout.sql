-- The store's checkout (decision 054): who may read a guest's checkout, whether the checkout took a
-- limited promotion code's use, and the table a reservation batch writes to when one of its
-- conditional statements changed nothing, so that the whole batch fails.

-- SHA-256 of the buyer cookie of the browser that opened a guest's checkout (null for a member's):
-- that browser, and the member, are the checkout's owners.
ALTER TABLE `store_checkouts` ADD COLUMN `buyer_key_hash` text;
-- 1 while the checkout holds one use of a limited promotion code (given back once when it expires).
ALTER TABLE `store_checkouts` ADD COLUMN `promo_use_taken` integer DEFAULT false NOT NULL;

-- A line's share of the promotion code's discount (its discounted unit price times its quantity is
-- what was paid for it): the provider's line items, the receipt and a refund by line read it.
ALTER TABLE `store_checkout_lines` ADD COLUMN `discount_cents` integer DEFAULT 0 NOT NULL;
ALTER TABLE `order_lines` ADD COLUMN `discount_cents` integer DEFAULT 0 NOT NULL;

-- Never holds a row. A batch that takes stock or a code's use follows each conditional UPDATE with
--   INSERT INTO store_refusals (code) SELECT '<code>' WHERE changes() = 0
-- so an UPDATE that changed no row makes this insert break one of the named CHECKs below: D1 runs
-- a batch as one transaction, so nothing of it is stored, and the error names the refusal.
CREATE TABLE `store_refusals` (
	`code` text NOT NULL,
	CONSTRAINT `store_refused_sold_out` CHECK (`code` <> 'sold_out'),
	CONSTRAINT `store_refused_promo_code_used_up` CHECK (`code` <> 'promo_code_used_up')
);
