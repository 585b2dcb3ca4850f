// Visible strings of the back office's sales tax (decision 093): the settings (shown on the
// settings page) and the tax report, in this folder's catalogs (TaxMessages provides them).
import { defineMessage, defineMessages } from "react-intl";

export const taxMessages = defineMessages({
  settingsTitle: { id: "admin.tax.settings.title", defaultMessage: "Sales tax and VAT" },
  settingsIntro: {
    id: "admin.tax.settings.intro",
    defaultMessage:
      "Tax is collected only where you are registered to collect it. Live, Stripe Tax works it out and collects it where your Stripe account has a registration: keep this list the same as those registrations. Locally, the checkout's DEMO calculator uses this list.",
  },
  registrations: { id: "admin.tax.settings.registrations", defaultMessage: "Registered in" },
  registrationsHint: {
    id: "admin.tax.settings.registrationsHint",
    defaultMessage: "Country codes (DE, FR, BR) or US states (US-CA), separated by spaces or commas. US alone covers every state.",
  },
  behaviorTitle: { id: "admin.tax.settings.behaviorTitle", defaultMessage: "Prices and tax" },
  inclusive: { id: "admin.tax.settings.inclusive", defaultMessage: "Prices include tax" },
  exclusive: { id: "admin.tax.settings.exclusive", defaultMessage: "Tax is added at checkout" },
  usd: { id: "admin.tax.settings.usd", defaultMessage: "Prices in US dollars" },
  brl: { id: "admin.tax.settings.brl", defaultMessage: "Prices in reais" },
  demoTable: { id: "admin.tax.settings.demoTable", defaultMessage: "DEMO rates of the local checkout (not used live)" },
  save: { id: "admin.tax.settings.save", defaultMessage: "Save tax settings" },
  saving: { id: "admin.tax.settings.saving", defaultMessage: "Saving..." },
  saved: { id: "admin.tax.settings.saved", defaultMessage: "Tax settings saved." },
  invalid: { id: "admin.tax.settings.invalid", defaultMessage: "Use two-letter country codes or US- and a state's two letters." },
  saveFailed: { id: "admin.tax.settings.saveFailed", defaultMessage: "The tax settings could not be saved. Please try again." },
  loading: { id: "admin.tax.loading", defaultMessage: "Loading..." },
  loadFailed: { id: "admin.tax.loadFailed", defaultMessage: "Could not load the tax figures." },
  retry: { id: "admin.tax.retry", defaultMessage: "Try again" },
  reportTitle: { id: "admin.tax.report.title", defaultMessage: "Tax report" },
  from: { id: "admin.tax.report.from", defaultMessage: "From" },
  to: { id: "admin.tax.report.to", defaultMessage: "To" },
  download: { id: "admin.tax.report.download", defaultMessage: "Download CSV for filing" },
  empty: { id: "admin.tax.report.empty", defaultMessage: "No tax was collected in this period." },
  colJurisdiction: { id: "admin.tax.report.jurisdiction", defaultMessage: "Jurisdiction" },
  colCurrency: { id: "admin.tax.report.currency", defaultMessage: "Currency" },
  colPayments: { id: "admin.tax.report.payments", defaultMessage: "Payments" },
  colGross: { id: "admin.tax.report.gross", defaultMessage: "Charged (tax included)" },
  colTax: { id: "admin.tax.report.tax", defaultMessage: "Tax" },
  colNet: { id: "admin.tax.report.net", defaultMessage: "Net of tax" },
  caption: { id: "admin.tax.report.caption", defaultMessage: "Tax per jurisdiction, refunds deducted" },
  localMode: {
    id: "admin.tax.report.localMode",
    defaultMessage: "The site runs with the local test checkout: these figures come from its DEMO rates, not from real tax.",
  },
});

export const periodMessage = defineMessage<{ from: string; to: string }>({ id: "admin.tax.report.period", defaultMessage: "{from} to {to}" });
