// Texts of the local development mailbox page.
import { defineMessage, defineMessages } from "react-intl";

export const mailboxMessages = defineMessages({
  title: { id: "mailbox.title", defaultMessage: "Local Development Mailbox" },
  intro: {
    id: "mailbox.intro",
    defaultMessage: "The site is running in local mode: e-mails it sends (such as password reset links) are kept here instead of being delivered.",
  },
  refresh: { id: "mailbox.refresh", defaultMessage: "Refresh" },
  refreshing: { id: "mailbox.refreshing", defaultMessage: "Refreshing..." },
  loading: { id: "mailbox.loading", defaultMessage: "Loading messages..." },
  loadFailed: { id: "mailbox.loadFailed", defaultMessage: "Failed to load messages" },
  liveMode: { id: "mailbox.liveMode", defaultMessage: "The mailbox is only available in local mode" },
  empty: { id: "mailbox.empty", defaultMessage: "No messages yet" },
  emptyHint: { id: "mailbox.emptyHint", defaultMessage: "Request a password reset and the e-mail will show up here." },
  to: { id: "mailbox.to", defaultMessage: "To" },
  sent: { id: "mailbox.sent", defaultMessage: "Sent" },
  links: { id: "mailbox.links", defaultMessage: "Links in this message" },
  unsubscribeHeader: { id: "mailbox.unsubscribeHeader", defaultMessage: "Unsubscribe header (List-Unsubscribe)" },
  attachments: { id: "mailbox.attachments", defaultMessage: "Attachments" },
});

export const downloadMessage = defineMessage<{ filename: string }>({ id: "mailbox.download", defaultMessage: "Download {filename}" });

export const messageCountMessage = defineMessage<{ count: number }>({
  id: "mailbox.count",
  defaultMessage: "{count, plural, one {# message} other {# messages}}",
});
