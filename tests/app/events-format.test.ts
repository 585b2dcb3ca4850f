// The events' formatting helpers (app/lib/intlFormat.ts, app/features/events/format.ts): the same
// text as Intl's own formatters, with each formatter made once per locale and options (the landing
// page renders its events list before the first paint, and every card asks for the same dozen
// formatters).
import { afterEach, describe, expect, it, vi } from "vitest";
import { countryName } from "../../app/features/events/format";
import { dateTimeFormat, formatMoney, formatWhen, knownTimeZone } from "../../app/lib/intlFormat";

afterEach(() => vi.restoreAllMocks());

/** Counts the formatters of `kind` made from now on; each is still the real one. */
function countMade(kind: "DateTimeFormat" | "NumberFormat") {
  const Real = Intl[kind] as unknown as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, kind).mockImplementation(function (...args: unknown[]) {
    return new Real(...args);
  } as never);
}

describe("events formatting", () => {
  it("writes a date, a time with its zone, a price and a country as Intl does", () => {
    const iso = "2026-12-06T01:00:00.000Z";
    expect(formatWhen(iso, "en-US", "America/New_York")).toEqual({
      date: new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "America/New_York" }).format(
        new Date(iso),
      ),
      time: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/New_York", timeZoneName: "short" }).format(new Date(iso)),
    });
    expect(formatWhen(iso, "en-US", "America/New_York").date).toBe("Sat, Dec 5, 2026");
    expect(formatMoney(25, "USD", "en-US")).toBe("$25.00");
    expect(formatMoney(25, "BRL", "pt-BR")).toBe(new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2 }).format(25));
    expect(countryName("br", "en")).toBe("Brazil");
    expect(countryName("BR", "pt-BR")).toBe("Brasil");
  });

  it("makes each formatter once per locale and options", () => {
    expect(dateTimeFormat("en-US", { month: "short", timeZone: "UTC" })).toBe(dateTimeFormat("en-US", { month: "short", timeZone: "UTC" }));
    expect(dateTimeFormat("en-US", { month: "short", timeZone: "UTC" })).not.toBe(dateTimeFormat("pt-BR", { month: "short", timeZone: "UTC" }));
    expect(dateTimeFormat("en-US", { month: "short", timeZone: "UTC" })).not.toBe(dateTimeFormat("en-US", { month: "long", timeZone: "UTC" }));

    const made = countMade("DateTimeFormat");
    const numbers = countMade("NumberFormat");
    for (let i = 0; i < 5; i++) {
      formatWhen("2027-01-10T20:00:00.000Z", "en-GB", "Europe/London");
      formatMoney(10 + i, "EUR", "en-GB");
    }
    // Two formatters for the date and the time, and one to check the zone: not fifteen.
    expect(made).toHaveBeenCalledTimes(3);
    expect(numbers).toHaveBeenCalledTimes(1);
  });

  it("falls back to UTC for a zone the runtime does not know, and remembers it", () => {
    expect(knownTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(knownTimeZone("America/Sao_Paulo")).toBe("America/Sao_Paulo");
    expect(knownTimeZone(undefined)).toBeUndefined();
    const made = countMade("DateTimeFormat");
    expect(knownTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(made).not.toHaveBeenCalled();
  });

  it("writes an unknown currency's code after the amount", () => {
    expect(formatMoney(12.5, "XYZW", "en-US")).toBe("12.50 XYZW");
  });
});
