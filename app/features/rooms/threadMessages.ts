// Visible strings of a room's threads, reactions, edits, deletions and pins (decision 109).
import { defineMessage, defineMessages } from "react-intl";

const plain = defineMessages({
  reply: { id: "rooms.thread.reply", defaultMessage: "Reply" },
  cancelReply: { id: "rooms.thread.cancelReply", defaultMessage: "Cancel reply" },
  threadLabel: { id: "rooms.thread.label", defaultMessage: "Thread" },
  closeThread: { id: "rooms.thread.close", defaultMessage: "Close thread" },
  threadLoading: { id: "rooms.thread.loading", defaultMessage: "Loading the thread..." },
  threadFailed: { id: "rooms.thread.failed", defaultMessage: "Failed to load the thread" },
  noReplies: { id: "rooms.thread.noReplies", defaultMessage: "No replies yet." },
  quoteGone: { id: "rooms.thread.quoteGone", defaultMessage: "The original message is no longer available" },
  deleted: { id: "rooms.message.deleted", defaultMessage: "Message deleted" },
  edited: { id: "rooms.message.edited", defaultMessage: "(edited)" },
  edit: { id: "rooms.message.edit", defaultMessage: "Edit" },
  editLabel: { id: "rooms.message.editLabel", defaultMessage: "Edit your message" },
  editHint: { id: "rooms.message.editHint", defaultMessage: "Enter saves, Escape cancels." },
  save: { id: "rooms.message.save", defaultMessage: "Save" },
  cancel: { id: "rooms.message.cancel", defaultMessage: "Cancel" },
  delete: { id: "rooms.message.delete", defaultMessage: "Delete" },
  deleteTitle: { id: "rooms.message.deleteTitle", defaultMessage: "Delete this message?" },
  deleteQuestion: { id: "rooms.message.deleteQuestion", defaultMessage: "It shows as “Message deleted” for everyone. This cannot be undone." },
  pin: { id: "rooms.pin.pin", defaultMessage: "Pin" },
  unpin: { id: "rooms.pin.unpin", defaultMessage: "Unpin" },
  pinnedTitle: { id: "rooms.pin.title", defaultMessage: "Pinned messages" },
  noPins: { id: "rooms.pin.none", defaultMessage: "Nothing is pinned yet." },
  reactionsLabel: { id: "rooms.reactions.label", defaultMessage: "Reactions" },
  addReaction: { id: "rooms.reactions.add", defaultMessage: "Add a reaction" },
  errMessageNotFound: { id: "rooms.error.messageNotFound", defaultMessage: "That message is no longer in the room." },
  errNotAuthor: { id: "rooms.error.notAuthor", defaultMessage: "Only its author can change that message." },
  errPinLimit: { id: "rooms.error.pinLimit", defaultMessage: "This room has 10 pinned messages already: unpin one first." },
});

export const threadMessages = {
  ...plain,
  replyingTo: defineMessage<{ name: string }>({ id: "rooms.thread.replyingTo", defaultMessage: "Replying to {name}" }),
  replies: defineMessage<{ count: number }>({ id: "rooms.thread.replies", defaultMessage: "{count, plural, one {# reply} other {# replies}}" }),
  actionsFor: defineMessage<{ name: string }>({ id: "rooms.message.actionsFor", defaultMessage: "Actions for the message from {name}" }),
  replyTo: defineMessage<{ name: string }>({ id: "rooms.thread.replyTo", defaultMessage: "Reply to {name}" }),
  pinned: defineMessage<{ count: number }>({ id: "rooms.pin.count", defaultMessage: "Pinned ({count})" }),
  react: defineMessage<{ emoji: string; count: number }>({ id: "rooms.reactions.react", defaultMessage: "React with {emoji}, {count}" }),
};
