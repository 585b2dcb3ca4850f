// Every area's words (its `<area>.words.ts`): the audit action codes the Worker writes, each
// named in English and Portuguese, and the kinds of notification it sends, each with its words.
// worker/contracts/audit-actions.ts reads the codes from here and the back office the names;
// worker/contracts/notification-kinds.ts reads the kinds, the settings page their labels and the
// build the centre's sentences (scripts/lib/notification-texts.mjs). So a new code or kind is its
// area's words file. The app's first load imports none of this.
// tests/node/areas.test.ts fails when a words file is missing here or two areas name one code or kind.
import type { AuditActionNames, NotificationKindWords, NotificationKinds } from "./area";
import type { Locale } from "../locale.ts";
import * as contests from "./contests.words.ts";
import * as events from "./events.words.ts";
import * as feed from "./feed.words.ts";
import * as landing from "./landing.words.ts";
import * as live from "./live.words.ts";
import * as members from "./members.words.ts";
import * as music from "./music.words.ts";
import * as newsletter from "./newsletter.words.ts";
import * as notifications from "./notifications.words.ts";
import * as parties from "./parties.words.ts";
import * as payments from "./payments.words.ts";
import * as perks from "./perks.words.ts";
import * as radio from "./radio.words.ts";
import * as rooms from "./rooms.words.ts";
import * as settings from "./settings.words.ts";
import * as store from "./store.words.ts";
import * as tv from "./tv.words.ts";

/** Each area's audit actions with their names, by area. */
export const AREA_AUDIT_ACTIONS = {
  contests: contests.auditActions,
  events: events.auditActions,
  feed: feed.auditActions,
  landing: landing.auditActions,
  live: live.auditActions,
  members: members.auditActions,
  music: music.auditActions,
  newsletter: newsletter.auditActions,
  notifications: notifications.auditActions,
  parties: parties.auditActions,
  payments: payments.auditActions,
  perks: perks.auditActions,
  radio: radio.auditActions,
  rooms: rooms.auditActions,
  settings: settings.auditActions,
  store: store.auditActions,
  tv: tv.auditActions,
} as const satisfies Record<string, AuditActionNames>;

type CodesOf<Names> = Names extends unknown ? keyof Names & string : never;
/** An action code the Worker writes into the audit log: one an area declares. */
export type AuditAction = CodesOf<(typeof AREA_AUDIT_ACTIONS)[keyof typeof AREA_AUDIT_ACTIONS]>;

/** Every audit action's name in each language, by code. */
export const AUDIT_ACTION_NAMES: Readonly<Record<AuditAction, Readonly<Record<Locale, string>>>> = Object.assign({}, ...Object.values(AREA_AUDIT_ACTIONS));

/** Each area's kinds of notification with their words, by area, in the order the settings page lists them. */
export const AREA_NOTIFICATION_KINDS = {
  feed: feed.notificationKinds,
  rooms: rooms.notificationKinds,
  music: music.notificationKinds,
  events: events.notificationKinds,
  parties: parties.notificationKinds,
  tv: tv.notificationKinds,
  live: live.notificationKinds,
  landing: landing.notificationKinds,
  members: members.notificationKinds,
  payments: payments.notificationKinds,
  store: store.notificationKinds,
  contests: contests.notificationKinds,
} as const satisfies Record<string, NotificationKinds>;

/** A kind of notification: one an area declares. */
export type NotificationKind = CodesOf<(typeof AREA_NOTIFICATION_KINDS)[keyof typeof AREA_NOTIFICATION_KINDS]>;

/** Every kind of notification with its words, in the settings page's order. */
export const NOTIFICATION_WORDS: Readonly<Record<NotificationKind, NotificationKindWords>> = Object.assign({}, ...Object.values(AREA_NOTIFICATION_KINDS));
