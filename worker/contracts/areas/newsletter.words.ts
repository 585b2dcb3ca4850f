// The newsletter's words: its contacts' and campaigns' audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, RouteCodeWords, ValidationCodeWords } from "./area";
import { NOTIFY_MESSAGES } from "../notify-me-model.ts";
import { IMPORT_MESSAGES } from "../admin/marketing.ts";

export const auditActions = {
  "contacts.import": { en: "Newsletter contacts imported", "pt-BR": "Contatos da newsletter importados" },
  "contacts.export": { en: "Newsletter contacts exported", "pt-BR": "Contatos da newsletter exportados" },
  "campaign.create": { en: "Campaign created", "pt-BR": "Campanha criada" },
  "campaign.update": { en: "Campaign edited", "pt-BR": "Campanha editada" },
  "campaign.delete": { en: "Campaign deleted", "pt-BR": "Campanha excluída" },
  "campaign.image.upload": { en: "Campaign picture uploaded", "pt-BR": "Imagem da campanha enviada" },
  "campaign.send": { en: "Campaign sent", "pt-BR": "Campanha enviada" },
  "campaign.schedule": { en: "Campaign scheduled", "pt-BR": "Campanha agendada" },
  "campaign.cancel": { en: "Campaign cancelled", "pt-BR": "Campanha cancelada" },
  "campaign.pause": { en: "Campaign paused", "pt-BR": "Campanha pausada" },
  "campaign.resume": { en: "Campaign resumed", "pt-BR": "Campanha retomada" },
} as const satisfies AuditActionNames;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // "Notify me" on upcoming releases and events not yet on sale (decision 057)
  already_released: { status: 409, en: NOTIFY_MESSAGES.alreadyReleased },
  already_on_sale: { status: 409, en: NOTIFY_MESSAGES.alreadyOnSale },
  notify_link_invalid: { status: 400, en: NOTIFY_MESSAGES.linkInvalid },
  notify_link_expired: { status: 410, en: NOTIFY_MESSAGES.linkExpired },
  invalid_token: { status: 400, en: "This confirmation link is not valid any more. Subscribe again to get a new one." },
  invalid_link: { status: 404, en: "This link is not valid." },
  address_suppressed: {
    status: 409,
    en: "This address cannot receive our e-mails: the provider reported it undeliverable or marked as spam.",
  },
  csv_parse_failed: { status: 400, en: IMPORT_MESSAGES.parseFailed },
  no_email_column: { status: 400, en: IMPORT_MESSAGES.noEmailColumn },
  campaign_not_found: { status: 404, en: "Campaign not found" },
  campaign_state: { status: 409, en: "The campaign cannot do that in its present state." },
  campaign_not_draft: { status: 409, en: "Only a draft campaign can be edited." },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's contacts import: the basis the list's consent rests on (decision 045)
  import_basis_required: { message: IMPORT_MESSAGES.basisRequired },
} as const satisfies ValidationCodeWords;
