// What the system prompt and the offline responder both say the same way: the VIP benefits in
// each language, and how an amount or an event's date is written. Pure (Intl only), so it runs
// alike in workerd and in Node.
import type { ChatLocale } from "#contracts/chat.ts";
import type { DigestEvent } from "./types";
import { formatOffset, isValidTimeZone, utcOffsetMinutes } from "#contracts/time-zones.ts";

/**
 * What VIP membership includes, in the artist's own voice (the persona speaks in the first
 * person, in the prompt's facts and in the offline replies alike).
 */
export const VIP_BENEFITS: Record<ChatLocale, readonly string[]> = {
  en: ["the full music catalog with the VIP player", "the 24/7 radio stations", "the TV channels", "this one-to-one chat with me", "virtual meets with me"],
  "pt-BR": [
    "o catálogo completo de músicas com o player VIP",
    "as rádios 24 horas por dia",
    "os canais de TV",
    "este chat individual comigo",
    "encontros virtuais comigo",
  ],
};

/** "a, b and c" / "a, b e c". */
export function joinList(items: readonly string[], locale: ChatLocale): string {
  if (items.length <= 1) return items.join("");
  const and = locale === "pt-BR" ? "e" : "and";
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

/** An amount with two decimals in `currency`, the locale's way ("$9.99", "US$ 9,99"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // A currency code Intl does not know: the plain amount and the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** A zone typed by hand that the runtime does not know is shown as UTC rather than failing the reply. */
export const knownZone = (zone: string) => (isValidTimeZone(zone) ? zone : "UTC");

/** Low and high price of an event, whichever of the two is known; null when neither is. */
export function priceBounds(event: Pick<DigestEvent, "priceMin" | "priceMax">): { low: number; high: number } | null {
  const { priceMin: min, priceMax: max } = event;
  if (min === null && max === null) return null;
  const a = min ?? max!;
  const b = max ?? min!;
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

/**
 * The start of an event as the audience there reads it, in `locale`, with the zone's offset so
 * nobody has to guess ("Saturday, December 5, 2026 at 8:00 PM (UTC-05:00)").
 */
export function formatEventStart(event: Pick<DigestEvent, "startsAt" | "timeZone">, locale: string): string {
  const instant = Date.parse(event.startsAt);
  const zone = knownZone(event.timeZone);
  const local = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
  }).format(instant);
  return `${local} (UTC${formatOffset(utcOffsetMinutes(instant, zone))})`;
}
