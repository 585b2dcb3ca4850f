// Each audit action code's name in the admin's language, as the area that writes it declares it
// (its `<area>.words.ts`, gathered in worker/contracts/areas/words.ts). A stored code this version
// does not declare (an older row) shows as stored.
import { AUDIT_ACTION_NAMES } from "#contracts/areas/words.ts";
import { isAuditAction } from "#contracts/audit-actions.ts";
import { isLocale } from "#contracts/locale.ts";

/** An action's name in the language of `locale` (English for one the site does not speak), or the stored code when this version has none. */
export const actionName = (locale: string, action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_NAMES[action][isLocale(locale) ? locale : "en"] : action;
