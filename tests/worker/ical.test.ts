// The iCalendar writer (worker/lib/ical.ts), byte by byte: CRLF line endings, folding at 75
// octets that never cuts a UTF-8 character, TEXT escaping, component nesting.
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, formatDuration, formatUtc, type IcalEvent } from "../../worker/lib/ical";

const NOW = Date.UTC(2026, 10, 21, 17, 30, 5);
const START = Date.UTC(2026, 11, 6, 1, 0);

const event = (overrides: Partial<IcalEvent> = {}): IcalEvent => ({
  uid: "4f1c2d3e-0000-4000-8000-000000000001@fans.test",
  start: START,
  end: START + 2 * 3600_000,
  summary: "Freestyle Forever Tour",
  status: "CONFIRMED",
  ...overrides,
});

const calendarOf = (events: IcalEvent[], refreshMinutes: number | null = null) =>
  buildCalendar({ prodId: "-//Freestyle Lovers//Events//EN", name: "Freestyle Lovers Events", refreshMinutes, events, now: NOW });

const utf8 = new TextEncoder();
const octets = (text: string) => utf8.encode(text).length;
/** Physical lines (the text ends with CRLF, so the last split part is empty). */
const physicalLines = (text: string) => text.split("\r\n").slice(0, -1);
/** RFC 5545 3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const contentLines = (text: string) => physicalLines(unfold(text));

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks, in that exact form", () => {
    expect(escapeText("Show; with, commas\\ and\nnewline")).toBe("Show\\; with\\, commas\\\\ and\\nnewline");
    expect(escapeText("a\r\nb\rc\nd")).toBe("a\\nb\\nc\\nd");
    // A backslash already followed by n is a backslash and a letter, not a line break.
    expect(escapeText("C:\\new")).toBe("C:\\\\new");
  });

  it("drops control characters but keeps tabs and non-ASCII text", () => {
    expect(escapeText("Noite\u0000 \u0007Freestyle\u007f\tSão Paulo ❤️")).toBe("Noite Freestyle\tSão Paulo ❤️");
  });
});

describe("foldLine", () => {
  it("keeps a line of 75 octets whole and folds the 76th onto a continuation line", () => {
    const exact = `SUMMARY:${"a".repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}b`)).toBe(`${exact}\r\n b`);
  });

  it("counts the continuation line's leading space toward its 75 octets", () => {
    const folded = foldLine(`SUMMARY:${"a".repeat(67 + 74 + 10)}`);
    const lines = folded.split("\r\n");
    expect(lines.map(octets)).toEqual([75, 75, 11]);
    expect(lines[1]).toBe(` ${"a".repeat(74)}`);
  });

  it("never splits a two-byte character: the line ends one octet early instead", () => {
    // 8 octets of name, then 33 two-byte characters = 74 octets; a 34th would make 76.
    const folded = foldLine(`SUMMARY:${"é".repeat(40)}`);
    const lines = folded.split("\r\n");
    expect(lines[0]).toBe(`SUMMARY:${"é".repeat(33)}`);
    expect(octets(lines[0]!)).toBe(74);
    expect(lines[1]).toBe(` ${"é".repeat(7)}`);
  });

  it("never splits a four-byte character (emoji) or a surrogate pair", () => {
    const folded = foldLine(`SUMMARY:${"🎶".repeat(40)}`);
    const lines = folded.split("\r\n");
    // 8 + 16 * 4 = 72; a 17th emoji would make 76.
    expect(lines[0]).toBe(`SUMMARY:${"🎶".repeat(16)}`);
    expect(lines[1]).toBe(` ${"🎶".repeat(18)}`); // 1 + 18 * 4 = 73; a 19th would make 77
    expect(lines[2]).toBe(` ${"🎶".repeat(6)}`);
    // No lone surrogate: each line survives a UTF-8 round trip unchanged.
    for (const line of lines) expect(new TextDecoder().decode(utf8.encode(line))).toBe(line);
  });
});

describe("formatUtc and formatDuration", () => {
  it("write UTC DATE-TIME and DURATION values", () => {
    expect(formatUtc(Date.UTC(2026, 11, 6, 1, 0, 0, 999))).toBe("20261206T010000Z");
    expect(formatUtc(Date.UTC(2027, 0, 31, 23, 59, 58))).toBe("20270131T235958Z");
    expect(formatDuration(360)).toBe("PT6H");
    expect(formatDuration(90)).toBe("PT1H30M");
    expect(formatDuration(45)).toBe("PT45M");
    expect(formatDuration(0)).toBe("PT0M");
  });
});

describe("buildCalendar", () => {
  it("writes every line with CRLF, including the last, and nothing with a bare CR or LF", () => {
    const text = calendarOf([event({ description: "Line one\nLine two\r\nLine three" }), event({ uid: "b@fans.test" })], 360);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(contentLines(text)).toContain("DESCRIPTION:Line one\\nLine two\\nLine three");
  });

  it("writes the calendar and the event properties a client needs", () => {
    const text = calendarOf(
      [
        event({
          description: "Doors at 7 PM.",
          location: "Starlight Ballroom, 1250 Broadway, New York, NY, USA",
          url: "https://tickets.example.com/nyc?a=1,2",
          created: Date.UTC(2026, 8, 1),
          lastModified: Date.UTC(2026, 9, 2, 3, 4, 5),
        }),
      ],
      360,
    );
    expect(contentLines(text)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Freestyle Lovers//Events//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Freestyle Lovers Events",
      "NAME:Freestyle Lovers Events",
      "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
      "X-PUBLISHED-TTL:PT6H",
      "BEGIN:VEVENT",
      "UID:4f1c2d3e-0000-4000-8000-000000000001@fans.test",
      "DTSTAMP:20261121T173005Z",
      "DTSTART:20261206T010000Z",
      "DTEND:20261206T030000Z",
      "SUMMARY:Freestyle Forever Tour",
      "DESCRIPTION:Doors at 7 PM.",
      "LOCATION:Starlight Ballroom\\, 1250 Broadway\\, New York\\, NY\\, USA",
      // A URI is not TEXT: its comma stays as it is.
      "URL:https://tickets.example.com/nyc?a=1,2",
      "STATUS:CONFIRMED",
      "CREATED:20260901T000000Z",
      "LAST-MODIFIED:20261002T030405Z",
      "END:VEVENT",
      "END:VCALENDAR",
    ]);
  });

  it("leaves out the refresh interval, empty optional properties, and writes CANCELLED", () => {
    const lines = contentLines(calendarOf([event({ status: "CANCELLED", description: "", location: null, url: undefined })]));
    expect(lines.some((l) => l.startsWith("REFRESH-INTERVAL") || l.startsWith("X-PUBLISHED-TTL"))).toBe(false);
    expect(lines.some((l) => /^(DESCRIPTION|LOCATION|URL|CREATED|LAST-MODIFIED)[:;]/.test(l))).toBe(false);
    expect(lines).toContain("STATUS:CANCELLED");
  });

  it("escapes a hostile title exactly", () => {
    const lines = contentLines(calendarOf([event({ summary: "Show; with, commas\\ and\nnewline" })]));
    expect(lines).toContain("SUMMARY:Show\\; with\\, commas\\\\ and\\nnewline");
  });

  it("folds a long title of multi-byte characters at 75 octets without breaking any character", () => {
    const title = "Noite de São Paulo ❤️ 🎶 Freestyle é amor — ".repeat(10);
    const text = calendarOf([event({ summary: title })]);
    const physical = physicalLines(text);
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
    let folded = 0;
    for (const line of physical) {
      const bytes = utf8.encode(line);
      expect(bytes.length).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 on its own: no character was cut.
      expect(() => decoder.decode(bytes)).not.toThrow();
      if (line.startsWith(" ")) folded++;
    }
    expect(folded).toBeGreaterThanOrEqual(Math.floor(octets(`SUMMARY:${title}`) / 75));
    expect(contentLines(text)).toContain(`SUMMARY:${escapeText(title)}`);
  });

  it("nests BEGIN and END in pairs, with a UID, DTSTAMP, DTSTART and DTEND in every event", () => {
    const text = calendarOf([event(), event({ uid: "second@fans.test" }), event({ uid: "third@fans.test" })], 60);
    const stack: string[] = [];
    const events: string[][] = [];
    const lines = contentLines(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    for (const line of lines) {
      // Nothing outside the calendar.
      if (line !== "BEGIN:VCALENDAR") expect(stack.length, line).toBeGreaterThan(0);
      if (line.startsWith("BEGIN:")) {
        stack.push(line.slice(6));
        if (line === "BEGIN:VEVENT") events.push([]);
      } else if (line.startsWith("END:")) {
        expect(stack.pop()).toBe(line.slice(4));
      } else if (stack.at(-1) === "VEVENT") {
        events.at(-1)!.push(line);
      }
    }
    expect(stack).toEqual([]);
    expect(events).toHaveLength(3);
    for (const props of events) {
      const names = props.map((p) => p.split(/[:;]/)[0]);
      for (const required of ["UID", "DTSTAMP", "DTSTART", "DTEND"]) expect(names.filter((n) => n === required)).toHaveLength(1);
      expect(props.find((p) => p.startsWith("DTSTAMP:"))).toBe("DTSTAMP:20261121T173005Z");
      for (const p of props.filter((p) => /^DT(START|END):/.test(p))) expect(p).toMatch(/^DT(START|END):\d{8}T\d{6}Z$/);
    }
    expect(new Set(events.map((props) => props.find((p) => p.startsWith("UID:"))))).toEqual(
      new Set(["UID:4f1c2d3e-0000-4000-8000-000000000001@fans.test", "UID:second@fans.test", "UID:third@fans.test"]),
    );
  });
});
