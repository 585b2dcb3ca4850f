// Visible strings of a member's upgrade or win-back offer (decision 101), in this folder's catalogs
// (OfferMessages provides them).
import { defineMessages } from "react-intl";

export const offerCardMessages = defineMessages({
  upgradeTitle: { id: "offers.card.upgradeTitle", defaultMessage: "An offer for you: {percent}% off {tier}" },
  winBackTitle: { id: "offers.card.winBackTitle", defaultMessage: "Come back to {tier}: {percent}% off" },
  body: {
    id: "offers.card.body",
    defaultMessage: "Your first period of {tier} costs {percent}% less. Claim it by {date}; after the first period the usual price applies.",
  },
  monthly: { id: "offers.card.monthly", defaultMessage: "First month {first} instead of {full}, then {full} a month" },
  yearly: { id: "offers.card.yearly", defaultMessage: "First year {first} instead of {full}, then {full} a year" },
  claimMonthly: { id: "offers.card.claimMonthly", defaultMessage: "Claim: monthly" },
  claimYearly: { id: "offers.card.claimYearly", defaultMessage: "Claim: yearly" },
  processing: { id: "offers.card.processing", defaultMessage: "Processing..." },
  expired: { id: "offers.card.expired", defaultMessage: "This offer has expired." },
  claimed: { id: "offers.card.claimed", defaultMessage: "This offer has already been claimed." },
  failed: { id: "offers.card.failed", defaultMessage: "The checkout could not be opened. Please try again." },
});
