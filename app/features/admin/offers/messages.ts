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

/** The retention offer at cancel (decision 103). */
export const retentionSettingsMessages = defineMessages({
  title: { id: "admin.retention.title", defaultMessage: "Retention offer at cancel" },
  intro: {
    id: "admin.retention.intro",
    defaultMessage:
      "When a paying member starts to cancel, after they give their reason, they are offered a percent off their next renewals. Each member sees it once, whether they accept or not.",
  },
  enabled: { id: "admin.retention.enabled", defaultMessage: "Offer a discount to members who start to cancel" },
  percentOff: { id: "admin.retention.percentOff", defaultMessage: "Percent off each discounted renewal" },
  periods: { id: "admin.retention.periods", defaultMessage: "Renewals discounted (billing periods)" },
  percentInvalid: { id: "admin.retention.percentInvalid", defaultMessage: "Enter a whole percent from {min} to {max}." },
  periodsInvalid: { id: "admin.retention.periodsInvalid", defaultMessage: "Enter a whole number from {min} to {max}." },
  save: { id: "admin.retention.save", defaultMessage: "Save retention offer" },
  saved: { id: "admin.retention.saved", defaultMessage: "Retention offer saved." },
  saveFailed: { id: "admin.retention.saveFailed", defaultMessage: "The retention offer could not be saved. Please try again." },
  loadFailed: { id: "admin.retention.loadFailed", defaultMessage: "Could not load the retention offer." },
});
