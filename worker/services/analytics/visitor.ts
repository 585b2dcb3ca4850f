// Cookieless visitor ids: HMAC-SHA-256 keyed with the UTC day's secret salt over IP and user
// agent. The same browser on the same network is one visitor for a day and unrecognisable the
// next; neither the IP nor the user agent is kept, only these digests.
import type { DB } from "../../db/client";
import { loadDailySalt } from "../../db/analytics/analytics";
import { DAY_MS, utcDayStart, utcDay } from "../../lib/time";
import { remember } from "../../lib/memo";

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer, length: number) => [...new Uint8Array(bytes, 0, length)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The day's salt as an HMAC key, loaded once per isolate per day. */
function dayKey(db: DB, now: number): Promise<CryptoKey> {
  const ttl = utcDayStart(now) + DAY_MS - now;
  return remember(
    `analytics-salt:${utcDay(now)}`,
    ttl,
    async () => crypto.subtle.importKey("raw", encoder.encode(await loadDailySalt(db, now)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    now,
  );
}

export type VisitorKeys = {
  /** 16 bytes of HMAC(day salt, IP | user agent), hex. */
  visitorId: string;
  /** 8 bytes of HMAC(day salt, IP), hex: the per-IP rate limit and shard key, so no IP leaves the request. */
  ipKey: string;
};

export async function visitorKeys(db: DB, ip: string, userAgent: string, now: number): Promise<VisitorKeys> {
  const key = await dayKey(db, now);
  const [visitor, address] = await Promise.all([
    crypto.subtle.sign("HMAC", key, encoder.encode(`${ip}|${userAgent}`)),
    crypto.subtle.sign("HMAC", key, encoder.encode(`ip|${ip}`)),
  ]);
  return { visitorId: hex(visitor, 16), ipKey: hex(address, 8) };
}
