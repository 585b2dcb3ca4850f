-- A free trial (decision 102): the days of trial a checkout was opened with, decided by the Worker
-- from the tier's row and the member's history when the checkout opened (0: none; older rows).
ALTER TABLE `checkout_sessions` ADD `trial_days` integer DEFAULT 0 NOT NULL;
