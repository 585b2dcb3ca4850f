// The settings' words: the site's own settings and the failed jobs the back office retries or dismisses.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "dead_letter.retry": { en: "Failed job tried again", "pt-BR": "Tarefa com falha tentada de novo" },
  "dead_letter.dismiss": { en: "Failed job dismissed", "pt-BR": "Tarefa com falha descartada" },
  "settings.update": { en: "Site settings changed", "pt-BR": "Configurações do site alteradas" },
  "tax.settings.update": { en: "Tax settings changed", "pt-BR": "Configurações de impostos alteradas" },
} as const satisfies AuditActionNames;
