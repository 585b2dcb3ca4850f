// The "Notify fans" dialog's texts (catalog, events and TV admin), in this folder's catalogs
// (messages.pt-BR.json for Portuguese), which NotifyFansButton provides around itself.
import { defineMessage, defineMessages, type MessageDescriptor } from "react-intl";
import type { NotificationKind } from "#contracts/notifications.ts";

export const notifyMessages = {
  ...defineMessages({
    button: { id: "admin.notify.button", defaultMessage: "Notify fans" },
    loading: { id: "admin.notify.loading", defaultMessage: "Counting who will receive it..." },
    cancel: { id: "admin.notify.cancel", defaultMessage: "Cancel" },
    close: { id: "admin.notify.close", defaultMessage: "Close" },
    send: { id: "admin.notify.send", defaultMessage: "Send notification" },
    sending: { id: "admin.notify.sending", defaultMessage: "Sending..." },
    retry: { id: "admin.notify.retry", defaultMessage: "Try again" },
    announced: { id: "admin.notify.announced", defaultMessage: "Already announced: fans have been notified of this." },
    progressLabel: { id: "admin.notify.progressLabel", defaultMessage: "Notifications written" },
    notReleased: {
      id: "admin.notify.error.notReleased",
      defaultMessage: "This album is not out yet, not even for VIPs: set its release or early access first.",
    },
    notPublished: { id: "admin.notify.error.notPublished", defaultMessage: "Only a published event can be announced." },
    past: { id: "admin.notify.error.past", defaultMessage: "This event is over." },
    notLive: { id: "admin.notify.error.notLive", defaultMessage: "Only a live channel can be announced as going live." },
    notFound: { id: "admin.notify.error.notFound", defaultMessage: "It no longer exists: reload the list." },
    alreadyAnnounced: { id: "admin.notify.error.alreadyAnnounced", defaultMessage: "This was already announced." },
    failed: { id: "admin.notify.error.failed", defaultMessage: "Something went wrong. Please try again." },
    kindRelease: { id: "admin.notify.kind.release", defaultMessage: "A new release, for every member." },
    kindReleaseEarly: { id: "admin.notify.kind.releaseEarly", defaultMessage: "VIP early access, for VIPs and admins only." },
    kindEvent: { id: "admin.notify.kind.event", defaultMessage: "A new event, for every member." },
    kindTvLive: { id: "admin.notify.kind.tvLive", defaultMessage: "Live now on TV, for every member." },
  }),
  buttonNamed: defineMessage<{ name: string }>({ id: "admin.notify.buttonNamed", defaultMessage: "Notify fans of {name}" }),
  title: defineMessage<{ name: string }>({ id: "admin.notify.title", defaultMessage: "Notify fans: {name}" }),
  counts: defineMessage<{ members: number; vips: number; admins: number; total: number }>({
    id: "admin.notify.counts",
    defaultMessage:
      "{members, plural, one {# member} other {# members}}, {vips, plural, one {# VIP} other {# VIPs}}, {admins, plural, one {# admin} other {# admins}} — {total, number} in all",
  }),
  written: defineMessage<{ written: number; total: number }>({ id: "admin.notify.written", defaultMessage: "Written {written, number} of {total, number}" }),
  done: defineMessage<{ written: number; total: number }>({
    id: "admin.notify.done",
    defaultMessage: "Done: {written, number} of {total, number} written (members who turned this kind off get none).",
  }),
};

/** What each kind of announcement is, and to whom. */
export const kindMessages: Partial<Record<NotificationKind, MessageDescriptor>> = {
  release: notifyMessages.kindRelease,
  release_early: notifyMessages.kindReleaseEarly,
  event: notifyMessages.kindEvent,
  tv_live: notifyMessages.kindTvLive,
};

/** The server's refusal codes, in the admin's words. */
export const notifyErrorMessages: Record<string, MessageDescriptor> = {
  album_not_released: notifyMessages.notReleased,
  event_not_published: notifyMessages.notPublished,
  event_past: notifyMessages.past,
  channel_not_live: notifyMessages.notLive,
  album_not_found: notifyMessages.notFound,
  event_not_found: notifyMessages.notFound,
  channel_not_found: notifyMessages.notFound,
  notification_not_found: notifyMessages.notFound,
  already_announced: notifyMessages.alreadyAnnounced,
};
