// The kinds of notification the areas declare (worker/contracts/areas/<area>.words.ts), as the
// lists the Worker and the settings page read. Apart from notifications.ts, which the header's
// bell puts in the entry chunk: these carry every kind's words in both languages.
import { NOTIFICATION_WORDS, type NotificationKind } from "./areas/words.ts";
import type { KindPreference } from "./notifications.ts";

/** Every kind of notification, in the order the settings page lists them. */
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_WORDS) as [NotificationKind, ...NotificationKind[]];

/** Kinds whose e-mail goes out at once (and whose push is urgent); the others wait for the day's digest (at most one a day). */
export const URGENT_NOTIFICATION_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_WORDS[kind].urgent);

/**
 * The modest defaults: every kind shows in the centre; push and e-mail only for the loud kinds
 * (replies, mentions, new releases, what a member asked to be told of), and e-mail for the urgent
 * ones, which a member should not miss.
 */
export function defaultPreference(kind: NotificationKind): KindPreference {
  const { loud, urgent } = NOTIFICATION_WORDS[kind];
  return { inApp: true, push: loud, email: loud || urgent };
}
