// Rate limits. The hot ones (EDGE_RATE_LIMITS) are counted by Cloudflare's Workers Rate Limiting
// binding, with no D1 write (decision 046); the exact, durable ones are fixed-window counters in D1:
// one upsert per counted event. Over either: 429. Routes and services (invitations) both count
// through here, so the counters sit below both.
import { and, eq, sql } from "drizzle-orm";
import type { DB } from "../db/client";
import { rateLimits } from "../db/schema/operations";
import { tooManyRequests } from "../lib/errors";
import { EDGE_RATE_LIMITS, RATE_LIMIT_MESSAGE, type EdgeRateLimit } from "#contracts/limits.ts";
import type { AppEnv } from "../env";

type Limit = readonly [max: number, windowSeconds: number];

const windowStartOf = (now: number, windowSeconds: number) => Math.floor(now / 1000 / windowSeconds) * windowSeconds;

/** Counts one event under `key` and returns the window's count including it. */
export async function countEvent(db: DB, key: string, [, windowSeconds]: Limit, now = Date.now()): Promise<number> {
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStartOf(now, windowSeconds), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
    .get();
  return row.count;
}

/**
 * Takes one of the window's `max` attempts under `key`: the check and the count are one conditional
 * upsert, so racing attempts can never take more than `max`. False when none is left.
 */
export async function takeAttempt(db: DB, key: string, [max, windowSeconds]: Limit, now = Date.now()): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 WHERE rate_limits.count < ?3
       RETURNING count`,
    )
    .bind(key, windowStartOf(now, windowSeconds), max)
    .first();
  return row !== null;
}

/** Gives back an attempt taken in the current window (it turned out not to be one the limit counts). */
export async function giveBackAttempt(db: DB, key: string, [, windowSeconds]: Limit, now = Date.now()) {
  await db.$client
    .prepare(`UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0`)
    .bind(key, windowStartOf(now, windowSeconds))
    .run();
}

/** Counts one attempt under `key`; 429 once the window holds more than the limit allows. */
export async function hitRateLimit(db: DB, key: string, limit: Limit, now = Date.now()) {
  if ((await countEvent(db, key, limit, now)) > limit[0]) throw tooManyRequests(RATE_LIMIT_MESSAGE);
}

/** Forgets the current window's count under `key` (a success that proves the earlier failures were the owner's). */
export async function clearRateLimit(db: DB, key: string, [, windowSeconds]: Limit, now = Date.now()) {
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStartOf(now, windowSeconds))));
}

/** Every request without a trusted address shares this one bucket. */
export const UNKNOWN_CLIENT_IP = "unknown";

/**
 * The client's address for rate limits. Only CF-Connecting-IP is trusted: Cloudflare's edge sets
 * it (and wrangler does locally), overwriting whatever the client sent. X-Forwarded-For and the
 * like are chosen by the client, so a value from them would let anyone pick a fresh bucket per
 * request; without CF-Connecting-IP every request lands in one shared bucket instead.
 */
export const clientIp = (headers: { header(name: string): string | undefined }) => headers.header("cf-connecting-ip")?.trim() || UNKNOWN_CLIENT_IP;

/** The request's address to keep as a fact (an order's access log), or null when the edge did not say. */
export const knownClientIp = (headers: { header(name: string): string | undefined }) => {
  const ip = clientIp(headers);
  return ip === UNKNOWN_CLIENT_IP ? null : ip;
};

/** Counts one request under `key` on the limit's Rate Limiting binding; 429 once it says no. */
export async function hitEdgeLimit(env: AppEnv, limit: EdgeRateLimit, key: string) {
  const { success } = await env[EDGE_RATE_LIMITS[limit].binding].limit({ key });
  if (!success) throw tooManyRequests(RATE_LIMIT_MESSAGE);
}
