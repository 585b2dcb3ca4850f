// The notification centre's shapes, shared by the Worker and the SPA (decision 044). No zod here:
// the header's bell is on every page, in the entry chunk; the input schemas are in
// notifications-input.ts.

export const NOTIFICATIONS_API = "/api/notifications";

/**
 * Every kind of notification. Each has its own text in en and pt-BR (the SPA's centre, the push
 * and the e-mail digest) and its own preferences.
 * - like: someone liked my post (grouped per post: "maria and 4 others liked your post")
 * - comment: a comment on my post; reply: a comment answering mine (under the same post);
 *   mention: an @username of me in a post or comment
 * - release: a new release; release_early: its VIP early access has begun (VIPs)
 * - event: a new published event; meet_soon: a virtual meet or listening party starts in 15 minutes (VIPs)
 * - tv_live: a TV live channel went live
 * - contact_reply: an administrator answered my contact message
 * - payment_failed, renewal_soon, vip_granted, vip_ended: my membership (a redeemed gift of VIP's too)
 * - gift_redeemed: someone redeemed the gift of VIP I bought
 * - post_hidden: a moderator hid my post (with the reason)
 * - order_shipped: my store order is on its way (its number as the title)
 * - preorder_out: a release I pre-ordered is out, the whole of it downloads now (decision 118)
 * - notify_release, notify_on_sale: what I asked "Notify me" about is out, or its tickets are on sale (decision 057)
 * - tier_offer: an upgrade or win-back offer for me, a percent off a tier's first period (decision 101)
 * - trial_ending: my free trial ends in 3 days, then its tier's price is charged (decision 102)
 * - room_mention, room_reply: an @username of me, or a reply to my message, in a community room;
 *   room_activity: new messages in a room I asked to hear everything of, at most one per window (decision 111)
 * - show_live: a live show I asked "Remind me" about and may watch is on air now (decision 113)
 */
export const NOTIFICATION_KINDS = [
  "like",
  "comment",
  "reply",
  "mention",
  "release",
  "release_early",
  "event",
  "meet_soon",
  "tv_live",
  "contact_reply",
  "payment_failed",
  "renewal_soon",
  "vip_granted",
  "vip_ended",
  "post_hidden",
  "gift_redeemed",
  "order_shipped",
  "preorder_out",
  "notify_release",
  "notify_on_sale",
  "tier_offer",
  "trial_ending",
  "room_mention",
  "room_reply",
  "room_activity",
  "show_live",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds whose e-mail goes out at once; the others wait for the day's digest (at most one a day). */
/** A drop someone asked "Notify me" about is urgent too: they asked to hear of it when it happens, not a day later. */
/** An offer is urgent too: it can be claimed for a week only. A trial's end too: the member may want to cancel before the charge. */
export const URGENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  "payment_failed",
  "vip_ended",
  "notify_release",
  "notify_on_sale",
  "tier_offer",
  "trial_ending",
  "show_live",
];

