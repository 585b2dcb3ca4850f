// The pure parts of the ticket list and import: the time filters' spans in a zone (daylight-saving
// days, month ends, leap years), and how a provider's cells are read (prices in either decimal
// style, ISO-style dates with or without an offset, status wordings) and its columns guessed.
import { describe, expect, it } from "vitest";
import { ticketPeriod } from "../../worker/lib/ticket-periods";
import { normaliseStatus, parseDate, parsePrice, suggestMapping } from "../../worker/lib/ticket-import";

const HOUR = 3600_000;

describe("ticket time filters", () => {
  it("Today is the local calendar day, 23 or 25 hours long on a clock change", () => {
    // New York, Sunday 8 March 2026 (clocks go forward at 2:00), at noon local (16:00 UTC).
    expect(ticketPeriod("today", "America/New_York", Date.UTC(2026, 2, 8, 16))).toEqual({ from: Date.UTC(2026, 2, 8, 5), to: Date.UTC(2026, 2, 9, 4) });
    // Sunday 1 November 2026 (clocks go back): 25 hours.
    const fall = ticketPeriod("today", "America/New_York", Date.UTC(2026, 10, 1, 17))!;
    expect([fall.from, fall.to - fall.from]).toEqual([Date.UTC(2026, 10, 1, 4), 25 * HOUR]);
    // Half-hour zones and the date line: Kolkata's day starts at 18:30 UTC the day before.
    expect(ticketPeriod("today", "Asia/Kolkata", Date.UTC(2026, 0, 10, 20))).toEqual({
      from: Date.UTC(2026, 0, 10, 18, 30),
      to: Date.UTC(2026, 0, 11, 18, 30),
    });
    expect(ticketPeriod("all", "UTC", Date.now())).toBeNull();
  });

  it("Last 7 Days starts at the same local time a week ago, across a clock change, and runs to now", () => {
    const now = Date.UTC(2026, 2, 10, 16); // Tuesday noon in New York (EDT)
    expect(ticketPeriod("7d", "America/New_York", now)).toEqual({ from: Date.UTC(2026, 2, 3, 17), to: now + 1 });
  });

  it("Last 30 Days is one calendar month back, to the month's last day when it is shorter", () => {
    const at = (iso: string, zone = "UTC") => ticketPeriod("30d", zone, Date.parse(iso))!.from;
    expect(new Date(at("2026-03-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(new Date(at("2028-03-31T10:00:00Z")).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(new Date(at("2026-01-15T10:00:00Z")).toISOString()).toBe("2025-12-15T10:00:00.000Z");
    // 1 April 00:30 in São Paulo is 31 March 03:30 UTC: a month back from the local date, 1 March.
    expect(new Date(at("2026-04-01T03:30:00Z", "America/Sao_Paulo")).toISOString()).toBe("2026-03-01T03:30:00.000Z");
  });
});

describe("import cells", () => {
  it.each([
    ["45", 4500],
    ["45.5", 4550],
    ["45.50", 4550],
    ["0", 0],
    ["$1,234.56", 123456],
    ["1.234,56", 123456],
    ["R$ 450,00", 45000],
    ["45.00 USD", 4500],
    ["USD 45", 4500],
    ["€12,5", 1250],
    ["1,234", 123400],
    ["1.234", 123400],
    [" 99.99 ", 9999],
  ])("price %j is %i cents", (text, cents) => expect(parsePrice(text)).toBe(cents));

  it.each(["", "free", "-5", "$-5", "1,234,56", "1.234.5", "1,23,456", "1e3", "45.9.9", "2000000"])("price %j is refused", (text) =>
    expect(parsePrice(text)).toBeNull(),
  );

  it("reads ISO-style dates: with an offset as that instant, without one in the admin's zone", () => {
    expect(parseDate("2026-03-05T14:30:00Z", "Asia/Tokyo")).toBe(Date.UTC(2026, 2, 5, 14, 30));
    expect(parseDate("2026-03-05 14:30:00-05:00", "UTC")).toBe(Date.UTC(2026, 2, 5, 19, 30));
    expect(parseDate("2026-03-05T14:30:00+0530", "UTC")).toBe(Date.UTC(2026, 2, 5, 9));
    expect(parseDate("2026-03-05 14:30", "America/New_York")).toBe(Date.UTC(2026, 2, 5, 19, 30));
    expect(parseDate("2026/3/5", "America/Sao_Paulo")).toBe(Date.UTC(2026, 2, 5, 3));
    expect(parseDate("2026-03-05T14:30:00.123456Z", "UTC")).toBe(Date.UTC(2026, 2, 5, 14, 30, 0, 123));
    for (const bad of ["03/05/2026", "March 5, 2026", "2026-02-30", "2026-13-01", "2026-03-05 24:00", "yesterday", ""])
      expect(parseDate(bad, "UTC"), bad).toBeNull();
  });

  it("understands the usual status wordings, and nothing else", () => {
    expect(["Paid", "COMPLETED", "Checked In", "attending", "confirmado"].map(normaliseStatus)).toEqual(Array(5).fill("confirmed"));
    expect(["Pending", "awaiting payment", "On hold", "Reserved"].map(normaliseStatus)).toEqual(Array(4).fill("pending"));
    expect(["Refunded", "Canceled", "cancelled", "Not Attending", "void"].map(normaliseStatus)).toEqual(Array(5).fill("cancelled"));
    expect(["", "maybe", "transferred"].map(normaliseStatus)).toEqual([null, null, null]);
  });

  it("guesses the columns from their names, and tells e-mails from names by the values", () => {
    expect(suggestMapping(["Order ID", "Event", "Customer", "Status", "Price", "Date"], [["1", "Show", "a@b.co", "confirmed", "1.00", "2026-01-01"]])).toEqual({
      orderId: 0,
      event: 1,
      email: 2,
      price: 4,
      status: 3,
      date: 5,
      name: null,
    });
    expect(
      suggestMapping(["Confirmation #", "Performance", "Customer", "Email Address", "Total Paid"], [["X", "Show", "Ana Lopez", "ana@example.com", "10"]]),
    ).toMatchObject({
      orderId: 0,
      event: 1,
      email: 3,
      price: 4,
      name: 2,
    });
    // "Order Date" contains "order" but is a date's name: it is not taken for the order id.
    expect(
      suggestMapping(["Order Date", "Order Status", "Reference", "Show", "E-mail", "Gross"], [["2026-01-01", "Paid", "X-1", "Show", "a@b.co", "1"]]),
    ).toEqual({
      orderId: 2,
      event: 3,
      email: 4,
      price: 5,
      status: 1,
      date: 0,
      name: null,
    });
    expect(suggestMapping(["foo", "bar"], [["1", "2"]])).toEqual({
      orderId: null,
      event: null,
      email: null,
      price: null,
      status: null,
      date: null,
      name: null,
    });
  });
});
