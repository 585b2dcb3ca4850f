// VIP membership's words: its tiers and offers, as the back office changes them.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { PAYMENT_MESSAGES } from "../payment-limits.ts";
import { OFFER_MESSAGES, OFFER_PERCENT_MAX, OFFER_PERCENT_MIN, OFFER_THRESHOLD_MAX } from "../tiers/offers-model.ts";
import {
  TIER_BENEFITS_MAX,
  TIER_BENEFIT_MAX,
  TIER_DESCRIPTION_MAX,
  TIER_FORM_MESSAGES as TIER,
  TIER_MESSAGES,
  TIER_NAME_MAX,
  TIER_PRICE_MAX_CENTS,
  TIER_PRICE_MIN_CENTS,
  TIER_TRIAL_DAYS_MAX,
} from "../tiers/limits.ts";
import { TIER_MOVE_MESSAGES } from "../tiers/moves-limits.ts";
import {
  RETENTION_MESSAGES,
  RETENTION_PERCENT_MAX,
  RETENTION_PERCENT_MIN,
  RETENTION_PERIODS_MAX,
  RETENTION_PERIODS_MIN,
} from "../tiers/retention-offer-model.ts";

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
    push: {
      en: ({ params, format }) => ({
        title: params.winBack ? `Come back to ${params.title ?? ""}: ${params.percent ?? 0}% off` : `${params.percent ?? 0}% off ${params.title ?? ""}`,
        body: `${params.percent ?? 0}% off your first period of ${params.title ?? ""}. Claim it by ${format.date(params.at)}.`,
      }),
      "pt-BR": ({ params, format }) => ({
        title: params.winBack
          ? `Volte para o ${params.title ?? ""}: ${params.percent ?? 0}% de desconto`
          : `${params.percent ?? 0}% de desconto no ${params.title ?? ""}`,
        body: `${params.percent ?? 0}% de desconto no seu primeiro período de ${params.title ?? ""}. Resgate até ${format.date(params.at)}.`,
      }),
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
    push: {
      en: ({ params, format }) => ({
        title: `Your free trial ends on ${format.date(params.at)}`,
        body: `Then ${format.money(params.cents, params.currency)} is charged for ${params.title ?? "your membership"}. Not to be charged, cancel before then on your membership page.`,
      }),
      "pt-BR": ({ params, format }) => ({
        title: `Seu teste grátis termina em ${format.date(params.at)}`,
        body: `Depois, ${format.money(params.cents, params.currency)} será cobrado pelo ${params.title ?? "sua assinatura"}. Para não ser cobrado, cancele antes na página da sua assinatura.`,
      }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  // VIP checkout and the customer portal
  payments_unavailable: { status: 503, en: PAYMENT_MESSAGES.unavailable },
  payment_failed: { status: 502, en: PAYMENT_MESSAGES.failed },
  portal_failed: { status: 502, en: PAYMENT_MESSAGES.portalFailed },
  already_vip: { status: 409, en: PAYMENT_MESSAGES.alreadyVip },
  no_membership: { status: 404, en: PAYMENT_MESSAGES.noMembership },
  checkout_finished: { status: 409, en: PAYMENT_MESSAGES.checkoutFinished },
  // VIP plans
  vip_plan_unchanged: { status: 409, en: PAYMENT_MESSAGES.planUnchanged },
  vip_plan_switch_unavailable: { status: 409, en: "Only an active membership that is not set to cancel can switch plans" },
  // Upgrade and win-back offers (decision 101)
  offer_tier_unavailable: { status: 409, en: OFFER_MESSAGES.tierUnavailable },
  offer_expired: { status: 410, en: OFFER_MESSAGES.expired },
  offer_claimed: { status: 409, en: OFFER_MESSAGES.claimed },
  win_back_unavailable: { status: 409, en: OFFER_MESSAGES.winBackUnavailable },
  // Membership tiers: the back office (decision 097)
  tier_not_found: { status: 404, en: TIER_MESSAGES.notFound },
  tier_id_taken: { status: 409, en: TIER_MESSAGES.idTaken },
  tier_built_in: { status: 409, en: TIER_MESSAGES.builtIn },
  tier_cannot_move: { status: 409, en: TIER_MESSAGES.cannotMove },

  // Tier recognition (decision 100): a filter naming a tier the ladder does not have
  tier_unknown: { status: 400, en: "No membership tier has this id" },

  // Moving between tiers
  tier_not_for_sale: { status: 400, en: TIER_MOVE_MESSAGES.tierNotForSale },
  subscription_exists: { status: 409, en: TIER_MOVE_MESSAGES.subscriptionExists },
  tier_change_unavailable: { status: 409, en: TIER_MOVE_MESSAGES.changeUnavailable },
  tier_change_in_progress: { status: 409, en: TIER_MOVE_MESSAGES.changeInProgress },
  tier_change_preview_expired: { status: 409, en: TIER_MOVE_MESSAGES.previewExpired },
  no_pending_change: { status: 404, en: TIER_MOVE_MESSAGES.noPendingChange },

  // Gates by tier (decision 099): a form named a tier the ladder does not have
  tier_gate_unknown: { status: 400, en: "That membership tier does not exist" },
  // The retention offer at cancel (decision 103): off, or already answered by this member
  retention_offer_unavailable: { status: 409, en: RETENTION_MESSAGES.unavailable },
  // (decision 104) an archived tier stays on the items that named it, it is never newly chosen
  tier_gate_archived: { status: 400, en: "That membership tier is archived" },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's upgrade and win-back offers (decision 101)
  offer_threshold_invalid: { message: OFFER_MESSAGES.thresholdInvalid, params: { min: 0, max: OFFER_THRESHOLD_MAX } },
  offer_percent_invalid: { message: OFFER_MESSAGES.percentInvalid, params: { min: OFFER_PERCENT_MIN, max: OFFER_PERCENT_MAX } },
  offer_tier_invalid: { message: OFFER_MESSAGES.tierInvalid },
  // The back office's retention offer (decision 103)
  retention_percent_invalid: { message: RETENTION_MESSAGES.percentInvalid, params: { min: RETENTION_PERCENT_MIN, max: RETENTION_PERCENT_MAX } },
  retention_periods_invalid: { message: RETENTION_MESSAGES.periodsInvalid, params: { min: RETENTION_PERIODS_MIN, max: RETENTION_PERIODS_MAX } },
  // The back office's membership tier form (decision 097)
  tier_name_required: { message: TIER.nameRequired },
  tier_name_too_long: { message: TIER.nameTooLong, params: { max: TIER_NAME_MAX } },
  tier_id_invalid: { message: TIER.idInvalid },
  tier_description_too_long: { message: TIER.descriptionTooLong, params: { max: TIER_DESCRIPTION_MAX } },
  tier_benefit_required: { message: TIER.benefitRequired },
  tier_benefit_too_long: { message: TIER.benefitTooLong, params: { max: TIER_BENEFIT_MAX } },
  tier_benefits_too_many: { message: TIER.benefitsTooMany, params: { max: TIER_BENEFITS_MAX } },
  tier_price_invalid: { message: TIER.priceInvalid, params: { min: TIER_PRICE_MIN_CENTS, max: TIER_PRICE_MAX_CENTS } },
  tier_price_required: { message: TIER.priceRequired },
  tier_prices_fixed: { message: TIER.pricesFixed },
  tier_badge_color_invalid: { message: TIER.badgeColorInvalid },
  tier_trial_days_invalid: { message: TIER.trialDaysInvalid, params: { max: TIER_TRIAL_DAYS_MAX } },
} as const satisfies ValidationCodeWords;
