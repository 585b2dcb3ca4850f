// The settings' words: the site's own settings and the failed jobs the back office retries or dismisses.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, RouteCodeWords, ValidationCodeWords } from "./area";
import { ACCOUNT_MESSAGES } from "../account-limits.ts";
import { MEMBER_DATA_MESSAGES } from "../member-data-limits.ts";
import { ARTIST_BIO_MAX, ARTIST_NAME_MAX, SETTINGS_MESSAGES } from "../admin/settings-limits.ts";
import { VIP_YEARLY_PRICE_MAX_CENTS, VIP_YEARLY_PRICE_MIN_CENTS } from "../vip-plans.ts";

export const auditActions = {
  "dead_letter.retry": { en: "Failed job tried again", "pt-BR": "Tarefa com falha tentada de novo" },
  "dead_letter.dismiss": { en: "Failed job dismissed", "pt-BR": "Tarefa com falha descartada" },
  "settings.update": { en: "Site settings changed", "pt-BR": "Configurações do site alteradas" },
  "tax.settings.update": { en: "Tax settings changed", "pt-BR": "Configurações de impostos alteradas" },
} as const satisfies AuditActionNames;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  session_not_found: { status: 404, en: ACCOUNT_MESSAGES.sessionNotFound },
  confirmation_mismatch: { status: 400, en: MEMBER_DATA_MESSAGES.confirmationMismatch },
  export_not_found: { status: 404, en: MEMBER_DATA_MESSAGES.exportNotFound },
  export_link_invalid: { status: 403, en: MEMBER_DATA_MESSAGES.exportLinkInvalid },
  export_rate_limited: { status: 429, en: MEMBER_DATA_MESSAGES.exportRateLimited },
  payment_cancel_failed: { status: 502, en: MEMBER_DATA_MESSAGES.paymentCancelFailed },
  dead_letter_not_found: { status: 404, en: "No such failed job" },
  dead_letter_already_handled: { status: 409, en: "This job was already retried or dismissed" },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's settings (the other settings are chosen, not typed: invalid_input)
  artist_name_required: { message: SETTINGS_MESSAGES.artistNameRequired },
  artist_name_too_long: { message: SETTINGS_MESSAGES.artistNameTooLong, params: { max: ARTIST_NAME_MAX } },
  artist_bio_too_long: { message: SETTINGS_MESSAGES.artistBioTooLong, params: { max: ARTIST_BIO_MAX } },
  // VIP plans: the yearly plan's amount, in whole units of the monthly plan's currency
  vip_yearly_price_invalid: {
    message: SETTINGS_MESSAGES.vipYearlyPriceInvalid,
    params: { min: VIP_YEARLY_PRICE_MIN_CENTS / 100, max: VIP_YEARLY_PRICE_MAX_CENTS / 100 },
  },
} as const satisfies ValidationCodeWords;
