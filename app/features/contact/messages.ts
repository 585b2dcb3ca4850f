// Every text of the contact form (docs/features.md#events-virtual-meets-and-the-contact-form). English defaults; both
// site catalogs carry each id (its Portuguese is in app/i18n/pt-BR.json, so its English is the site's).
import { defineMessage, defineMessages } from "react-intl";

export const contactMessages = defineMessages({
  heading: { id: "contact.form.heading", defaultMessage: "Send Us a Message" },
  nameLabel: { id: "contact.field.name", defaultMessage: "Name" },
  emailLabel: { id: "contact.field.email", defaultMessage: "Email" },
  subjectLabel: { id: "contact.field.subject", defaultMessage: "Subject" },
  messageLabel: { id: "contact.field.message", defaultMessage: "Message" },
  honeypotLabel: { id: "contact.field.honeypot", defaultMessage: "Leave this field empty" },
  submit: { id: "contact.submit", defaultMessage: "Send Message" },
  sending: { id: "contact.sending", defaultMessage: "Sending..." },
  sent: { id: "contact.sent", defaultMessage: "Message sent successfully! We'll get back to you soon." },
  sentSubscribed: {
    id: "contact.sentSubscribed",
    defaultMessage: "Message sent successfully! We'll get back to you soon. A confirmation e-mail is on its way: open its link to start getting our news.",
  },
  failed: { id: "contact.failed", defaultMessage: "Failed to send message. Please try again." },
  rateLimited: { id: "contact.rateLimited", defaultMessage: "Too many attempts. Please wait a few minutes and try again." },

  emailRequired: { id: "contact.error.emailRequired", defaultMessage: "Email is required" },
  emailInvalid: { id: "contact.error.emailInvalid", defaultMessage: "Please enter a valid email address" },
  invalidField: { id: "contact.error.invalidField", defaultMessage: "Please check this field" },
});

/**
 * The "Keep me posted" box's label: word for word the consent the Worker stores for this form
 * (consentText(locale, "contact_form") in worker/services/mail/newsletter.ts).
 */
export const subscribeConsentMessage = defineMessage<{ brand: string }>({
  id: "contact.field.subscribe",
  defaultMessage: "Keep me posted: send me {brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.",
});
