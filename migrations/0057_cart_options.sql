-- A member's cart keeps its choices besides its lines (the cart page reads them back): the country
-- to ship to (ISO 3166-1 alpha-2) and the promotion code the buyer applied. Neither is trusted for
-- money: every quote and checkout prices the code and the shipping again. Written by hand to match
-- `carts` in worker/db/schema/store.ts.
ALTER TABLE `carts` ADD `shipping_country` text;
ALTER TABLE `carts` ADD `promo_code` text;
