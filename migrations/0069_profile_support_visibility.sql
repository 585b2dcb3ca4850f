-- Whether a member hides their "member since" date and their months supported from everyone else
-- on their profile (decision 100). Shown by default: both are what fans are proud of; hiding either
-- leaves it out of every answer about them but their own.
ALTER TABLE `profiles` ADD `hide_member_since` integer DEFAULT false NOT NULL;
ALTER TABLE `profiles` ADD `hide_months_supported` integer DEFAULT false NOT NULL;
