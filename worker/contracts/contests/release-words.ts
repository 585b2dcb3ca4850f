// The released remixes' words (decision 197), spread into the contests' words file: their audit
// actions, refusals and form rules, each with its English.
import type { AuditActionNames, RouteCodeWords, ValidationCodeWords } from "../areas/area.ts";
import { RELEASE_FORM_MESSAGES as F, RELEASE_MESSAGES as M, RELEASE_PRICE_MAX_CENTS, RELEASE_TITLE_MAX } from "./release-limits.ts";

export const releaseAuditActions = {
  "contest.release": { en: "Contest remix released", "pt-BR": "Remix do concurso lançado" },
  "contest.remix_shares_export": { en: "Remixers' shares exported", "pt-BR": "Participações dos remixers exportadas" },
} as const satisfies AuditActionNames;

export const releaseRouteCodes = {
  contest_release_exists: { status: 409, en: M.exists },
  contest_entry_not_placed: { status: 409, en: M.notPlaced },
  contest_release_audio_missing: { status: 409, en: M.audioMissing },
  contest_shares_period_invalid: { status: 400, en: M.sharesPeriodInvalid },
} as const satisfies RouteCodeWords;

export const releaseValidationCodes = {
  contest_release_title_too_long: { message: F.titleTooLong, params: { max: RELEASE_TITLE_MAX } },
  contest_release_price_invalid: { message: F.priceInvalid, params: { max: RELEASE_PRICE_MAX_CENTS } },
  contest_release_share_invalid: { message: F.shareInvalid },
} as const satisfies ValidationCodeWords;
