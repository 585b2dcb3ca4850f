// The contact form (docs/features.md#events-virtual-meets-and-the-contact-form; its message and contact in the back office,
// docs/features.md#back-office-administrators). Texts and limits shared by the Worker
// and the SPA; the Worker's zod schema lives with its route.

export const CONTACT_MESSAGES = {
  sent: "Message sent successfully! We'll get back to you soon.",
  failed: "Failed to send message. Please try again.",
  nameRequired: "Name is required",
  emailInvalid: "Please enter a valid email address",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  nameTooLong: "Name is too long",
  emailTooLong: "Email is too long",
  subjectTooLong: "Subject is too long",
  messageTooLong: "Message is too long",
} as const;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
} as const;

/** The hidden field people never fill and bots do; a submission with it is answered 200 and dropped. */
export const CONTACT_HONEYPOT_FIELD = "website";

/**
 * What a message is about: "general" from the landing page's form, "accessibility" from the
 * accessibility statement's (/accessibility), which arrives labelled for the admins.
 */
export const CONTACT_TOPICS = ["general", "accessibility"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** POST /api/contact body. `subscribe` defaults to true (docs/features.md#events-virtual-meets-and-the-contact-form), `topic` to "general". */
export type ContactRequest = {
  name: string;
  email: string;
  subject: string;
  message: string;
  subscribe?: boolean;
  topic?: ContactTopic;
  [CONTACT_HONEYPOT_FIELD]?: string;
};

export type ContactResponse = { ok: true };
