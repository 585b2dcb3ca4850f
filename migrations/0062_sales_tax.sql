-- Sales tax and VAT (decision 093). A checkout keeps the tax behaviour its prices had when it was
-- opened (the admin may change the setting meanwhile). An order keeps the tax the verified payment
-- event carried (Stripe Tax live, the local demo calculator offline): total_cents is what the buyer
-- paid, tax included; tax_cents the part of it that is tax; where (country, US state) and whether
-- it was collected there; the buyer's business tax id when given. The ledger's rows carry their
-- share of the tax and its jurisdiction, so revenue is shown net of tax and the tax report sums it.
-- Where the artist is registered and the prices' behaviour live in site_settings ('tax.*' rows).
ALTER TABLE `store_checkouts` ADD COLUMN `tax_behavior` text NOT NULL DEFAULT 'exclusive';
ALTER TABLE `orders` ADD COLUMN `tax_cents` integer NOT NULL DEFAULT 0;
ALTER TABLE `orders` ADD COLUMN `tax_behavior` text;
ALTER TABLE `orders` ADD COLUMN `tax_status` text;
ALTER TABLE `orders` ADD COLUMN `tax_country` text;
ALTER TABLE `orders` ADD COLUMN `tax_region` text;
ALTER TABLE `orders` ADD COLUMN `buyer_tax_id` text;
ALTER TABLE `revenue_entries` ADD COLUMN `tax_cents` integer NOT NULL DEFAULT 0;
ALTER TABLE `revenue_entries` ADD COLUMN `tax_jurisdiction` text;
