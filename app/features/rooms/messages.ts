// Visible strings of the community rooms: the list (/rooms) and one room (/rooms/:room).
import { defineMessage, defineMessages } from "react-intl";

const plain = defineMessages({
  loading: { id: "rooms.list.loading", defaultMessage: "Loading the rooms..." },
  loadFailed: { id: "rooms.list.loadFailed", defaultMessage: "Failed to load the rooms" },
  retry: { id: "rooms.retry", defaultMessage: "Try again" },
  empty: { id: "rooms.list.empty", defaultMessage: "There are no rooms yet." },
  archived: { id: "rooms.archived", defaultMessage: "Archived: read-only" },
  signIn: { id: "rooms.lock.signIn", defaultMessage: "Sign in to read this room" },
  signInLink: { id: "rooms.lock.signInLink", defaultMessage: "Sign in" },
  ticketRequired: { id: "rooms.lock.ticket", defaultMessage: "For ticket holders" },
  ticketLink: { id: "rooms.lock.ticketLink", defaultMessage: "See the event" },
  tierLink: { id: "rooms.lock.tierLink", defaultMessage: "See the membership tiers" },
  someTier: { id: "rooms.lock.someTier", defaultMessage: "For members of a higher tier" },

  roomTitle: { id: "rooms.room.title", defaultMessage: "Room" },
  roomLoading: { id: "rooms.room.loading", defaultMessage: "Loading the room..." },
  notFound: { id: "rooms.room.notFound", defaultMessage: "This room does not exist, or was deleted." },
  backToRooms: { id: "rooms.room.back", defaultMessage: "All rooms" },
  messagesLabel: { id: "rooms.room.messages", defaultMessage: "Messages" },
  noMessages: { id: "rooms.room.noMessages", defaultMessage: "No messages yet. Say hello!" },
  deletedMember: { id: "rooms.room.deletedMember", defaultMessage: "Deleted member" },
  erasedMessage: { id: "rooms.room.erasedMessage", defaultMessage: "This message was removed with its author's account." },
  loadOlder: { id: "rooms.room.loadOlder", defaultMessage: "Load older messages" },
  loadingOlder: { id: "rooms.room.loadingOlder", defaultMessage: "Loading older messages..." },
  olderFailed: { id: "rooms.room.olderFailed", defaultMessage: "Failed to load older messages" },
  jumpToUnread: { id: "rooms.room.jumpToUnread", defaultMessage: "Jump to first unread" },
  firstUnread: { id: "rooms.room.firstUnread", defaultMessage: "New messages" },
  connecting: { id: "rooms.room.connecting", defaultMessage: "Connecting to the room..." },
  reconnecting: { id: "rooms.room.reconnecting", defaultMessage: "Reconnecting to the room..." },
  sessionEnded: { id: "rooms.room.sessionEnded", defaultMessage: "Your session ended. Sign in again to rejoin." },
  accessEnded: { id: "rooms.room.accessEnded", defaultMessage: "Your membership no longer opens this room." },
  sending: { id: "rooms.room.sending", defaultMessage: "Sending..." },
  composerLabel: { id: "rooms.room.composerLabel", defaultMessage: "Your message" },
  composerHint: { id: "rooms.room.composerHint", defaultMessage: "Enter sends, Shift+Enter starts a new line." },
  send: { id: "rooms.room.send", defaultMessage: "Send" },
  readOnlyArchived: { id: "rooms.room.readOnlyArchived", defaultMessage: "This room is archived: it can be read, not written in." },
  readOnlyTicket: { id: "rooms.room.readOnlyTicket", defaultMessage: "Only ticket holders can write in this room." },
  readOnly: { id: "rooms.room.readOnly", defaultMessage: "You can read this room but not write in it." },

  errBadFrame: { id: "rooms.error.badFrame", defaultMessage: "That could not be sent." },
  errEmpty: { id: "rooms.error.empty", defaultMessage: "Write a message first." },
  errTooLong: { id: "rooms.error.tooLong", defaultMessage: "Messages are at most 4,000 characters." },
  errCharacters: { id: "rooms.error.characters", defaultMessage: "The message contains characters that are not allowed." },
  errArchived: { id: "rooms.error.archived", defaultMessage: "This room is archived: nothing more can be written in it." },
  errWriteRefused: { id: "rooms.error.writeRefused", defaultMessage: "You can read this room but not write in it." },
  errModeratorRequired: { id: "rooms.error.moderatorRequired", defaultMessage: "Only the room's moderators can do that." },
  errMuteRefused: { id: "rooms.error.muteRefused", defaultMessage: "Moderators and admins cannot be muted, and nor can you mute yourself." },
});

/** A moderator's controls in the room: the menu on others' messages, the questions, slow mode. */
const moderation = defineMessages({
  moderate: { id: "rooms.mod.moderate", defaultMessage: "Moderate" },
  hide: { id: "rooms.mod.hide", defaultMessage: "Hide message" },
  for10m: { id: "rooms.mod.for10m", defaultMessage: "10 minutes" },
  for1h: { id: "rooms.mod.for1h", defaultMessage: "1 hour" },
  for1d: { id: "rooms.mod.for1d", defaultMessage: "1 day" },
  for7d: { id: "rooms.mod.for7d", defaultMessage: "7 days" },
  hideTitle: { id: "rooms.mod.hideTitle", defaultMessage: "Hide this message?" },
  mute: { id: "rooms.mod.mute", defaultMessage: "Mute" },
  cancel: { id: "rooms.mod.cancel", defaultMessage: "Cancel" },
  slowModeLabel: { id: "rooms.mod.slowModeLabel", defaultMessage: "Slow mode" },
  slowOff: { id: "rooms.mod.slowOff", defaultMessage: "Off" },
  slow5s: { id: "rooms.mod.slow5s", defaultMessage: "5 s" },
  slow30s: { id: "rooms.mod.slow30s", defaultMessage: "30 s" },
  slow1m: { id: "rooms.mod.slow1m", defaultMessage: "1 min" },
  slow5m: { id: "rooms.mod.slow5m", defaultMessage: "5 min" },
});

