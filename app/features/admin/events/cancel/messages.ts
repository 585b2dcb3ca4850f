// The "Cancel event" dialog's messages (messages.pt-BR.json for Portuguese, merged in by the dialog's own
// provider). Messages with values are typed by them.
import { defineMessage, defineMessages } from "react-intl";

const plain = defineMessages({
  action: { id: "adminEvents.cancelEvent.action", defaultMessage: "Cancel event" },
  progressAction: { id: "adminEvents.cancelEvent.progressAction", defaultMessage: "Refunds" },
  title: { id: "adminEvents.cancelEvent.title", defaultMessage: "Cancel Event" },
  progressTitle: { id: "adminEvents.cancelEvent.progressTitle", defaultMessage: "Refunds of a cancelled event" },
  loading: { id: "adminEvents.cancelEvent.loading", defaultMessage: "Counting buyers..." },
  loadFailed: { id: "adminEvents.cancelEvent.loadFailed", defaultMessage: "Failed to count the buyers" },
  retryLoad: { id: "adminEvents.cancelEvent.retryLoad", defaultMessage: "Try again" },
  noSales: { id: "adminEvents.cancelEvent.noSales", defaultMessage: "No tickets were sold here for this event: nobody is refunded." },
  confirmPlain: { id: "adminEvents.cancelEvent.confirmPlain", defaultMessage: "Cancel event" },
  keep: { id: "adminEvents.cancelEvent.keep", defaultMessage: "Keep event" },
  cancelling: { id: "adminEvents.cancelEvent.cancelling", defaultMessage: "Cancelling..." },
  alreadyCancelled: { id: "adminEvents.cancelEvent.alreadyCancelled", defaultMessage: "This event is already cancelled." },
  failed: { id: "adminEvents.cancelEvent.failed", defaultMessage: "Failed to cancel the event. Please try again." },
  progressLabel: { id: "adminEvents.cancelEvent.progressLabel", defaultMessage: "Refund progress" },
  running: { id: "adminEvents.cancelEvent.running", defaultMessage: "Refunding... you can close this window: the refunds go on." },
  failedHeading: { id: "adminEvents.cancelEvent.failedHeading", defaultMessage: "Refunds that failed" },
  retryFailed: { id: "adminEvents.cancelEvent.retryFailed", defaultMessage: "Retry failed refunds" },
  retrying: { id: "adminEvents.cancelEvent.retrying", defaultMessage: "Retrying..." },
  close: { id: "adminEvents.cancelEvent.close", defaultMessage: "Close" },
});

export const cancelMessages = {
  ...plain,
  actionNamed: defineMessage<{ title: string }>({ id: "adminEvents.cancelEvent.actionNamed", defaultMessage: "Cancel event {title}" }),
  progressNamed: defineMessage<{ title: string }>({ id: "adminEvents.cancelEvent.progressNamed", defaultMessage: "Refunds of {title}" }),
  question: defineMessage<{ title: string }>({ id: "adminEvents.cancelEvent.question", defaultMessage: "Cancel {title}? This cannot be undone." }),
  figures: defineMessage<{ buyers: number; tickets: number; total: string }>({
    id: "adminEvents.cancelEvent.figures",
    defaultMessage:
      "{buyers, plural, one {# buyer} other {# buyers}} with {tickets, plural, one {# ticket} other {# tickets}} will be refunded {total} through the payment provider and told by e-mail.",
  }),
  subscribers: defineMessage<{ count: number }>({
    id: "adminEvents.cancelEvent.subscribers",
    defaultMessage:
      "{count, plural, =0 {No one asked for a reminder.} one {# person who asked for a reminder will be told.} other {# people who asked for a reminder will be told.}}",
  }),
  confirmRefund: defineMessage<{ buyers: number }>({
    id: "adminEvents.cancelEvent.confirmRefund",
    defaultMessage: "Cancel and refund {buyers, plural, one {# buyer} other {# buyers}}",
  }),
  buyersChanged: defineMessage<{ buyers: number }>({
    id: "adminEvents.cancelEvent.buyersChanged",
    defaultMessage: "The number of buyers changed while you looked: it is now {buyers}. Check the figures and confirm again.",
  }),
  progress: defineMessage<{ done: number; total: number; refunded: number; failed: number }>({
    id: "adminEvents.cancelEvent.progress",
    defaultMessage: "{done} of {total, plural, one {# order} other {# orders}} settled: {refunded} refunded, {failed} failed",
  }),
  finished: defineMessage<{ mails: number }>({
    id: "adminEvents.cancelEvent.finished",
    defaultMessage: "Done: every buyer was handled and {mails, plural, one {# e-mail was} other {# e-mails were}} sent.",
  }),
  failedOrder: defineMessage<{ number: number; email: string; amount: string; error: string }>({
    id: "adminEvents.cancelEvent.failedOrder",
    defaultMessage: "Order #{number} · {email} · {amount}: {error}",
  }),
};
