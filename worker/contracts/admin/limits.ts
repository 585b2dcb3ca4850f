// The back office's shared values that the Worker's start-up path reads (the audit log is written
// by the settings' reader's module), zod-free (decision 078). admin.ts re-exports them.

/** Entries a page of the audit log (/admin/audit) lists. */
export const AUDIT_PAGE_SIZE = 50;
