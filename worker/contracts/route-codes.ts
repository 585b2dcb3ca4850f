// The code of every error a route answers besides the form rules (validation-codes.ts), with its
// status and English text. The Worker's error helpers (worker/lib/errors.ts) take only these codes
// and, where a code has one status, take the status from here; the SPA translates by code and
// types its texts by ApiErrorCode. The English text is what other clients read; a route may say it
// more precisely (which album, which file limit) under the same code. A code answered with two
// statuses lists both, and the route names the one it means.
// An area's codes are its words file's (worker/contracts/areas/<area>.words.ts, gathered in
// words.ts); this file holds only the codes no area owns (decision 181): the request and the
// pipeline, the role guards, and refusals several areas' routes share (uploads, CSV files, the bot
// check, webhook signatures, a mail not sent, a report's period).
import { RATE_LIMIT_MESSAGE } from "./limits";
import { EMAIL_VERIFICATION_MESSAGES } from "./email-verification-limits";
import { PROFILE_MESSAGES } from "./profile-limits";
import { CATALOG_MESSAGES } from "./music/admin-catalog-limits";
import { BOT_CHECK_MESSAGES } from "./bot-check";
import { IMPORT_MESSAGES } from "./admin/marketing";
import { OFFER_CODE_MESSAGES } from "./offer-code-limits";
import { ROUTE_CODE_WORDS } from "./areas/words.ts";
import type { RouteRule } from "./areas/area";
import type { ValidationCode } from "./validation-codes";

/** The codes no area owns. */
const CORE_ROUTE_CODES = {
  // The request itself and the pipeline (middleware, Hono's own exceptions, the last resort)
  bad_request: { status: 400, en: "Bad request" },
  invalid_input: { status: 400, en: "Invalid input" },
  unauthorized: { status: 401, en: "Sign in required" },
  not_found: { status: 404, en: "Not found" },
  payload_too_large: { status: 413, en: "Request body is too large" },
  rate_limited: { status: 429, en: RATE_LIMIT_MESSAGE },
  internal: { status: 500, en: "Something went wrong. Please try again." },
  misconfigured: { status: 500, en: "The server is not configured correctly." },
  csrf: { status: 403, en: "Cross-site request refused" },
  upgrade_required: { status: 400, en: "Expected a WebSocket upgrade" },
  origin_refused: { status: 403, en: "Cross-site WebSocket refused" },
  format_unsupported: { status: 501, en: "Only JSON oEmbed is offered" },

  // Roles (the guards)
  vip_required: { status: 403, en: "VIP Access Required" },
  tier_required: { status: 403, en: "A higher membership tier is required" },
  admin_required: { status: 403, en: "Admin Access Required" },
  door_staff_required: { status: 403, en: "Door Staff Access Required" },

  // A mail the request needed could not be sent (sign-up, the newsletter, the back office's invitations)
  mail_failed: { status: 502, en: EMAIL_VERIFICATION_MESSAGES.mailFailed },

  // Uploads (avatars, post images, pictures, the back office's media and CSV files)
  too_large: { status: 413, en: "The file is too large" },
  not_image: { status: 400, en: PROFILE_MESSAGES.notImage },
  image_dimensions: { status: 400, en: PROFILE_MESSAGES.imageDimensions },
  invalid_upload: { status: 400, en: "The upload could not be read. Please try again." },
  unsupported_type: { status: 415, en: "This type of file is not accepted" },
  empty_file: { status: 400, en: CATALOG_MESSAGES.emptyFile },

  // The bot check on the visitor's forms (decision 090): 503 when no verifier is configured or
  // Siteverify cannot be reached
  bot_check_failed: { status: 403, en: BOT_CHECK_MESSAGES.failed },
  bot_check_unavailable: { status: 503, en: BOT_CHECK_MESSAGES.unavailable },

  // Vendors' notices (payments, mail, live video): 400 from the payment provider's webhook (its
  // library's habit); 401 from the mail provider's.
  invalid_signature: { status: [400, 401], en: "Invalid webhook signature" },

  // The back office's CSV files (tickets, contacts, offer codes) and its reports' period (revenue, tax, tiers)
  // 400 for a ticket file that has no header and columns; 415 for a contacts file that is binary.
  not_csv: { status: [400, 415], en: IMPORT_MESSAGES.notCsv },
  no_rows: { status: 400, en: OFFER_CODE_MESSAGES.noRows },
  column_invalid: { status: 400, en: OFFER_CODE_MESSAGES.columnInvalid },
  revenue_period_reversed: { status: 400, en: "The period's first day is after its last day" },
  revenue_period_too_long: { status: 400, en: "A period covers at most 366 days" },
} as const satisfies Record<string, RouteRule>;

export const ROUTE_CODES: typeof CORE_ROUTE_CODES & typeof ROUTE_CODE_WORDS = { ...CORE_ROUTE_CODES, ...ROUTE_CODE_WORDS };

export type RouteCode = keyof typeof ROUTE_CODES;

/** Every code an error body carries: a route's or a form rule's. The SPA's texts are keyed by it. */
export type ApiErrorCode = RouteCode | ValidationCode;
