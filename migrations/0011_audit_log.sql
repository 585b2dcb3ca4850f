-- The back office's audit log: one row per admin write (who, what, on which target, a before/after
-- summary, when). Written by hand to match `auditLog` in worker/db/schema.ts.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- /admin/audit lists newest first, filtered by action or by admin.
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`, `created_at`);
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`, `created_at`);
