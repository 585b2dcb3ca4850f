// VIP membership's words: its tiers and offers, as the back office changes them.
import type { AuditActionNames, NotificationKinds } from "./area";

export const auditActions = {
  "tier.create": { en: "Membership tier created", "pt-BR": "Nível de assinatura criado" },
  "tier.update": { en: "Membership tier edited", "pt-BR": "Nível de assinatura editado" },
  "tier.archive": { en: "Membership tier archived", "pt-BR": "Nível de assinatura arquivado" },
  "tier.unarchive": { en: "Membership tier brought back", "pt-BR": "Nível de assinatura reativado" },
  "tier.move": { en: "Membership tier moved on the ladder", "pt-BR": "Nível de assinatura movido na escada" },
  "offers.settings.update": { en: "Membership offer settings changed", "pt-BR": "Configurações das ofertas de assinatura alteradas" },
  "offers.retention.update": { en: "Retention offer settings changed", "pt-BR": "Configurações da oferta de retenção alteradas" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** An upgrade or win-back offer: a percent off a tier's first period, for a week (decision 101). */
  tier_offer: {
    urgent: true,
    loud: false,
    label: { en: "Membership offers (a discount on a paid tier)", "pt-BR": "Ofertas de assinatura (um desconto num nível pago)" },
    text: {
      en: "{winBack, select, yes {Come back to {title}} other {An offer for you}}: {percent}% off your first period of {title}, until {date}",
      "pt-BR":
        "{winBack, select, yes {Volte para o {title}} other {Uma oferta para você}}: {percent}% de desconto no seu primeiro período de {title}, até {date}",
    },
  },
  /** My free trial ends in 3 days, then its tier's price is charged (decision 102). */
  trial_ending: {
    urgent: true,
    loud: false,
    label: { en: "Free trial ending (before the first charge)", "pt-BR": "Fim do teste grátis (antes da primeira cobrança)" },
    text: {
      en: "Your free trial of {title} ends on {date}, then {amount} is charged — cancel before then not to be charged",
      "pt-BR": "Seu teste grátis de {title} termina em {date}, depois {amount} será cobrado — cancele antes para não ser cobrado",
    },
  },
} as const satisfies NotificationKinds;
