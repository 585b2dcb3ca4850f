// How the back office shows an event: its date in its own zone, its price range in its currency,
// its place, and when it was created (in the admin's zone).
import type { IntlShape } from "react-intl";
import type { AdminEvent } from "#contracts/admin/events.ts";
import { formatMoney, formatWhen } from "../../../lib/intlFormat";
import { eventsMessages as m } from "./messages";

/** "Sat, Dec 5, 2026 · 8:00 PM EST", in the event's zone. */
export function eventWhen(intl: IntlShape, iso: string, timeZone: string): string {
  const when = formatWhen(iso, intl.locale, timeZone);
  return `${when.date} · ${when.time}`;
}

/** "$45.50 - $120.00" in the event's currency; one price when only one is known; null for none. */
export function priceRange(intl: IntlShape, event: Pick<AdminEvent, "ticketPriceMin" | "ticketPriceMax" | "currency">): string | null {
  const { ticketPriceMin: min, ticketPriceMax: max, currency } = event;
  if (min === null && max === null) return null;
  if (min === null || max === null) return formatMoney((min ?? max)!, currency, intl.locale);
  return intl.formatMessage(m.priceRange, { min: formatMoney(min, currency, intl.locale), max: formatMoney(max, currency, intl.locale) });
}

/** "Miami, FL": the city and state, whichever are known. */
export const cityLine = (event: Pick<AdminEvent, "venueCity" | "venueState">) =>
  [event.venueCity, event.venueState].filter((part) => part && part.trim()).join(", ");

/** "Mar 5, 2026": a day in the admin's own zone. */
export const formatDay = (intl: IntlShape, iso: string) => intl.formatDate(iso, { dateStyle: "medium" });

/** "Mar 5, 2026, 10:00 AM": a moment in the admin's own zone. */
export const formatMoment = (intl: IntlShape, iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
