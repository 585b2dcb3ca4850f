// Visible strings of the "Notify me" link pages (ConfirmPage.tsx, CancelPage.tsx); their
// translations are in this feature's messages.pt-BR.json. The button itself is a shared component
// (app/components/notify-me) with its texts in the site's catalogs.
import { defineMessages } from "react-intl";

export const notifyPageMessages = defineMessages({
  confirmTitle: { id: "notifyMePages.confirm.title", defaultMessage: "Confirm “Notify me”" },
  confirming: { id: "notifyMePages.confirm.working", defaultMessage: "Confirming..." },
  confirmed: { id: "notifyMePages.confirm.done", defaultMessage: "Confirmed: we'll e-mail you once, when it happens." },
  invalid: { id: "notifyMePages.invalid", defaultMessage: "This link is not valid." },
  expired: { id: "notifyMePages.confirm.expired", defaultMessage: "This link has expired. Please ask again from the page." },
  failed: { id: "notifyMePages.failed", defaultMessage: "That did not work. Please try again." },
  toItem: { id: "notifyMePages.confirm.toItem", defaultMessage: "Go to the page" },
  cancelTitle: { id: "notifyMePages.cancel.title", defaultMessage: "Stop “Notify me” e-mails" },
  cancelling: { id: "notifyMePages.cancel.working", defaultMessage: "Stopping..." },
  cancelled: { id: "notifyMePages.cancel.done", defaultMessage: "Done: we will not e-mail this address about anything it asked for." },
  toHome: { id: "notifyMePages.home", defaultMessage: "Go to the home page" },
});
