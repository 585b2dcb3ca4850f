// The perks' words: their back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, RouteCodeWords, ValidationCodeWords } from "./area";
import { PERK_CODE_MAX, PERK_DESCRIPTION_MAX, PERK_FORM_MESSAGES, PERK_MESSAGES, PERK_TITLE_MAX } from "../perk-limits.ts";

export const auditActions = {
  "perk.create": { en: "Perk created", "pt-BR": "Vantagem criada" },
  "perk.update": { en: "Perk edited", "pt-BR": "Vantagem editada" },
  "perk.delete": { en: "Perk deleted", "pt-BR": "Vantagem excluída" },
  "perk.picture": { en: "Perk picture changed", "pt-BR": "Imagem da vantagem alterada" },
  "perk.codes.import": { en: "Perk codes imported", "pt-BR": "Códigos da vantagem importados" },
  "perk.codes.delete": { en: "Perk codes deleted", "pt-BR": "Códigos da vantagem excluídos" },
} as const satisfies AuditActionNames;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  perk_not_found: { status: 404, en: PERK_MESSAGES.notFound },
  perk_not_live: { status: 409, en: PERK_MESSAGES.notLive },
  perk_codes_gone: { status: 409, en: PERK_MESSAGES.codesGone },
  perk_codes_not_unique: { status: 409, en: PERK_MESSAGES.notUnique },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's perk form (its title rule is title_required)
  perk_title_too_long: { message: PERK_FORM_MESSAGES.titleTooLong, params: { max: PERK_TITLE_MAX } },
  perk_description_required: { message: PERK_FORM_MESSAGES.descriptionRequired },
  perk_description_too_long: { message: PERK_FORM_MESSAGES.descriptionTooLong, params: { max: PERK_DESCRIPTION_MAX } },
  perk_link_invalid: { message: PERK_FORM_MESSAGES.linkInvalid },
  perk_shared_code_required: { message: PERK_FORM_MESSAGES.sharedCodeRequired },
  perk_code_invalid: { message: PERK_FORM_MESSAGES.codeInvalid, params: { max: PERK_CODE_MAX } },
  perk_starts_required: { message: PERK_FORM_MESSAGES.startsRequired },
  perk_ends_required: { message: PERK_FORM_MESSAGES.endsRequired },
  perk_time_invalid: { message: PERK_FORM_MESSAGES.timeInvalid },
  perk_end_before_start: { message: PERK_FORM_MESSAGES.endBeforeStart },
} as const satisfies ValidationCodeWords;
