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
  contactTopicSubject: (topic: string, subject: string) => `Contact form (${topic}): ${subject}`,
  contactTopicLabel: "Topic",
  /** The accessibility topic's name: the mail's line and the label the message is stored with. */
  contactTopicAccessibility: "Accessibility",
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
  labelTicketsNotIssued: "Sold out before the payment (not issued, to refund)",
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

  // "Remind me" on events (worker/services/reminders/mail.ts)
  reminderConfirmSubject: (title: string) => `Confirm your reminder for ${title}`,
  reminderConfirmIntro: (title: string) => `You asked for an e-mail reminder before ${title}.`,
  reminderConfirmOpen: "Open this link to confirm it:",
  reminderConfirmValidity: (days: string) => `The link is valid for ${days} days.`,
  reminderConfirmIgnore: "If you did not ask for this, you can ignore this e-mail: no reminder will be sent.",
  reminderSubject: (title: string, when: string) => `Reminder: ${title} starts ${when}`,
  reminderStarts: (title: string, when: string) => `${title} starts ${when}.`,
  reminderEventTime: "Event time",
  reminderYourTime: "Your time",
  reminderWhere: "Where",
  reminderOnline: "Online: VIP members can join from the event page shortly before the start.",
  reminderLink: "Event page",
  reminderCalendar: "The attached calendar file adds the event to your calendar.",
  reminderWhy: "You get this e-mail because you asked for a reminder of this event.",
  reminderMovedSubject: (title: string) => `New time: ${title}`,
  reminderMovedIntro: (title: string) => `${title} has moved to a new time.`,
  reminderMovedNext: "Your reminders follow the new time.",
  reminderCancelledSubject: (title: string) => `Cancelled: ${title}`,
  reminderCancelledIntro: (title: string) => `${title} has been cancelled. No more reminders will be sent for it.`,

  // tickets: cancellation (worker/services/mail/event-cancellation.ts): buyers of a cancelled or moved event
  ticketsCancelledSubject: (title: string) => `Cancelled: ${title} (your tickets are refunded)`,
  ticketsCancelledIntro: (title: string) => `${title} is cancelled. We are sorry.`,
  ticketsRefunded: (count: number, countText: string, amount: string) =>
    count === 1 ? `Your ticket is refunded: ${amount}.` : `Your ${countText} tickets are refunded: ${amount}.`,
  ticketsRefundDelay: "It can take 5 to 10 days for the refund to show on your statement.",
  ticketsNothingToRefund: (count: number, countText: string) =>
    count === 1
      ? "Your ticket is cancelled; it was free, so there is nothing to refund."
      : `Your ${countText} tickets are cancelled; they were free, so there is nothing to refund.`,
  ticketsOrder: (number: string) => `Order #${number}`,
  ticketsMovedSubject: (title: string) => `New time for ${title}: your tickets stay valid`,
  ticketsMovedIntro: (title: string) => `${title} has moved to a new time.`,
  ticketsNewTime: "New time",
  ticketsOldTime: "Before",
  ticketsStayValid: (count: number, countText: string) =>
    count === 1
      ? "Your ticket stays valid for the new time: there is nothing to do."
      : `Your ${countText} tickets stay valid for the new time: there is nothing to do.`,
  // tickets: the buyer's tickets (a ticket handed to a member, worker/services/mail/ticket-transfer.ts)
  ticketTransferSubject: (title: string) => `A ticket for ${title} is yours`,
  ticketTransferIntro: (sender: string, title: string) => `${sender} transferred a ticket for ${title} to you.`,
  ticketTransferWhen: "When",
  ticketTransferWhere: "Where",
  ticketTransferType: "Ticket",
  ticketTransferCode: "Code",
  ticketTransferOpen: "Open it to see its QR code, print it and add the name at the door:",
  ticketTransferNote: "Only this ticket's new QR code and code admit at the door: the ones it had before no longer work.",
  // waitlist: the seller's refund receipt (worker/services/mail/waitlist-refund.ts)
  waitlistRefundSubject: (title: string) => `Your ticket for ${title} found a new fan: you are refunded`,
  waitlistRefundIntro: (title: string) => `The ticket for ${title} you handed back was bought by the next fan on the waitlist.`,
  waitlistRefundTicket: "Ticket",
  waitlistRefundAmount: "Refunded",
  waitlistRefundFee: "Fee kept: none. You get back exactly what you paid for this ticket.",
  waitlistRefundDelay: "The refund goes to the card you paid with; it can take 5 to 10 days to show on your statement.",
  waitlistRefundOrder: (number: string) => `From order #${number}`,
  waitlistRefundNote: "The ticket is no longer yours: its old QR code and code no longer admit at the door.",
  // waitlist: a seller's refund the provider kept refusing (admin notice)
  waitlistRefundFailedSubject: (title: string) => `A waitlist refund needs you: ${title}`,
  waitlistRefundFailedHeading: "A seller's refund after a waitlist sale was refused every time it was asked.",
  labelAmount: "Amount",
  labelReason: "Last answer",
  labelAttempts: "Attempts",
  waitlistRefundFailedFooter: "Refund the order by hand in the back office, under Store, then check it in the provider's dashboard.",
};

/** What a language's catalog gives: every English key, each the same kind of value. */
export type MailTexts = typeof mailTextsEn;
