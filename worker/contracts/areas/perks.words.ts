// The perks' words: their back office's audit actions, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "perk.create": { en: "Perk created", "pt-BR": "Vantagem criada" },
  "perk.update": { en: "Perk edited", "pt-BR": "Vantagem editada" },
  "perk.delete": { en: "Perk deleted", "pt-BR": "Vantagem excluída" },
  "perk.picture": { en: "Perk picture changed", "pt-BR": "Imagem da vantagem alterada" },
  "perk.codes.import": { en: "Perk codes imported", "pt-BR": "Códigos da vantagem importados" },
  "perk.codes.delete": { en: "Perk codes deleted", "pt-BR": "Códigos da vantagem excluídos" },
} as const satisfies AuditActionNames;
