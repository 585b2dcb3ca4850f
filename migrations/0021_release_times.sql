-- Early access: an album or a track may have a public release time and a VIP early-access time
-- before it (epoch ms; null release = released). Until the early-access time it is hidden from
-- everyone but admins; between the two, VIPs and admins hear it in full and everyone else sees
-- "Coming {date}" with no preview. A track without times of its own follows its album.
-- Written by hand to match `albums` and `tracks` in worker/db/schema.ts.
ALTER TABLE `albums` ADD `release_at` integer;
ALTER TABLE `albums` ADD `early_access_at` integer;
ALTER TABLE `tracks` ADD `release_at` integer;
ALTER TABLE `tracks` ADD `early_access_at` integer;
