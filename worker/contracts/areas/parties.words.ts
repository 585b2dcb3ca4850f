// The listening parties' words: their back office's audit actions, named in each language.
import type { AuditActionNames, NotificationKinds } from "./area";

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
  },
} as const satisfies NotificationKinds;
