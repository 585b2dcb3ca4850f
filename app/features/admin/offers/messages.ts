// Visible strings of the back office's upgrade and win-back offers (decision 101), shown on the
// settings page (OffersMessages provides them).
import { defineMessages } from "react-intl";

export const offerMessages = defineMessages({
  title: { id: "admin.offers.title", defaultMessage: "Upgrade and win-back offers" },
  intro: {
    id: "admin.offers.intro",
    defaultMessage:
      "Once a day or so, free members who engaged get a one-time offer: a percent off the first period of a paid tier, claimable for 7 days, in the app and by e-mail as their notification settings allow. A member gets at most one offer in 90 days.",
  },
  enabled: { id: "admin.offers.enabled", defaultMessage: "Send upgrade offers to engaged free members" },
  thresholdsTitle: { id: "admin.offers.thresholdsTitle", defaultMessage: "Who is engaged" },
  thresholdsHint: {
    id: "admin.offers.thresholdsHint",
    defaultMessage: "A member qualifies when they meet every number that is not 0 (0: not required). Members who once paid get the win-back offer instead.",
  },
  plays: { id: "admin.offers.plays", defaultMessage: "Tracks played" },
  likes: { id: "admin.offers.likes", defaultMessage: "Posts liked" },
  eventsAttended: { id: "admin.offers.eventsAttended", defaultMessage: "Events attended (tickets checked in)" },
  purchases: { id: "admin.offers.purchases", defaultMessage: "Store purchases (paid orders)" },
  percentOff: { id: "admin.offers.percentOff", defaultMessage: "Percent off the first period" },
  tier: { id: "admin.offers.tier", defaultMessage: "Tier offered" },
  winBack: { id: "admin.offers.winBack", defaultMessage: "Send one win-back offer to members whose paid membership ended" },
  winBackPercentOff: { id: "admin.offers.winBackPercentOff", defaultMessage: "Win-back percent off the first period" },
  thresholdInvalid: { id: "admin.offers.thresholdInvalid", defaultMessage: "Enter a whole number from 0 to {max}." },
  percentInvalid: { id: "admin.offers.percentInvalid", defaultMessage: "Enter a whole percent from {min} to {max}." },
  tierInvalid: { id: "admin.offers.tierInvalid", defaultMessage: "Choose a paid tier that is not archived." },
  save: { id: "admin.offers.save", defaultMessage: "Save offer settings" },
  saving: { id: "admin.offers.saving", defaultMessage: "Saving..." },
  saved: { id: "admin.offers.saved", defaultMessage: "Offer settings saved." },
  saveFailed: { id: "admin.offers.saveFailed", defaultMessage: "The offer settings could not be saved. Please try again." },
  loading: { id: "admin.offers.loading", defaultMessage: "Loading..." },
  loadFailed: { id: "admin.offers.loadFailed", defaultMessage: "Could not load the offer settings." },
  retry: { id: "admin.offers.retry", defaultMessage: "Try again" },
});
