// Rows that outlive their use: ended sessions, spent or expired reset links, closed rate-limit
// windows. Run by the hourly cron so these tables stay the size of current activity.
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { DB } from "./client";
import { passwordResets, rateLimits, sessions } from "./schema";
import { SESSION_IDLE_MS } from "./auth";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than the longest rate-limit window (contracts/limits.ts), so no open window is cut. */
const RATE_WINDOW_KEEP_MS = DAY_MS;
/** Spent reset links are kept a day, so a second click still says "used" rather than "unknown". */
const RESET_KEEP_MS = DAY_MS;

export type PurgeCounts = { sessions: number; passwordResets: number; rateLimits: number };

export async function purgeStaleRows(db: DB, now = Date.now()): Promise<PurgeCounts> {
  const [ended, resets, windows] = await db.batch([
    db.delete(sessions).where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)))),
    db
      .delete(passwordResets)
      .where(
        or(
          lt(passwordResets.expiresAt, new Date(now - RESET_KEEP_MS)),
          and(isNotNull(passwordResets.usedAt), lt(passwordResets.usedAt, new Date(now - RESET_KEEP_MS))),
        ),
      ),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor((now - RATE_WINDOW_KEEP_MS) / 1000))),
  ]);
  return { sessions: ended.meta.changes, passwordResets: resets.meta.changes, rateLimits: windows.meta.changes };
}
