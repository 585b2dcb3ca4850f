// The English texts of the site's mails (templates.ts puts them together). Every key has its
// Portuguese twin in texts.pt-BR.ts; tests/node/mail-texts.test.ts checks the two stay in step.
// A function takes the values its text names, already formatted for the language (format.ts).
export const mailTextsEn = {
  greeting: "Hello,",
  greetingName: (name: string) => `Hello ${name},`,
  signature: (brand: string) => `— ${brand}`,

  resetSubject: "Reset your password",
  resetIntro: (brand: string) => `Someone (hopefully you) asked to reset the password of your ${brand} account.`,
  resetOpen: "Open this link to choose a new password:",
  resetValidity: (minutes: string) => `The link works once and expires in ${minutes} minutes.`,
  resetIgnore: "If you did not ask for this, you can ignore this e-mail: your password stays the same.",

  inviteSubject: (brand: string) => `You're invited to join ${brand}`,
  inviteIntro: (brand: string) => `You are invited to join ${brand}, the official fan community.`,
  inviteOpen: "Open this link to create your free account:",
  inviteLink: "Create your free account",
  inviteIgnore: "If you were not expecting this invitation, you can ignore this e-mail.",

  replySubjectPrefix: "Re:",
  replyQuote: (when: string) => `On ${when} you wrote:`,

  contactSubject: (subject: string) => `Contact form: ${subject}`,
  contactHeading: (brand: string) => `New message from the ${brand} contact form.`,
  contactFrom: "From",
  contactSubjectLabel: "Subject",
  contactLanguage: "Written in",
  contactFooter: "Read and answer it in the back office, under Messages.",
  languageEn: "English",
  languagePtBR: "Portuguese (Brazil)",

  labelUsername: "Username",
  labelEmail: "E-mail",
  labelSignedUp: "Signed up",
  labelVipSince: "VIP since",
  labelEvent: "Event",
  labelOrder: "Order",
  labelCustomer: "Customer",
  labelTickets: "Tickets",
  labelTotal: "Total",
  labelDate: "Date",

  newUserSubject: (username: string) => `New member: ${username}`,
  newUserHeading: (brand: string) => `A new member joined ${brand}.`,
  newVipSubject: (username: string) => `New VIP subscription: ${username}`,
  newVipHeading: (brand: string) => `A member subscribed to ${brand} VIP.`,
  membersFooter: "See every member in the back office, under Users.",
  ticketSubject: (event: string) => `Ticket purchase: ${event}`,
  ticketHeading: (brand: string) => `Tickets were bought on ${brand}.`,
  ticketsFooter: "See every order in the back office, under Tickets.",
};

/** What a language's catalog gives: every English key, each the same kind of value. */
export type MailTexts = typeof mailTextsEn;