// Pictures in messages and the cards of links to the site's pages (decision 110).
const pictures = {
  ...defineMessages({
    attachPicture: { id: "rooms.pictures.attach", defaultMessage: "Add a picture" },
    removePicture: { id: "rooms.pictures.remove", defaultMessage: "Remove this picture" },
    pictureUploading: { id: "rooms.pictures.uploading", defaultMessage: "Uploading the picture..." },
    pictureFailed: { id: "rooms.pictures.failed", defaultMessage: "The picture could not be uploaded. Remove it and try again." },
    pictureNotImage: { id: "rooms.pictures.notImage", defaultMessage: "Only JPEG, PNG, GIF and WebP pictures can be sent." },
    pictureTooLarge: { id: "rooms.pictures.tooLarge", defaultMessage: "Pictures can be at most 5 MB." },
    pictureDimensions: { id: "rooms.pictures.dimensions", defaultMessage: "This picture is too large in pixels." },
    pictureMuted: { id: "rooms.pictures.muted", defaultMessage: "You are muted in this room for now." },
    pictureArchived: { id: "rooms.pictures.archived", defaultMessage: "This room is archived: it can be read, not written in." },
    pictureRefused: { id: "rooms.pictures.refused", defaultMessage: "A picture could not be sent with the message. Attach it again." },
    tooManyPictures: { id: "rooms.pictures.tooMany", defaultMessage: "A message can carry at most 4 pictures." },
    attachedPictures: { id: "rooms.pictures.attached", defaultMessage: "Pictures to send" },
    openPicture: { id: "rooms.pictures.open", defaultMessage: "Open the picture in full size" },
    linkPreviews: { id: "rooms.previews.label", defaultMessage: "Linked pages" },
  }),
  pictureProgress: defineMessage<{ percent: number }>({ id: "rooms.pictures.progress", defaultMessage: "{percent}% uploaded" }),
  pictureAlt: defineMessage<{ number: number; name: string }>({ id: "rooms.pictures.alt", defaultMessage: "Picture {number} from {name}" }),
};

export const roomsMessages = {
  ...plain,
  ...moderation,
  ...pictures,
  moderateNamed: defineMessage<{ name: string | number }>({ id: "rooms.mod.moderateNamed", defaultMessage: "Moderate the message from {name}" }),
  muteFor: defineMessage<{ length: string | number }>({ id: "rooms.mod.muteFor", defaultMessage: "Mute for {length}" }),
  hideQuestion: defineMessage<{ name: string | number }>({
    id: "rooms.mod.hideQuestion",
    defaultMessage: "The message from {name} disappears for everyone in the room.",
  }),
  muteTitle: defineMessage<{ name: string | number }>({ id: "rooms.mod.muteTitle", defaultMessage: "Mute {name}?" }),
  muteQuestion: defineMessage<{ length: string | number; name: string | number }>({
    id: "rooms.mod.muteQuestion",
    defaultMessage: "{name} cannot write in this room for {length}.",
  }),
  slowOther: defineMessage<{ seconds: string | number }>({ id: "rooms.mod.slowOther", defaultMessage: "{seconds} s" }),
  unread: defineMessage<{ count: number }>({ id: "rooms.unread", defaultMessage: "{count, plural, one {# unread} other {# unread}}" }),
  tierRequired: defineMessage<{ tier: string }>({ id: "rooms.lock.tier", defaultMessage: "For {tier} and above" }),
  readOnlyTier: defineMessage<{ tier: string }>({ id: "rooms.room.readOnlyTier", defaultMessage: "Only {tier} and above can write in this room." }),
  here: defineMessage<{ count: number }>({ id: "rooms.room.here", defaultMessage: "{count, plural, one {# here} other {# here}}" }),
  slowMode: defineMessage<{ seconds: number }>({
    id: "rooms.room.slowMode",
    defaultMessage: "Slow mode: one message every {seconds, plural, one {# second} other {# seconds}}.",
  }),
  charactersLeft: defineMessage<{ count: number }>({
    id: "rooms.room.charactersLeft",
    defaultMessage: "{count, plural, one {# character left} other {# characters left}}",
  }),
  charactersOver: defineMessage<{ count: number }>({
    id: "rooms.room.charactersOver",
    defaultMessage: "{count, plural, one {# character too many} other {# characters too many}}",
  }),
  announce: defineMessage<{ name: string; text: string }>({ id: "rooms.room.announce", defaultMessage: "{name}: {text}" }),
  mutedUntil: defineMessage<{ until: string }>({
    id: "rooms.room.mutedUntil",
    defaultMessage: "A moderator muted you in this room until {until}.",
  }),
  errRate: defineMessage<{ seconds: number }>({
    id: "rooms.error.rate",
    defaultMessage: "Slow down: you can write again in {seconds, plural, one {# second} other {# seconds}}.",
  }),
};
