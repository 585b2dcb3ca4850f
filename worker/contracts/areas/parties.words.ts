// The listening parties' words: their back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { PARTY_FORM_MESSAGES, PARTY_MESSAGES, PARTY_TITLE_MAX } from "../parties/limits.ts";

export const auditActions = {
  "party.create": { en: "Listening party created", "pt-BR": "Festa de audição criada" },
  "party.update": { en: "Listening party edited", "pt-BR": "Festa de audição editada" },
  "party.cancel": { en: "Listening party cancelled", "pt-BR": "Festa de audição cancelada" },
  "party.delete": { en: "Listening party deleted", "pt-BR": "Festa de audição excluída" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** A virtual meet or listening party starts in 15 minutes (VIPs). */
  meet_soon: {
    urgent: false,
    loud: false,
    label: { en: "Virtual meets and listening parties about to start", "pt-BR": "Encontros virtuais e festas de audição prestes a começar" },
    text: {
      en: "{title} starts in 15 minutes",
      "pt-BR": "{title} começa em 15 minutos",
    },
    push: {
      en: ({ params }) => ({ title: "Starting in 15 minutes", body: params.title ?? "" }),
      "pt-BR": ({ params }) => ({ title: "Começa em 15 minutos", body: params.title ?? "" }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  party_not_found: { status: 404, en: PARTY_MESSAGES.partyNotFound },
  party_not_open: { status: 409, en: PARTY_MESSAGES.notOpen },
  party_not_started: { status: 409, en: PARTY_MESSAGES.notStarted },
  party_ended: { status: 409, en: PARTY_MESSAGES.ended },
  party_cancelled: { status: 409, en: PARTY_MESSAGES.cancelled },
  party_source_unknown: { status: 400, en: PARTY_MESSAGES.sourceUnknown },
  party_source_empty: { status: 400, en: PARTY_MESSAGES.sourceEmpty },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's listening party form (its title rule is title_required)
  party_title_too_long: { message: PARTY_FORM_MESSAGES.titleTooLong, params: { max: PARTY_TITLE_MAX } },
} as const satisfies ValidationCodeWords;
