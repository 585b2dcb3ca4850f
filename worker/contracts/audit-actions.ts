// Every action code the Worker writes into the audit log, as the areas declare them (each area's
// `<area>.words.ts`, gathered by worker/contracts/areas/words.ts, with its names in both languages).
// The writers take `AuditAction` (the `AuditEntry` of worker/db/audit.ts; raw SQL writers
// interpolate a typed constant), so a code no area declares fails the type check. Rows written
// before a code was renamed or dropped still show: the back office falls back to the code.
import { AUDIT_ACTION_NAMES, type AuditAction } from "./areas/words.ts";

export type { AuditAction };

/** @internal Every declared code, in the areas' order: what the tests check writers and names against. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_NAMES) as readonly AuditAction[];

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_NAMES, action);
