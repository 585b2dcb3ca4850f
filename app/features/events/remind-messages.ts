// Visible strings of "Remind me" (RemindMe.tsx) and the confirmation page (RemindConfirmPage.tsx);
// their translations are in this feature's messages.pt-BR.json.
import { defineMessage, defineMessages } from "react-intl";

const plain = defineMessages({
  remindMe: { id: "events.remind.button", defaultMessage: "Remind me" },
  emailLabel: { id: "events.remind.email", defaultMessage: "Your e-mail" },
  invalidEmail: { id: "events.remind.invalidEmail", defaultMessage: "Enter a valid e-mail address." },
  send: { id: "events.remind.send", defaultMessage: "Send me a reminder" },
  sending: { id: "events.remind.sending", defaultMessage: "Sending…" },
  checkInbox: { id: "events.remind.checkInbox", defaultMessage: "Check your inbox to confirm your reminder." },
  failed: { id: "events.remind.failed", defaultMessage: "That did not work. Please try again." },
  confirmTitle: { id: "events.remind.confirm.title", defaultMessage: "Event reminder" },
  confirming: { id: "events.remind.confirm.working", defaultMessage: "Confirming your reminder..." },
  confirmed: { id: "events.remind.confirm.done", defaultMessage: "Your reminder is confirmed. We'll e-mail you before the event starts." },
  confirmInvalid: { id: "events.remind.confirm.invalid", defaultMessage: "This reminder link is not valid." },
  confirmExpired: { id: "events.remind.confirm.expired", defaultMessage: "This reminder link has expired. Please ask for a reminder again." },
  toEvents: { id: "events.remind.confirm.events", defaultMessage: "See the event" },
  toMeet: { id: "events.remind.confirm.meet", defaultMessage: "See the virtual meet" },
});

/** Every "Remind me" message; those with arguments are typed so their values are checked. */
export const remindMessages = {
  ...plain,
  remindLabel: defineMessage<{ title: string }>({ id: "events.remind.label", defaultMessage: "Remind me of {title}" }),
  reminderSet: defineMessage<{ offsets: string }>({ id: "events.remind.set", defaultMessage: "Reminder set — we'll e-mail you {offsets} before" }),
};
