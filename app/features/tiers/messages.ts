// Visible strings of the ladder's tier cards on the signup options, in this feature's catalogs.
import { defineMessage, defineMessages, type MessageTag } from "react-intl";

export const tiersMessages = {
  ...defineMessages({
    included: { id: "tiers.included", defaultMessage: "Included" },
  }),
  perMonth: defineMessage<{ price: string; per: MessageTag }>({
    id: "tiers.price.perMonth",
    defaultMessage: "{price}<per>/month</per>",
  }),
  perYear: defineMessage<{ price: string; per: MessageTag }>({
    id: "tiers.price.perYear",
    defaultMessage: "{price}<per>/year</per>",
  }),
  orYearly: defineMessage<{ price: string }>({ id: "tiers.price.orYearly", defaultMessage: "or {price} a year" }),
  trial: defineMessage<{ days: string | number }>({ id: "tiers.trial", defaultMessage: "{days}-day free trial" }),
  noTrialAgain: defineMessage<{ days: string | number }>({
    id: "tiers.noTrialAgain",
    defaultMessage: "You have had this tier before, so no free trial: you pay from the first day",
  }),
  join: defineMessage<{ name: string | number }>({ id: "tiers.join", defaultMessage: "Join {name}" }),
  badge: defineMessage<{ name: string | number }>({ id: "tiers.badge", defaultMessage: "{name} badge colour" }),
};
