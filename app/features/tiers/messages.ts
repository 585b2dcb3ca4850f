// Visible strings of the ladder's tier cards on the signup options, in this feature's catalogs.
import { defineMessages } from "react-intl";

export const tiersMessages = defineMessages({
  perMonth: { id: "tiers.price.perMonth", defaultMessage: "{price}<per>/month</per>" },
  perYear: { id: "tiers.price.perYear", defaultMessage: "{price}<per>/year</per>" },
  orYearly: { id: "tiers.price.orYearly", defaultMessage: "or {price} a year" },
  trial: { id: "tiers.trial", defaultMessage: "{days}-day free trial" },
  included: { id: "tiers.included", defaultMessage: "Included" },
  join: { id: "tiers.join", defaultMessage: "Join {name}" },
  badge: { id: "tiers.badge", defaultMessage: "{name} badge colour" },
});
