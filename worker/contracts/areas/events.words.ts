// The events' words: the audit actions of events, venues and tickets, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { ADMIN_EVENT_MESSAGES, ADMIN_VENUE_MESSAGES, CAPACITY_MAX, DESCRIPTION_MAX, EVENT_FORM_MESSAGES, PRICE_MAX, TEXT_MAX } from "../admin/event-limits.ts";
import { REMINDER_FORM_MESSAGES, REMINDER_MESSAGES } from "../reminder-limits.ts";
import { PRESALE_CODE_MAX, PRESALE_FORM_MESSAGES, PRESALE_MESSAGES } from "../presales.ts";
import {
  TICKET_MESSAGES,
  TICKET_POSITION_MAX,
  TICKET_PRICE_MAX_CENTS,
  TICKET_TYPE_FORM_MESSAGES as TICKET_TYPE,
  TICKET_TYPE_MESSAGES,
} from "../tickets/admin-limits.ts";
import { EVENT_CANCEL_MESSAGES } from "../tickets/event-cancellation-limits.ts";
import { TICKET_LIMITS } from "../tickets/event-tickets-model.ts";

export const auditActions = {
  "event.create": { en: "Event created", "pt-BR": "Evento criado" },
  "event.update": { en: "Event edited", "pt-BR": "Evento editado" },
  "event.delete": { en: "Event deleted", "pt-BR": "Evento excluído" },
  "event.cancel": { en: "Event cancelled, tickets refunded", "pt-BR": "Evento cancelado, ingressos reembolsados" },
  "event.cancel.retry": { en: "Cancelled event's refunds tried again", "pt-BR": "Reembolsos do evento cancelado tentados de novo" },
  "event.presale_codes.import": { en: "Presale codes imported", "pt-BR": "Códigos de pré-venda importados" },
  "event.presale_codes.delete": { en: "Presale codes deleted", "pt-BR": "Códigos de pré-venda excluídos" },
  "event.ticket_type.create": { en: "Ticket type added", "pt-BR": "Tipo de ingresso adicionado" },
  "event.ticket_type.update": { en: "Ticket type edited", "pt-BR": "Tipo de ingresso editado" },
  "event.ticket_type.delete": { en: "Ticket type deleted", "pt-BR": "Tipo de ingresso excluído" },
  "venue.create": { en: "Venue added", "pt-BR": "Local adicionado" },
  "venue.update": { en: "Venue edited", "pt-BR": "Local editado" },
  "venue.delete": { en: "Venue deleted", "pt-BR": "Local excluído" },
  "ticket.import": { en: "Ticket orders imported", "pt-BR": "Pedidos de ingressos importados" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  event: {
    urgent: false,
    loud: false,
    label: { en: "New events", "pt-BR": "Novos eventos" },
    text: {
      en: "New event: {title}",
      "pt-BR": "Novo evento: {title}",
    },
    push: {
      en: ({ params }) => ({ title: "New event", body: params.title ?? "" }),
      "pt-BR": ({ params }) => ({ title: "Novo evento", body: params.title ?? "" }),
    },
  },
  /** Tickets for what I asked "Notify me" about are on sale (decision 057). */
  notify_on_sale: {
    urgent: true,
    loud: true,
    label: { en: "Ticket sales I asked to be told about", "pt-BR": "Vendas de ingressos que pedi para ser avisado" },
    text: {
      en: "Tickets for {title} are on sale now — you asked us to tell you",
      "pt-BR": "Os ingressos para {title} estão à venda — você pediu para ser avisado",
    },
    push: {
      en: ({ params }) => ({ title: "Tickets on sale now", body: `Tickets for ${params.title ?? ""} are on sale: you asked us to tell you.` }),
      "pt-BR": ({ params }) => ({ title: "Ingressos à venda", body: `Os ingressos para ${params.title ?? ""} estão à venda: você pediu para ser avisado.` }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // Events: reminders and the VIP presale
  event_not_found: { status: 404, en: ADMIN_EVENT_MESSAGES.eventNotFound },
  event_cancelled: { status: 409, en: REMINDER_MESSAGES.cancelled },
  event_started: { status: 409, en: REMINDER_MESSAGES.started },
  reminder_link_invalid: { status: 400, en: REMINDER_MESSAGES.linkInvalid },
  reminder_link_expired: { status: 410, en: REMINDER_MESSAGES.linkExpired },
  presale_not_found: { status: 404, en: PRESALE_MESSAGES.notFound },
  presale_not_open: { status: 409, en: PRESALE_MESSAGES.notOpen },
  presale_codes_gone: { status: 409, en: PRESALE_MESSAGES.codesGone },
  venue_not_found: { status: 404, en: ADMIN_VENUE_MESSAGES.venueNotFound },
  venue_in_use: { status: 409, en: "This venue is used by events and cannot be deleted. Choose another venue for them first." },
  eventbrite_id_taken: { status: 409, en: ADMIN_EVENT_MESSAGES.eventbriteTaken },
  ticket_not_found: { status: 404, en: TICKET_MESSAGES.ticketNotFound },
  mapping_invalid: { status: 400, en: TICKET_MESSAGES.mappingInvalid },
  event_not_published: { status: 409, en: "Only a published event can be announced" },
  event_past: { status: 409, en: "The event is over" },

  // Tickets sold here (decision 055)
  ticket_type_not_found: { status: 404, en: "This ticket type does not exist" },
  tickets_not_on_sale: { status: 409, en: "Tickets for this event are not on sale right now" },
  tickets_vip_only: { status: 403, en: "These tickets are for VIP members only" },
  tickets_currency_mismatch: { status: 400, en: "These tickets are sold in another currency" },
  // Tickets: types and the event form
  event_not_sellable: { status: 409, en: TICKET_TYPE_MESSAGES.eventNotSellable },
  ticket_types_full: { status: 409, en: TICKET_TYPE_MESSAGES.typesFull },
  ticket_quantity_below_sold: { status: 409, en: TICKET_TYPE_MESSAGES.quantityBelowSold },
  ticket_type_has_sales: { status: 409, en: TICKET_TYPE_MESSAGES.typeHasSales },
  event_has_tickets: { status: 409, en: TICKET_TYPE_MESSAGES.eventHasTickets },
  event_has_ticket_types: { status: 409, en: TICKET_TYPE_MESSAGES.eventHasTicketTypes },
  // Tickets: an event's cancellation
  event_cancel_buyers_changed: { status: 409, en: EVENT_CANCEL_MESSAGES.buyersChanged },
  event_already_cancelled: { status: 409, en: EVENT_CANCEL_MESSAGES.alreadyCancelled },
  event_has_ticket_sales: { status: 409, en: EVENT_CANCEL_MESSAGES.hasTicketSales },
  event_cancel_nothing_to_retry: { status: 409, en: EVENT_CANCEL_MESSAGES.nothingToRetry },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  event_date_required: { message: EVENT_FORM_MESSAGES.eventDateRequired },
  event_date_invalid: { message: EVENT_FORM_MESSAGES.dateInvalid },
  event_time_zone_invalid: { message: EVENT_FORM_MESSAGES.timeZoneInvalid },
  event_status_invalid: { message: EVENT_FORM_MESSAGES.statusInvalid },
  event_source_invalid: { message: EVENT_FORM_MESSAGES.sourceInvalid },
  event_eventbrite_id_required: { message: EVENT_FORM_MESSAGES.eventbriteIdRequired },
  event_url_invalid: { message: EVENT_FORM_MESSAGES.urlInvalid },
  event_venue_name_required: { message: EVENT_FORM_MESSAGES.venueNameRequired },
  event_venue_address_required: { message: EVENT_FORM_MESSAGES.venueAddressRequired },
  event_venue_city_required: { message: EVENT_FORM_MESSAGES.venueCityRequired },
  event_venue_state_required: { message: EVENT_FORM_MESSAGES.venueStateRequired },
  event_country_invalid: { message: EVENT_FORM_MESSAGES.countryInvalid },
  event_currency_invalid: { message: EVENT_FORM_MESSAGES.currencyInvalid },
  event_capacity_required: { message: EVENT_FORM_MESSAGES.capacityRequired },
  event_capacity_invalid: { message: EVENT_FORM_MESSAGES.capacityInvalid },
  event_capacity_min: { message: EVENT_FORM_MESSAGES.capacityMin },
  event_capacity_too_large: { message: EVENT_FORM_MESSAGES.capacityTooLarge, params: { max: CAPACITY_MAX } },
  event_price_min_required: { message: EVENT_FORM_MESSAGES.priceMinRequired },
  event_price_max_required: { message: EVENT_FORM_MESSAGES.priceMaxRequired },
  event_price_invalid: { message: EVENT_FORM_MESSAGES.priceInvalid },
  event_price_min: { message: EVENT_FORM_MESSAGES.priceMin },
  event_price_step: { message: EVENT_FORM_MESSAGES.priceStep },
  event_price_too_large: { message: EVENT_FORM_MESSAGES.priceTooLarge, params: { max: PRICE_MAX } },
  event_price_order: { message: EVENT_FORM_MESSAGES.priceOrder },
  event_sale_start_required: { message: EVENT_FORM_MESSAGES.saleStartRequired },
  event_sale_end_required: { message: EVENT_FORM_MESSAGES.saleEndRequired },
  event_sale_order: { message: EVENT_FORM_MESSAGES.saleOrder },
  event_venue_unknown: { message: EVENT_FORM_MESSAGES.venueUnknown },
  event_online_invalid: { message: EVENT_FORM_MESSAGES.onlineInvalid },
  event_text_too_long: { message: EVENT_FORM_MESSAGES.textTooLong, params: { max: TEXT_MAX } },
  event_description_too_long: { message: EVENT_FORM_MESSAGES.descriptionTooLong, params: { max: DESCRIPTION_MAX } },

  // The event form's VIP presale (decision 029)
  event_presale_mode_invalid: { message: PRESALE_FORM_MESSAGES.modeInvalid },
  event_presale_start_required: { message: PRESALE_FORM_MESSAGES.startRequired },
  event_presale_end_required: { message: PRESALE_FORM_MESSAGES.endRequired },
  event_presale_order: { message: PRESALE_FORM_MESSAGES.order },
  event_general_sale_order: { message: PRESALE_FORM_MESSAGES.generalSaleOrder },
  event_presale_after_event: { message: PRESALE_FORM_MESSAGES.afterEvent },
  event_presale_code_required: { message: PRESALE_FORM_MESSAGES.codeRequired },
  event_presale_code_invalid: { message: PRESALE_FORM_MESSAGES.codeInvalid, params: { max: PRESALE_CODE_MAX } },

  // The event form's "Remind me" times (decision 045)
  event_reminder_offsets_required: { message: REMINDER_FORM_MESSAGES.offsetsRequired },
  event_reminder_offsets_repeated: { message: REMINDER_FORM_MESSAGES.offsetsRepeated },
  event_reminder_offset_invalid: { message: REMINDER_FORM_MESSAGES.offsetInvalid },

  // The event form's ticket types (decision 055; the name rule is name_required)
  ticket_type_name_too_long: { message: TICKET_TYPE.nameTooLong, params: { max: TICKET_LIMITS.nameMax } },
  ticket_type_price_invalid: { message: TICKET_TYPE.priceInvalid, params: { max: TICKET_PRICE_MAX_CENTS } },
  ticket_type_quantity_invalid: { message: TICKET_TYPE.quantityInvalid, params: { max: TICKET_LIMITS.maxQuantity } },
  ticket_type_per_order_limit_invalid: { message: TICKET_TYPE.perOrderLimitInvalid, params: { max: TICKET_LIMITS.maxPerOrderLimit } },
  ticket_type_position_invalid: { message: TICKET_TYPE.positionInvalid, params: { max: TICKET_POSITION_MAX } },
} as const satisfies ValidationCodeWords;
