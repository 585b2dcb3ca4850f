// Texts of the settings page (its own catalog, messages.pt-BR.json for Portuguese, which SettingsMessages
// provides). The spec's labels are kept: Session Timeout, the three notifications, Super Admin.
// The artist's errors are the Worker's rules (artist_name_required, artist_name_too_long,
// artist_bio_too_long; a link's website_invalid is the site's text) and the portrait upload's codes.
import { defineMessage, defineMessages } from "react-intl";

const plainMessages = defineMessages({
  loading: { id: "admin.settings.loading", defaultMessage: "Loading settings..." },
  loadFailed: { id: "admin.settings.loadFailed", defaultMessage: "Failed to load settings" },
  retry: { id: "admin.settings.retry", defaultMessage: "Try again" },
  siteTitle: { id: "admin.settings.site.title", defaultMessage: "Site Information" },
  siteHint: { id: "admin.settings.site.hint", defaultMessage: "From the site's configuration: these change with a deploy." },
  siteName: { id: "admin.settings.site.name", defaultMessage: "Site Name" },
  supportEmail: { id: "admin.settings.site.supportEmail", defaultMessage: "Support Email" },
  adminEmail: { id: "admin.settings.site.adminEmail", defaultMessage: "Admin Email" },
  role: { id: "admin.settings.site.role", defaultMessage: "Your Role" },
  superAdmin: { id: "admin.settings.role.superAdmin", defaultMessage: "Super Admin" },
  sessionTitle: { id: "admin.settings.session.title", defaultMessage: "Sessions" },
  timeout: { id: "admin.settings.session.timeout", defaultMessage: "Session Timeout" },
  timeoutHint: {
    id: "admin.settings.session.hint",
    defaultMessage: "How long a sign-in lasts. A change applies to sign-ins from now on; people already signed in keep their current session.",
  },
  artistTitle: { id: "admin.settings.artist.title", defaultMessage: "Artist" },
  artistName: { id: "admin.settings.artist.name", defaultMessage: "Artist Name" },
  artistNameHint: { id: "admin.settings.artist.hint", defaultMessage: "Shown as the performer of events in search results." },
  artistNameRequired: { id: "admin.settings.artist.required", defaultMessage: "Artist name is required" },
  bioEn: { id: "admin.settings.artist.bio.en", defaultMessage: "Short Bio (English)" },
  bioPtBR: { id: "admin.settings.artist.bio.ptBR", defaultMessage: "Short Bio (Portuguese)" },
  bioHint: { id: "admin.settings.artist.bio.hint", defaultMessage: "Shown in the home page's biography. Leave it empty to keep the site's own text." },
  linksTitle: { id: "admin.settings.artist.links.title", defaultMessage: "Links" },
  linksHint: {
    id: "admin.settings.artist.links.hint",
    defaultMessage: "Full addresses, such as https://instagram.com/artist. Leave a link empty to remove it.",
  },
  linkWebsite: { id: "admin.settings.artist.links.website", defaultMessage: "Website" },
  linkInstagram: { id: "admin.settings.artist.links.instagram", defaultMessage: "Instagram" },
  linkFacebook: { id: "admin.settings.artist.links.facebook", defaultMessage: "Facebook" },
  linkYoutube: { id: "admin.settings.artist.links.youtube", defaultMessage: "YouTube" },
  portraitTitle: { id: "admin.settings.artist.portrait.title", defaultMessage: "Portrait" },
  portraitUpload: { id: "admin.settings.artist.portrait.upload", defaultMessage: "Upload a new portrait" },
  portraitChoose: { id: "admin.settings.artist.portrait.choose", defaultMessage: "Choose a picture" },
  portraitNoFile: { id: "admin.settings.artist.portrait.noFile", defaultMessage: "No file chosen" },
  portraitStart: { id: "admin.settings.artist.portrait.start", defaultMessage: "Upload" },
  portraitCancel: { id: "admin.settings.artist.portrait.cancel", defaultMessage: "Cancel upload" },
  portraitProgressLabel: { id: "admin.settings.artist.portrait.progressLabel", defaultMessage: "Upload progress" },
  portraitDone: { id: "admin.settings.artist.portrait.done", defaultMessage: "New portrait saved" },
  portraitCanceled: { id: "admin.settings.artist.portrait.canceled", defaultMessage: "Upload canceled" },
  portraitWrongType: { id: "admin.settings.artist.portrait.wrongType", defaultMessage: "The portrait must be a JPEG, PNG or WebP picture" },
  portraitEmpty: { id: "admin.settings.artist.portrait.empty", defaultMessage: "The file is empty" },
  portraitNetwork: {
    id: "admin.settings.artist.portrait.network",
    defaultMessage: "The upload could not reach the server. Check your connection and try again.",
  },
  portraitFailed: { id: "admin.settings.artist.portrait.failed", defaultMessage: "The upload failed. Please try again." },
  notificationsTitle: { id: "admin.settings.notifications.title", defaultMessage: "Notifications" },
  newUser: { id: "admin.settings.notifications.newUser", defaultMessage: "New User Registrations" },
  newUserHint: { id: "admin.settings.notifications.newUser.hint", defaultMessage: "When someone creates an account." },
  newVip: { id: "admin.settings.notifications.newVip", defaultMessage: "New VIP Subscriptions" },
  newVipHint: { id: "admin.settings.notifications.newVip.hint", defaultMessage: "When a payment makes a member VIP." },
  ticketPurchase: { id: "admin.settings.notifications.ticketPurchase", defaultMessage: "Ticket Purchases" },
  ticketPurchaseHint: { id: "admin.settings.notifications.ticketPurchase.hint", defaultMessage: "When someone buys tickets." },
  newOrder: { id: "admin.settings.notifications.newOrder", defaultMessage: "Store Orders" },
  newOrderHint: { id: "admin.settings.notifications.newOrder.hint", defaultMessage: "When a payment makes an order in the store." },
  notificationLocale: { id: "admin.settings.notifications.locale", defaultMessage: "Notification e-mails language" },
  notificationLocaleHint: {
    id: "admin.settings.notifications.locale.hint",
    defaultMessage: "The language of these e-mails and of the contact form's notifications.",
  },
  localeEn: { id: "admin.settings.notifications.locale.en", defaultMessage: "English" },
  localePtBR: { id: "admin.settings.notifications.locale.ptBR", defaultMessage: "Portuguese (Brazil)" },
  save: { id: "admin.settings.save", defaultMessage: "Save Settings" },
  saving: { id: "admin.settings.saving", defaultMessage: "Saving..." },
  saved: { id: "admin.settings.saved", defaultMessage: "Settings saved" },
  saveFailed: { id: "admin.settings.saveFailed", defaultMessage: "Failed to save settings. Please try again." },
  plansTitle: { id: "admin.settings.plans.title", defaultMessage: "VIP plans" },
  yearlyPriceNoSaving: {
    id: "admin.settings.plans.yearly.noSaving",
    defaultMessage: "At this price the yearly plan saves less than a month, so the pages show no saving.",
  },
});

