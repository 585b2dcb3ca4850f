// Dates, times and prices the locale's way, with formatters made once per locale and options: an
// event card asks for a dozen, the same ones for every event, and making one is the costly part
// (it resolves the locale and loads its data); the events list renders before the landing page's
// first paint. Shared by the public events pages and the back office's.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** new Intl.DateTimeFormat(locale, options), made once per locale and options. Throws as the constructor does. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => cached("number", locale, options, () => new Intl.NumberFormat(locale, options));

export const regionNames = (locale: string) => cached("region", locale, {}, () => new Intl.DisplayNames(locale, { type: "region" }));

/** A country's name in the reader's language ("DE" → "Germany" / "Alemanha"); the code itself if the runtime has no name for it. */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A tax place as a reader says it: the country's name ("Germany"), or the state with the country's
 * name for a US state ("CA, United States"), since tax is collected per state there.
 */
export function taxPlaceName(jurisdiction: string, locale: string): string {
  const [country = jurisdiction, state] = jurisdiction.split("-");
  const name = countryName(country, locale);
  return state ? `${state}, ${name}` : name;
}

const knownZones = new Map<string, string>();

/** The zone if this runtime knows it, UTC otherwise (a bad zone must not blank the whole list). */
export function knownTimeZone(timeZone: string | undefined): string | undefined {
  if (timeZone === undefined) return undefined;
  let zone = knownZones.get(timeZone);
  if (zone === undefined) {
    try {
      dateTimeFormat("en", { timeZone });
      zone = timeZone;
    } catch {
      zone = "UTC";
    }
    knownZones.set(timeZone, zone);
  }
  return zone;
}

/**
 * The date ("Sat, Dec 5, 2026" / "sáb., 5 de dez. de 2026") and the time with its zone named
 * ("8:00 PM EST" / "20:00 GMT-5") of an instant, in `locale`, as seen in `timeZone` (the
 * viewer's own zone when undefined).
 */
export function formatWhen(iso: string, locale: string, timeZone?: string): { date: string; time: string } {
  const instant = new Date(iso);
  const zone = knownTimeZone(timeZone);
  const date = dateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(instant);
  const time = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone, timeZoneName: "short" }).format(instant);
  return { date, time };
}

/** Just the time with its zone ("7:45 PM GMT-3"), in the viewer's zone unless one is given. */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  return formatWhen(iso, locale, timeZone).time;
}

/** A price with two decimals in the event's currency, the locale's way ("$25.00", "US$ 25,00"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // An unknown currency code: the amount with two decimals and the code.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}
