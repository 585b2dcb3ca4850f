// What the back office's event and venue forms share: the field builders the zod schemas of
// admin-events.ts and admin-venues.ts are made of, and event times written as wall clock time in
// the event's zone. Used by the Worker and the SPA's admin chunk alike; the paths, limits and the
// English messages of every rule (the SPA shows its own translation of each, found by this text)
// are in admin-event-limits.ts, re-exported here.
import { z } from "../zod";
import { userText } from "../text";
import { CAPACITY_MAX, DESCRIPTION_MAX, EVENT_FORM_MESSAGES, FIRST_YEAR, LAST_YEAR, PRICE_MAX, TEXT_MAX, URL_MAX, VENUE_COUNTRIES } from "./event-limits";
import { isCurrencyCode } from "../countries";
// Pure Intl arithmetic, no Worker API: safe in the SPA's chunk too.
import { isValidTimeZone, toZonedIso, utcOffsetMinutes } from "../time-zones";

export * from "./event-limits";

const M = EVENT_FORM_MESSAGES;

/** Free text that may be left blank: trimmed, and blank becomes null. */
export const optionalText = (max = TEXT_MAX, multiline = false) =>
  userText({ max, maxMessage: max === DESCRIPTION_MAX ? M.descriptionTooLong : M.textTooLong, multiline })
    .nullish()
    .transform((s) => (s ? s : null));

/** A web address (http or https: the public page links it), blank as null. */
export const optionalUrl = () =>
  z
    .string({ error: M.urlInvalid })
    .trim()
    .max(URL_MAX, M.urlInvalid)
    .refine((s) => s === "" || isWebUrl(s), M.urlInvalid)
    .nullish()
    .transform((s) => (s ? s : null));

export function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol, hostname } = new URL(text);
  return (protocol === "https:" || protocol === "http:") && hostname !== "";
}

export const optionalCapacity = () =>
  z
    .number({ error: M.capacityInvalid })
    // Not .int(): zod stops every later check, the form's cross-field ones included, after it fails.
    .refine(Number.isInteger, M.capacityInvalid)
    .min(0, M.capacityMin)
    .max(CAPACITY_MAX, M.capacityTooLarge)
    .nullish()
    .transform((n) => n ?? null);

/** True for amounts in whole cents (the form's step of 0.01). */
export const inCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

export const optionalPrice = () =>
  z
    .number({ error: M.priceInvalid })
    .min(0, M.priceMin)
    .max(PRICE_MAX, M.priceTooLarge)
    .refine(inCents, M.priceStep)
    .nullish()
    .transform((n) => n ?? null);

/** One of VENUE_COUNTRIES, or `kept` (a country an event had before these were the rule). */
export const country = (kept?: string | null) =>
  z
    .string({ error: M.countryInvalid })
    .refine((c) => VENUE_COUNTRIES.includes(c) || (!!kept && c === kept), M.countryInvalid)
    .nullish()
    .transform((c) => c ?? null);

/** An ISO 4217 code some country uses (countries.ts); blank or left out: null (the country's then). */
export const currency = () =>
  z
    .string({ error: M.currencyInvalid })
    .refine(isCurrencyCode, M.currencyInvalid)
    .nullish()
    .transform((c) => c ?? null);

export const timeZone = () =>
  z
    .string({ error: M.timeZoneInvalid })
    .trim()
    .max(100, M.timeZoneInvalid)
    .refine((zone) => zone !== "" && isValidTimeZone(zone), M.timeZoneInvalid);

// ----- event times -----

/** Wall clock time as a datetime-local input gives it: 2026-12-05T20:00 (seconds optional). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** An instant with its offset: 2026-12-06T01:00:00.000Z, 2026-12-05T20:00:00-05:00. */
const INSTANT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The wall clock time's fields read as UTC (no zone yet), or null when it is no real date. */
function wallAsUtc(text: string): number | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (year < FIRST_YEAR || year > LAST_YEAR || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 April over to 1 May: such a date does not exist.
  const back = new Date(ms);
  return back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : null;
}

/**
 * The instant a wall clock time in `zone` names. In the hour skipped when clocks go forward the
 * later reading applies (02:30 becomes 03:30); in the hour repeated when they go back, the first.
 */
export function wallTimeToInstant(text: string, zone: string): number | null {
  const wall = wallAsUtc(text);
  if (wall === null) return null;
  const first = utcOffsetMinutes(wall, zone);
  const guess = wall - first * 60_000;
  const second = utcOffsetMinutes(guess, zone);
  if (second === first) return guess;
  const retry = wall - second * 60_000;
  return utcOffsetMinutes(retry, zone) === second ? retry : guess;
}

/** An event time as the API takes it: an instant with an offset, or wall clock time in `zone`. */
export function eventTimeToInstant(text: string, zone: string): number | null {
  const instant = INSTANT.exec(text);
  if (instant) {
    const year = Number(instant[1]);
    const ms = Date.parse(text);
    return Number.isFinite(ms) && year >= FIRST_YEAR && year <= LAST_YEAR ? ms : null;
  }
  return isValidTimeZone(zone) ? wallTimeToInstant(text, zone) : wallAsUtc(text);
}

/** The wall clock time (datetime-local's 2026-12-05T20:00) of an instant in `zone`. */
export const instantToWallTime = (iso: string, zone: string): string => toZonedIso(Date.parse(iso), isValidTimeZone(zone) ? zone : "UTC").slice(0, 16);

/** A date and time field: checked here on its own, made an instant with the event's zone later. */
export const optionalEventTime = () =>
  z
    .string({ error: M.dateInvalid })
    .trim()
    .refine((s) => s === "" || eventTimeToInstant(s, "UTC") !== null, M.dateInvalid)
    .nullish()
    .transform((s) => (s ? s : null));

// ----- object-level checks -----

type Ctx = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

/** A required field left out or blank: null after its field transform (a wrong type is reported by the field). */
export function requireFields<T extends Record<string, unknown>>(value: T, ctx: Ctx, rules: readonly (readonly [keyof T & string, string])[]) {
  for (const [field, message] of rules) if (value[field] === null || value[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
}

/**
 * Runs an object's cross-field checks even when a field failed, so a form shows every problem at
 * once; but not when the body is no object at all (null, a list, a string).
 */
export const ALWAYS = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
} as const;
