// The listening parties' words: their back office's audit actions, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "party.create": { en: "Listening party created", "pt-BR": "Festa de audição criada" },
  "party.update": { en: "Listening party edited", "pt-BR": "Festa de audição editada" },
  "party.cancel": { en: "Listening party cancelled", "pt-BR": "Festa de audição cancelada" },
  "party.delete": { en: "Listening party deleted", "pt-BR": "Festa de audição excluída" },
} as const satisfies AuditActionNames;
