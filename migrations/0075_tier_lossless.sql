-- A tier may include lossless listening (decision 105): its members, and those of every tier above
-- it, stream a track's lossless master and download it without buying it. Off for every tier the
-- migration finds (VIP included); the back office turns it on per tier.
ALTER TABLE `membership_tiers` ADD `lossless` integer NOT NULL DEFAULT 0;
