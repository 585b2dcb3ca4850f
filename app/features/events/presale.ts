// The VIP presale on an event card (decision 029): its times in the venue's zone, and the list
// fetched again when a presale on it changes state (it opens, closes, the general sale starts),
// so a page left open turns at that moment. The Worker decides the state and withholds the ticket
// link; the card only shows what it was sent.
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { eventsKeys } from "../../lib/eventsKeys";
import { formatWhen } from "../../lib/intlFormat";
import { nextPresaleChange, presaleStateAt, type PresaleState, type PublicPresale } from "#contracts/presales.ts";

/** "Tue, Nov 24, 2026, 10:00 AM EST": a presale time as the event's own date and time are shown. */
export function presaleTime(iso: string, locale: string, timeZone: string): string {
  const when = formatWhen(iso, locale, timeZone);
  return `${when.date}, ${when.time}`;
}

/** Only web addresses become links (as EventCard's webUrl, which this module cannot import: EventCard imports it). */
export function webLink(url: string | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
}

/** setTimeout's longest delay (about 24.8 days); a page is not left open that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** When this device's clock has passed a change the server's answer does not show yet, ask again this much later. */
export const PRESALE_LATE_RETRY_MS = 15_000;
const LATE_RETRIES = 2;
/** A second past the change, so a server a little behind this clock has turned too. */
const MARGIN_MS = 1_000;

const RANK: Record<PresaleState | "general", number> = { upcoming: 0, open: 1, closed: 2, general: 3 };

/** Fetches the events list again at the presale's next change (one timer, no polling). */
export function useRefetchAtPresaleChange(presale: PublicPresale) {
  const queryClient = useQueryClient();
  const lateRetries = useRef(0);
  const { startsAt, endsAt, generalSaleAt, state } = presale;
  useEffect(() => {
    const times = { startsAt: Date.parse(startsAt), endsAt: Date.parse(endsAt), generalSaleAt: Date.parse(generalSaleAt) };
    if (Object.values(times).some(Number.isNaN)) return;
    const now = Date.now();
    let at = nextPresaleChange(times, now);
    if (RANK[presaleStateAt(times, now)] <= RANK[state]) lateRetries.current = 0;
    else if (lateRetries.current < LATE_RETRIES) {
      lateRetries.current += 1;
      at = now + PRESALE_LATE_RETRY_MS;
    }
    if (at === null || at - now > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: eventsKeys.list }), Math.max(0, at - now) + MARGIN_MS);
    return () => clearTimeout(timer);
  }, [queryClient, startsAt, endsAt, generalSaleAt, state]);
}
