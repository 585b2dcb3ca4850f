-- Gift codes per membership tier (decision 116). A gift product names the tier it gives (null: VIP,
-- as every existing gift product means); each code keeps the tier it was bought for, so a later
-- edit of the product never changes a code already sold.
ALTER TABLE `products` ADD `gift_tier_id` text;
ALTER TABLE `gift_codes` ADD `tier_id` text NOT NULL DEFAULT 'vip';
