-- A redeemed gift's VIP window (decision 074): the span of the member's comp that the gift added
-- (after any VIP time they already had), so a refund can take back that gift's time and never the
-- member's own; and when a refund settled it (took it back or let the member keep it), so a retried
-- refund applies the choice once. Codes redeemed before this have no window: their gift's months
-- are counted from the redemption.
ALTER TABLE `gift_codes` ADD COLUMN `vip_from` integer;
ALTER TABLE `gift_codes` ADD COLUMN `vip_until` integer;
ALTER TABLE `gift_codes` ADD COLUMN `time_settled_at` integer;
ALTER TABLE `gift_codes` ADD COLUMN `time_revoked_ms` integer;
