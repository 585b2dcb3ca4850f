// The code of every rule a person can break in a form, with its English text and the values that
// text names. The Worker answers a broken rule with { code, message, field, params } (validate());
// the SPA translates by code and params, so the English text is only what other clients read.
// Rules that guard ids, cursors or a body's shape have no code here: they answer invalid_input.
// A text belongs to one code only (a schema's issue carries its text, not its rule), so rules that
// say the same thing in different forms share a code: email_invalid, name_required, title_required
// (the back office's catalog forms say those two as well), invalid_characters.
// An area's rules are its words file's (worker/contracts/areas/<area>.words.ts, gathered in
// words.ts); this file holds only those shared codes, which no one area owns (decision 181).
import { TEXT_MESSAGES } from "./text-messages";
import { AUTH_MESSAGES } from "./auth-limits";
import { CONTACT_MESSAGES } from "./contact";
import { EVENT_FORM_MESSAGES } from "./admin/event-limits";
import { VALIDATION_CODE_WORDS } from "./areas/words.ts";
import type { ErrorParams, ValidationRule as Rule } from "./areas/area";

export type { ErrorParams };

/** The rules several areas' forms share. */
const CORE_VALIDATION_RULES = {
  invalid_characters: { message: TEXT_MESSAGES.invalidCharacters },
  // The account forms' and the contact form's
  email_invalid: { message: AUTH_MESSAGES.emailInvalid },
  // The contact form's, the ticket types' and the back office's catalog forms'
  name_required: { message: CONTACT_MESSAGES.nameRequired },
  // The back office's event, party, perk, store and catalog forms'
  title_required: { message: EVENT_FORM_MESSAGES.titleRequired },
} as const satisfies Record<string, Rule>;

export const VALIDATION_RULES: typeof CORE_VALIDATION_RULES & typeof VALIDATION_CODE_WORDS = { ...CORE_VALIDATION_RULES, ...VALIDATION_CODE_WORDS };

export type ValidationCode = keyof typeof VALIDATION_RULES;

const CODE_BY_TEXT = new Map(Object.entries(VALIDATION_RULES).map(([code, rule]) => [rule.message as string, code as ValidationCode]));

/** What the API answers when a schema refuses a value (its first issue). */
export type ValidationFailure = { code: ValidationCode | "invalid_input"; message: string; field?: string; params?: ErrorParams };

/** The code, field and values of a schema's issue: its rule's, or invalid_input for a rule without a code. */
export function validationFailure(issue: { message: string; path: readonly PropertyKey[] } | undefined): ValidationFailure {
  const message = issue?.message ?? "Invalid input";
  const field = issue?.path.map(String).join(".");
  const code = CODE_BY_TEXT.get(message);
  const params = code ? (VALIDATION_RULES[code] as Rule).params : undefined;
  return { code: code ?? "invalid_input", message, ...(field ? { field } : {}), ...(params ? { params: { ...params } } : {}) };
}
