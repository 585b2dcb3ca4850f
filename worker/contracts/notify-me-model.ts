// "Notify me" (decision 057): the kinds of items a person may ask to be told about, the states of a
// request, the answers of /api/notify-me and the English texts of its errors. No zod here: the
// SPA's buttons import these types from pages that must not load zod; the inputs are in notify-me.ts.

/** What may be asked for: an album or a track before its public release, an event before its public ticket sale. */
export const NOTIFY_ITEM_KINDS = ["album", "track", "event"] as const;
export type NotifyItemKind = (typeof NOTIFY_ITEM_KINDS)[number];

/**
 * pending: a visitor's address waiting for its confirmation click; waiting: told when the item goes
 * out; sent: told (once); dropped: the event was cancelled or started before its sale opened.
 */
export const NOTIFY_REQUEST_STATES = ["pending", "waiting", "sent", "dropped"] as const;

export const NOTIFY_API = "/api/notify-me";
/** The SPA pages the visitor's mails link to. */
export const NOTIFY_CONFIRM_PATH = "/notify-me/confirm";
export const NOTIFY_CANCEL_PATH = "/notify-me/cancel";

/** GET /api/notify-me/:kind/:id (members): whether they asked already. */
export type NotifyStateResponse = { waiting: boolean };
/** POST: a member waits at once; a visitor's address waits for the confirmation click (the same answer every time). */
export type NotifyRequestResponse = { status: "waiting" | "pending" };
/** POST /api/notify-me/confirm: the item the confirmed request is about. */
export type NotifyConfirmResponse = { kind: NotifyItemKind; id: string };
/** POST /api/notify-me/cancel: how many open requests of the address were withdrawn. */
export type NotifyCancelResponse = { cancelled: number };

/** English texts of the API's errors (the SPA shows its own, by code). */
export const NOTIFY_MESSAGES = {
  alreadyReleased: "This release is already out: you can listen to it now",
  alreadyOnSale: "Tickets for this event are already on sale",
  linkInvalid: "This link is not valid",
  linkExpired: "This confirmation link has expired. Please ask again.",
  mailFailed: "The confirmation e-mail could not be sent. Please try again.",
} as const;

/** Visitors' requests: per client address and per e-mail address, [max, window seconds]. */
export const NOTIFY_RATE_LIMITS = {
  perIp: [20, 3600],
  perAddress: [5, 3600],
} as const satisfies Record<string, readonly [number, number]>;

/** Requests claimed and told per step of the sending pass (one notification message or mail batch). */
export const NOTIFY_PAGE_SIZE = 500;