export const settingsMessages = {
  ...plainMessages,
  hours: defineMessage<{ hours: number }>({ id: "admin.settings.session.hours", defaultMessage: "{hours} hours" }),
  hoursDefault: defineMessage<{ hours: number }>({ id: "admin.settings.session.hoursDefault", defaultMessage: "{hours} hours (default)" }),
  artistNameTooLong: defineMessage<{ max: number }>({
    id: "admin.settings.artist.tooLong",
    defaultMessage: "Artist name must be at most {max} characters",
  }),
  bioCounter: defineMessage<{ count: number; max: number }>({
    id: "admin.settings.artist.bio.counter",
    defaultMessage: "{count, number}/{max, number} characters",
  }),
  bioTooLong: defineMessage<{ max: number }>({
    id: "admin.settings.artist.bio.tooLong",
    defaultMessage: "The short bio must be at most {max, number} characters",
  }),
  portraitAlt: defineMessage<{ name: string }>({ id: "admin.settings.artist.portrait.alt", defaultMessage: "Current portrait of {name}" }),
  portraitHint: defineMessage<{ max: string }>({
    id: "admin.settings.artist.portrait.hint",
    defaultMessage: "JPEG, PNG or WebP, at most {max}. It replaces the current portrait as soon as it is uploaded.",
  }),
  portraitProgress: defineMessage<{ percent: string }>({ id: "admin.settings.artist.portrait.progress", defaultMessage: "{percent} uploaded" }),
  portraitDimensions: defineMessage<{ max: number }>({
    id: "admin.settings.artist.portrait.dimensions",
    defaultMessage: "The picture must be at most {max, number} pixels wide and high",
  }),
  portraitTooLarge: defineMessage<{ max: string }>({ id: "admin.settings.artist.portrait.tooLarge", defaultMessage: "The picture must be at most {max}" }),
  yearlyPrice: defineMessage<{ currency: string }>({ id: "admin.settings.plans.yearly", defaultMessage: "Yearly price ({currency})" }),
  yearlyPriceHint: defineMessage<{ currency: string }>({
    id: "admin.settings.plans.yearly.hint",
    defaultMessage:
      "What a member pays once a year for VIP, from 1 to 1,000 {currency}. Members already on the yearly plan renew at the price they joined with.",
  }),
  yearlyPriceMonthly: defineMessage<{ monthly: string; twelve: string }>({
    id: "admin.settings.plans.yearly.monthly",
    defaultMessage: "The monthly plan is {monthly} (twelve months: {twelve}).",
  }),
  yearlyPriceMonthsFree: defineMessage<{ months: number }>({
    id: "admin.settings.plans.yearly.monthsFree",
    defaultMessage: "The pages will say {months, plural, one {# month free} other {# months free}}.",
  }),
  yearlyPriceInvalid: defineMessage<{ min: number; max: number }>({
    id: "admin.settings.plans.yearly.invalid",
    defaultMessage: "Enter a yearly price from {min, number} to {max, number}, with at most two decimals",
  }),
  notificationsHint: defineMessage<{ email: string }>({
    id: "admin.settings.notifications.hint",
    defaultMessage: "Each one sends an e-mail to the admin address, {email}.",
  }),
};
