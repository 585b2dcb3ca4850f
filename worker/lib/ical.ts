// iCalendar (RFC 5545) writer for the events feed and single-event downloads. Pure: no I/O, no
// clock (the caller passes `now`). Hand-written rather than a library: the calendars here are one
// VCALENDAR of simple VEVENTs with UTC times, and what matters (octet-based folding that never
// splits a UTF-8 character, TEXT escaping) is a few lines that the tests pin down exactly.
//
// Times are written in UTC ("Z" form): every client places them correctly without VTIMEZONE
// blocks, and shows them in the viewer's own zone.

export const CRLF = "\r\n";
/** RFC 5545 3.1: content lines SHOULD NOT be longer than 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

export type IcalStatus = "CONFIRMED" | "TENTATIVE" | "CANCELLED";

export type IcalEvent = {
  /** Globally unique and stable for the event across feeds and downloads (id@host). */
  uid: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status: IcalStatus;
  created?: number | null;
  lastModified?: number | null;
};

export type IcalCalendar = {
  /** PRODID, e.g. "-//Freestyle Lovers//Events//EN". */
  prodId: string;
  /** X-WR-CALNAME and NAME (RFC 7986): the calendar's name in the subscriber's app. */
  name: string;
  /** How often subscribers should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL); omitted when null. */
  refreshMinutes?: number | null;
  events: IcalEvent[];
  /** DTSTAMP of every event: when this calendar object was made. */
  now: number;
};

// Control characters are not allowed in property values (TAB is, as white space). Line breaks are
// handled before this runs.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(CONTROL_CHARS, "");
}

/** A URI value: not escaped (a comma is part of the URI), but no white space or control characters. */
const uriValue = (value: string) => value.replace(CONTROL_CHARS, "").replace(/[\s]/g, "");

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Folds one content line (RFC 5545 3.1): at most 75 octets per physical line, continuation lines
 * starting with one space (which counts toward their 75). Splits only between code points, so a
 * multi-byte UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** DATE-TIME in UTC: 20261206T010000Z. */
export function formatUtc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A DURATION of whole minutes: PT6H, PT90M becomes PT1H30M. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m || !h ? `${m}M` : ""}`;
}

function eventLines(event: IcalEvent, now: number): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  lines.push(`STATUS:${event.status}`);
  if (event.created != null) lines.push(`CREATED:${formatUtc(event.created)}`);
  if (event.lastModified != null) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
  lines.push("END:VEVENT");
  return lines;
}

/** The whole calendar: CRLF line endings (one after the last line too), every line folded. */
export function buildCalendar(calendar: IcalCalendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${escapeText(calendar.prodId)}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`, `NAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes != null) {
    const duration = formatDuration(calendar.refreshMinutes);
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${duration}`, `X-PUBLISHED-TTL:${duration}`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.now));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
