// The notification centre's shapes, shared by the Worker and the SPA (decision 044). No zod here:
// the header's bell is on every page, in the entry chunk; the input schemas are in
// notifications-input.ts.
import type { NotificationParams } from "./areas/area.ts";
import type { NotificationKind } from "./areas/words.ts";

export const NOTIFICATIONS_API = "/api/notifications";

/**
 * A kind of notification: each area declares the kinds it sends in its words file
 * (worker/contracts/areas/<area>.words.ts), with how loudly each arrives and its words; the lists
 * and defaults built from them are in notification-kinds.ts, outside the header's first load.
 */
export type { NotificationKind };

/** The channels a member chooses per kind. */
export const NOTIFICATION_CHANNELS = ["inApp", "push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type KindPreference = Record<NotificationChannel, boolean>;

/** Who caused it (the latest of them for grouped likes); null for the site's own news. */
export type NotificationActor = { username: string; avatarUrl: string | null };

/** What a notification's text needs besides its kind and actor (declared beside the kinds' words). */
export type { NotificationParams };

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
