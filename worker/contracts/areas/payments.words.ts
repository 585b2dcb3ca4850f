// VIP membership's words: its tiers and offers, as the back office changes them.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "tier.create": { en: "Membership tier created", "pt-BR": "Nível de assinatura criado" },
  "tier.update": { en: "Membership tier edited", "pt-BR": "Nível de assinatura editado" },
  "tier.archive": { en: "Membership tier archived", "pt-BR": "Nível de assinatura arquivado" },
  "tier.unarchive": { en: "Membership tier brought back", "pt-BR": "Nível de assinatura reativado" },
  "tier.move": { en: "Membership tier moved on the ladder", "pt-BR": "Nível de assinatura movido na escada" },
  "offers.settings.update": { en: "Membership offer settings changed", "pt-BR": "Configurações das ofertas de assinatura alteradas" },
  "offers.retention.update": { en: "Retention offer settings changed", "pt-BR": "Configurações da oferta de retenção alteradas" },
} as const satisfies AuditActionNames;