/** The channels a member chooses per kind. */
export const NOTIFICATION_CHANNELS = ["inApp", "push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type KindPreference = Record<NotificationChannel, boolean>;

/**
 * The modest defaults: every kind shows in the centre; push and e-mail only for replies, mentions
 * and new releases (and the membership's urgent news by e-mail, which a member should not miss).
 */
export function defaultPreference(kind: NotificationKind): KindPreference {
  // "Notify me" is a request to be told: every channel, until the member turns one off.
  const loud =
    kind === "reply" ||
    kind === "mention" ||
    kind === "room_mention" ||
    kind === "room_reply" ||
    kind === "release" ||
    kind === "release_early" ||
    kind === "notify_release" ||
    kind === "notify_on_sale" ||
    kind === "show_live";
  return { inApp: true, push: loud, email: loud || URGENT_NOTIFICATION_KINDS.includes(kind) };
}

/** Who caused it (the latest of them for grouped likes); null for the site's own news. */
export type NotificationActor = { username: string; avatarUrl: string | null };

/**
 * What a notification's text needs besides its kind and actor; each field only where its kind has
 * it. Titles are in the reader's language where the content has one.
 */
export type NotificationParams = {
  /** The first words of the post or comment concerned. */
  excerpt?: string;
  /** A release's, event's, party's or TV channel's title. */
  title?: string;
  /** The same title in Portuguese, where the content has one (Portuguese readers see it instead). */
  titlePtBr?: string;
  /** Why a moderator hid the post, in the moderator's words. */
  reason?: string;
  /** Or, when the moderator wrote none, what most reporters chose (contracts/feed.ts REPORT_REASONS). */
  reasonCode?: string;
  /** ISO 8601: when the meet or party starts, the renewal is due, the grace ends, a gifted VIP ends, a gift was redeemed. */
  at?: string;
  /** vip_granted and vip_ended: the VIP is a redeemed gift's (it runs until `at`). */
  gift?: boolean;
  /** vip_granted, vip_ended (gift) and gift_redeemed: a gift of a tier above VIP, by its names (decision 116); absent for VIP. */
  tierEn?: string;
  tierPtBR?: string;
  /** tier_offer: the percent off the first period (the tier's name is `title`, the offer's end `at`). */
  percent?: number;
  /** tier_offer: a win-back offer (to a member who had a paid tier). */
  winBack?: boolean;
  /** trial_ending: what the trial's end charges, in cents of `currency` (upper-case ISO 4217); the tier's name is `title`. */
  cents?: number;
  currency?: string;
};

export type NotificationView = {
  id: string;
  kind: NotificationKind;
  actor: NotificationActor | null;
  /** How many people did it: likes are grouped per post (1 for every other kind). */
  actorCount: number;
  params: NotificationParams;
  /** The site path it leads to ("/social/post/…", "/music/catalog/…", "/events"). */
  link: string;
  /** ISO 8601: the newest activity in it. */
  createdAt: string;
  read: boolean;
};

/** GET /api/notifications?cursor=: newest first, NOTIFICATIONS_PAGE_SIZE a page. */
export type NotificationsPage = { items: NotificationView[]; nextCursor: string | null; unread: number };
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** GET /api/notifications/unread: the bell's count (capped: the bell shows "99+"). */
export type UnreadCount = { unread: number };
export const UNREAD_COUNT_CAP = 100;

/** GET and PUT /api/notifications/preferences. `paused` stops push and e-mail; the centre keeps its list. */
export type NotificationPreferences = {
  paused: boolean;
  kinds: Record<NotificationKind, KindPreference>;
  /** The VAPID public key to subscribe with; null when push is not set up on this server. */
  pushPublicKey: string | null;
};

/**
 * Sent on the member-notices socket (MEMBER_NOTICES_SOCKET_PATH) when new notifications for its
 * member were written: the page refetches the bell's count and, if open, the list.
 */
export const NOTIFICATION_FRAME = JSON.stringify({ type: "notification" });

/** The back office's "Notify fans": what it announces. */
export const NOTIFY_TARGET_TYPES = ["release", "event", "tv"] as const;
export type NotifyTargetType = (typeof NOTIFY_TARGET_TYPES)[number];

/** GET /api/admin/notify/preview?type=&id=: who would receive it, counted by kind of member. */
export type NotifyPreview = {
  kind: NotificationKind;
  title: string;
  /** Members who are neither VIP nor admin; VIP members; administrators (banned members left out). */
  counts: { members: number; vips: number; admins: number; total: number };
  /** Already announced: the campaign's id (announcing twice is refused). */
  announcedId: string | null;
};

/** POST /api/admin/notify answers with the campaign; GET /api/admin/notify/:id is its progress. */
export type NotifyProgress = {
  id: string;
  kind: NotificationKind;
  title: string;
  /** Recipients counted when it was queued. */
  total: number;
  /** Notifications written so far. */
  written: number;
  done: boolean;
  createdAt: string;
};
