// Visible strings of the back office's shipping page (/admin/store/shipping), in this part's catalogs.
import { defineMessage, defineMessages } from "react-intl";

export const shippingMessages = defineMessages({
  loading: { id: "adminShipping.loading", defaultMessage: "Loading shipping rates..." },
  loadFailed: { id: "adminShipping.loadFailed", defaultMessage: "Failed to load shipping rates" },
  retry: { id: "adminShipping.retry", defaultMessage: "Try again" },
  ratesTitle: { id: "adminShipping.rates.title", defaultMessage: "Rates" },
  ratesHint: {
    id: "adminShipping.rates.hint",
    defaultMessage: "A cart pays the rate of its heaviest merch item for the country's zone. Downloads and gift VIP never pay shipping.",
  },
  zone: { id: "adminShipping.zone", defaultMessage: "Zone" },
  weightClass: { id: "adminShipping.weightClass", defaultMessage: "Weight class" },
  usd: { id: "adminShipping.usd", defaultMessage: "US dollars" },
  brl: { id: "adminShipping.brl", defaultMessage: "Brazilian reais" },
  zoneBr: { id: "adminShipping.zone.br", defaultMessage: "Brazil" },
  zoneUs: { id: "adminShipping.zone.us", defaultMessage: "United States" },
  zoneWorld: { id: "adminShipping.zone.world", defaultMessage: "Rest of the world" },
  light: { id: "adminShipping.class.light", defaultMessage: "Light (a shirt, a poster)" },
  standard: { id: "adminShipping.class.standard", defaultMessage: "Standard (a hoodie, a CD box)" },
  heavy: { id: "adminShipping.class.heavy", defaultMessage: "Heavy (vinyl, bundles)" },
  freeTitle: { id: "adminShipping.free.title", defaultMessage: "Free shipping" },
  freeHint: { id: "adminShipping.free.hint", defaultMessage: "Shipping is free once the merch in a cart, after discounts, reaches this amount." },
  never: { id: "adminShipping.free.never", defaultMessage: "Never free" },
  invalid: { id: "adminShipping.invalid", defaultMessage: "Enter an amount of 0 or more, with at most two decimals." },
  save: { id: "adminShipping.save", defaultMessage: "Save shipping" },
  saving: { id: "adminShipping.saving", defaultMessage: "Saving..." },
  saved: { id: "adminShipping.saved", defaultMessage: "Shipping saved" },
  saveFailed: { id: "adminShipping.saveFailed", defaultMessage: "Could not save. Please try again." },
});

export const rateLabel = defineMessage<{ zone: string; weightClass: string; currency: string }>({
  id: "adminShipping.rateLabel",
  defaultMessage: "{zone}, {weightClass}, in {currency}",
});
export const thresholdLabel = defineMessage<{ currency: string }>({ id: "adminShipping.free.label", defaultMessage: "Free from, in {currency}" });
