// Fixed-window counters in D1: one upsert per attempt, 429 once the window is full.
import { sql } from "drizzle-orm";
import type { DB } from "../db/client";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "../lib/errors";
import { RATE_LIMIT_MESSAGE } from "../contracts/limits";

export async function hitRateLimit(db: DB, key: string, [max, windowSeconds]: readonly [number, number], now = Date.now()) {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const row = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
    .get();
  if (row.count > max) throw tooManyRequests(RATE_LIMIT_MESSAGE);
}

export const clientIp = (headers: { header(name: string): string | undefined }) =>
  headers.header("cf-connecting-ip") ?? headers.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
