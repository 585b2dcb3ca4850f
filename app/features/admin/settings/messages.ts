// Texts of the settings page (its own catalog, messages.<locale>.json, which SettingsMessages
// provides). The spec's labels are kept: Session Timeout, the three notifications, Super Admin.
// The artist name's errors are the Worker's rules (artist_name_required, artist_name_too_long).
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
  notificationsTitle: { id: "admin.settings.notifications.title", defaultMessage: "Notifications" },
  newUser: { id: "admin.settings.notifications.newUser", defaultMessage: "New User Registrations" },
  newUserHint: { id: "admin.settings.notifications.newUser.hint", defaultMessage: "When someone creates an account." },
  newVip: { id: "admin.settings.notifications.newVip", defaultMessage: "New VIP Subscriptions" },
  newVipHint: { id: "admin.settings.notifications.newVip.hint", defaultMessage: "When a payment makes a member VIP." },
  ticketPurchase: { id: "admin.settings.notifications.ticketPurchase", defaultMessage: "Ticket Purchases" },
  ticketPurchaseHint: { id: "admin.settings.notifications.ticketPurchase.hint", defaultMessage: "When someone buys tickets." },
  save: { id: "admin.settings.save", defaultMessage: "Save Settings" },
  saving: { id: "admin.settings.saving", defaultMessage: "Saving..." },
  saved: { id: "admin.settings.saved", defaultMessage: "Settings saved" },
  saveFailed: { id: "admin.settings.saveFailed", defaultMessage: "Failed to save settings. Please try again." },
});

export const settingsMessages = {
  ...plainMessages,
  hours: defineMessage<{ hours: number }>({ id: "admin.settings.session.hours", defaultMessage: "{hours} hours" }),
  hoursDefault: defineMessage<{ hours: number }>({ id: "admin.settings.session.hoursDefault", defaultMessage: "{hours} hours (default)" }),
  artistNameTooLong: defineMessage<{ max: number }>({
    id: "admin.settings.artist.tooLong",
    defaultMessage: "Artist name must be at most {max} characters",
  }),
  notificationsHint: defineMessage<{ email: string }>({
    id: "admin.settings.notifications.hint",
    defaultMessage: "Each one sends an e-mail to the admin address, {email}.",
  }),
};
