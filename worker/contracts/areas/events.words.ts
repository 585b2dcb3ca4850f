// The events' words: the audit actions of events, venues and tickets, named in each language.
import type { AuditActionNames, NotificationKinds } from "./area";

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
  },
} as const satisfies NotificationKinds;
