-- Tax on every membership charge (decision 147): the billing place the member's invoices name
-- (the country, and a US state), kept on the subscription so a later charge (an upgrade, a
-- renewal, a trial's end) is taxed for it. Filled by each paid invoice that carries the address.
ALTER TABLE `subscriptions` ADD COLUMN `tax_country` text;
ALTER TABLE `subscriptions` ADD COLUMN `tax_region` text;

-- A retention discount belongs to the tier and plan it was made for (decision 148): a renewal of
-- any other tier or plan is charged in full and ends it. Offers answered before this migration
-- belong to their subscription's tier and plan now (a pending downgrade's, which they priced).
ALTER TABLE `retention_offers` ADD COLUMN `tier_id` text;
ALTER TABLE `retention_offers` ADD COLUMN `plan` text;
UPDATE `retention_offers` SET
  `tier_id` = (SELECT coalesce(s.`pending_tier_id`, s.`tier_id`) FROM `subscriptions` s WHERE s.`id` = `retention_offers`.`subscription_id`),
  `plan` = (SELECT coalesce(s.`pending_plan`, s.`plan`, 'monthly') FROM `subscriptions` s WHERE s.`id` = `retention_offers`.`subscription_id`);
