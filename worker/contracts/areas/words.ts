// Every area's words (its `<area>.words.ts`): the audit action codes the Worker writes, each
// named in English and Portuguese. worker/contracts/audit-actions.ts reads the codes from here and
// the back office the names, so a new code is one line in its area's words file. Only the Worker
// and the back office's chunk import this; the app's first load does not carry the names.
// tests/node/areas.test.ts fails when a words file is missing here or two areas name one code.
import type { AuditActionNames } from "./area";
import type { Locale } from "../locale.ts";
import { auditActions as events } from "./events.words.ts";
import { auditActions as feed } from "./feed.words.ts";
import { auditActions as landing } from "./landing.words.ts";
import { auditActions as live } from "./live.words.ts";
import { auditActions as members } from "./members.words.ts";
import { auditActions as music } from "./music.words.ts";
import { auditActions as newsletter } from "./newsletter.words.ts";
import { auditActions as notifications } from "./notifications.words.ts";
import { auditActions as parties } from "./parties.words.ts";
import { auditActions as payments } from "./payments.words.ts";
import { auditActions as perks } from "./perks.words.ts";
import { auditActions as radio } from "./radio.words.ts";
import { auditActions as rooms } from "./rooms.words.ts";
import { auditActions as settings } from "./settings.words.ts";
import { auditActions as store } from "./store.words.ts";
import { auditActions as tv } from "./tv.words.ts";

/** Each area's audit actions with their names, by area. */
export const AREA_AUDIT_ACTIONS = {
  events,
  feed,
  landing,
  live,
  members,
  music,
  newsletter,
  notifications,
  parties,
  payments,
  perks,
  radio,
  rooms,
  settings,
  store,
  tv,
} as const satisfies Record<string, AuditActionNames>;

type CodesOf<Names> = Names extends unknown ? keyof Names & string : never;
/** An action code the Worker writes into the audit log: one an area declares. */
export type AuditAction = CodesOf<(typeof AREA_AUDIT_ACTIONS)[keyof typeof AREA_AUDIT_ACTIONS]>;

/** Every audit action's name in each language, by code. */
export const AUDIT_ACTION_NAMES: Readonly<Record<AuditAction, Readonly<Record<Locale, string>>>> = Object.assign({}, ...Object.values(AREA_AUDIT_ACTIONS));
