// Every area's words (its `<area>.words.ts`): the audit action codes the Worker writes, each
// named in English and Portuguese; the kinds of notification it sends, each with its words; and
// the codes its routes and forms refuse with, each with its English text.
// worker/contracts/audit-actions.ts reads the codes from here and the back office the names;
// worker/contracts/notification-kinds.ts reads the kinds, the settings page their labels and the
// build the centre's sentences (scripts/lib/notification-texts.mjs); route-codes.ts and
// validation-codes.ts add the codes to the few no area owns. So a new code or kind is its area's
// words file. The app's first load imports none of this.
// tests/node/areas.test.ts fails when a words file is missing here or two areas name one code or kind.
import type { AuditActionNames, NotificationKindWords, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import type { Locale } from "../locale.ts";
import * as auth from "./auth.words.ts";
import * as contests from "./contests.words.ts";
import * as events from "./events.words.ts";
import * as feed from "./feed.words.ts";
import * as landing from "./landing.words.ts";
import * as live from "./live.words.ts";
import * as members from "./members.words.ts";
import * as music from "./music.words.ts";
import * as myTickets from "./my-tickets.words.ts";
import * as newsletter from "./newsletter.words.ts";
import * as notifications from "./notifications.words.ts";
import * as parties from "./parties.words.ts";
import * as payments from "./payments.words.ts";
import * as perks from "./perks.words.ts";
import * as profiles from "./profiles.words.ts";
import * as radio from "./radio.words.ts";
import * as rooms from "./rooms.words.ts";
import * as search from "./search.words.ts";
import * as settings from "./settings.words.ts";
import * as store from "./store.words.ts";
import * as tv from "./tv.words.ts";
import * as waitlist from "./waitlist.words.ts";

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
  waitlist: waitlist.auditActions,
} as const satisfies Record<string, AuditActionNames>;

type CodesOf<Names> = Names extends unknown ? keyof Names & string : never;
/** An action code the Worker writes into the audit log: one an area declares. */
export type AuditAction = CodesOf<(typeof AREA_AUDIT_ACTIONS)[keyof typeof AREA_AUDIT_ACTIONS]>;

/**
 * The areas' tables as one. Each call is marked pure, its argument a plain name, so a bundle that
 * reads none of a table drops it and the area tables it reads (the Worker's start-up reads the
 * codes, not the audit names).
 */
const merged = <Table>(tables: Record<string, object>): Table => Object.assign({}, ...Object.values(tables)) as Table;

/** Every audit action's name in each language, by code. */
export const AUDIT_ACTION_NAMES: Readonly<Record<AuditAction, Readonly<Record<Locale, string>>>> = /* @__PURE__ */ merged(AREA_AUDIT_ACTIONS);

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
  waitlist: waitlist.notificationKinds,
} as const satisfies Record<string, NotificationKinds>;

/** A kind of notification: one an area declares. */
export type NotificationKind = CodesOf<(typeof AREA_NOTIFICATION_KINDS)[keyof typeof AREA_NOTIFICATION_KINDS]>;

/** Every kind of notification with its words, in the settings page's order. */
export const NOTIFICATION_WORDS: Readonly<Record<NotificationKind, NotificationKindWords>> = /* @__PURE__ */ merged(AREA_NOTIFICATION_KINDS);

/** Each area's route codes with their status and English text, by area. */
export const AREA_ROUTE_CODES = {
  auth: auth.routeCodes,
  contests: contests.routeCodes,
  events: events.routeCodes,
  feed: feed.routeCodes,
  landing: landing.routeCodes,
  live: live.routeCodes,
  members: members.routeCodes,
  music: music.routeCodes,
  myTickets: myTickets.routeCodes,
  newsletter: newsletter.routeCodes,
  notifications: notifications.routeCodes,
  parties: parties.routeCodes,
  payments: payments.routeCodes,
  perks: perks.routeCodes,
  profiles: profiles.routeCodes,
  radio: radio.routeCodes,
  rooms: rooms.routeCodes,
  settings: settings.routeCodes,
  store: store.routeCodes,
  tv: tv.routeCodes,
  waitlist: waitlist.routeCodes,
} as const satisfies Record<string, RouteCodeWords>;

/** Each area's form rules with their English text and values, by area. */
export const AREA_VALIDATION_CODES = {
  auth: auth.validationCodes,
  contests: contests.validationCodes,
  events: events.validationCodes,
  feed: feed.validationCodes,
  landing: landing.validationCodes,
  members: members.validationCodes,
  music: music.validationCodes,
  myTickets: myTickets.validationCodes,
  newsletter: newsletter.validationCodes,
  parties: parties.validationCodes,
  payments: payments.validationCodes,
  perks: perks.validationCodes,
  profiles: profiles.validationCodes,
  rooms: rooms.validationCodes,
  search: search.validationCodes,
  settings: settings.validationCodes,
  store: store.validationCodes,
  waitlist: waitlist.validationCodes,
} as const satisfies Record<string, ValidationCodeWords>;

/** The entry an area's table gives a code: its own, literal, so a code's statuses stay exact. */
type EntryOf<Tables, Code extends PropertyKey> = Tables extends { readonly [C in Code]: infer Entry } ? Entry : never;
/** The areas' tables as one, each code with its own area's entry. */
type Gathered<Tables> = { readonly [Code in CodesOf<Tables>]: EntryOf<Tables, Code> };

/** Every area's route codes in one table (route-codes.ts adds the core's). */
export const ROUTE_CODE_WORDS: Gathered<(typeof AREA_ROUTE_CODES)[keyof typeof AREA_ROUTE_CODES]> = /* @__PURE__ */ merged(AREA_ROUTE_CODES);

/** Every area's form rules in one table (validation-codes.ts adds the core's). */
export const VALIDATION_CODE_WORDS: Gathered<(typeof AREA_VALIDATION_CODES)[keyof typeof AREA_VALIDATION_CODES]> =
  /* @__PURE__ */ merged(AREA_VALIDATION_CODES);
