-- One free trial per member and tier (decision 149): each trialing subscription the provider reports
-- is written here once, by the event that first says it is trialing, with whether it got the
-- trial. The row's insert decides that in one statement (granted when the member has no granted
-- trial of the tier and no other subscription of it), so two checkouts opened before either was
-- paid, paid one after the other or at once, give one trial; the other is charged from day one.
-- The partial unique index is the bound itself: a second granted row for a member and tier fails.
CREATE TABLE `trial_takes` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`tier_id` text NOT NULL,
	`granted` integer NOT NULL CHECK (`granted` IN (0, 1)),
	`taken_at` integer NOT NULL
);
CREATE UNIQUE INDEX `trial_takes_one_granted` ON `trial_takes` (`user_id`, `tier_id`) WHERE `granted` = 1;
