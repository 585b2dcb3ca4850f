// Analytics writes outside the page-view buffer: the daily salt behind visitor ids, and the
// rollups (db/analytics/sql.ts) with the retention of raw views, which the hourly cron runs.
import { eq, lt } from "drizzle-orm";
import type { DB } from "../client";
import { analyticsSalts } from "../schema/analytics";
import { randomToken } from "../../lib/crypto";
import { RAW_EVENTS_RETENTION_DAYS } from "#contracts/admin/analytics.ts";
import { ROLLUP_FINAL_AFTER_MS, membersSnapshotStatement, retentionStatements, rollupDayStatements, type Statement } from "./sql";
import { DAY_MS, utcDay, utcDayStart } from "../../lib/time";

/**
 * Past days rolled up per run besides today and yesterday (a new deploy, or a cron that missed
 * runs, catches up over a day). Each day is four statements, and D1's free plan allows 50 an
 * invocation: the cron's other housekeeping, or a read's own statements, share them.
 */
export const ROLLUP_CATCH_UP_DAYS = 4;

/** Runs statements in one D1 batch (one round trip, all or nothing). */
export function runStatements(db: DB, statements: Statement[]) {
  const d1 = db.$client;
  return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
}

/**
 * The salt of the UTC day holding `now`, created by whoever asks first (every caller then reads
 * the same one). Salts of days that are over are deleted on the way: yesterday's visitor ids can
 * no longer be recomputed from an IP and a user agent.
 */
export async function loadDailySalt(db: DB, now: number): Promise<string> {
  const day = utcDay(now);
  const [, , rows] = await db.batch([
    db
      .insert(analyticsSalts)
      .values({ day, salt: randomToken(32), createdAt: new Date(now) })
      .onConflictDoNothing(),
    db.delete(analyticsSalts).where(lt(analyticsSalts.day, day)),
    db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day)),
  ]);
  const salt = rows[0]?.salt;
  if (!salt) throw new Error(`analytics salt for ${day} is missing`);
  return salt;
}

type RolledDay = { day: string; computed_at: number };

/**
 * Day starts in [from, to] (newest first) whose rollup is missing, or was computed before the day
 * ended and its buffered views were in: such a day still has to be rolled up.
 */
export function unfinishedDays(rolled: RolledDay[], from: number, to: number): number[] {
  const computed = new Map(rolled.map((r) => [r.day, r.computed_at]));
  const days: number[] = [];
  for (let day = to; day >= from; day -= DAY_MS) {
    const at = computed.get(utcDay(day));
    if (at === undefined || at < day + DAY_MS + ROLLUP_FINAL_AFTER_MS) days.push(day);
  }
  return days;
}

/** Rolls up the given UTC days (day starts) in one batch. */
export async function rollupDays(db: DB, days: number[], now: number) {
  if (days.length > 0)
    await runStatements(
      db,
      days.flatMap((day) => rollupDayStatements(day, now)),
    );
}

export type RollupResult = { days: string[]; deletedViews: number };

/**
 * The cron's analytics run: today and yesterday rolled up again (idempotent), older days of the
 * retention window that were never finished (ROLLUP_CATCH_UP_DAYS at most), today's active-member
 * count, then raw views past RAW_EVENTS_RETENTION_DAYS and ended days' salts deleted.
 */
export async function rollupAnalytics(db: DB, now = Date.now()): Promise<RollupResult> {
  const today = utcDayStart(now);
  const oldest = today - RAW_EVENTS_RETENTION_DAYS * DAY_MS;
  const { results } = await db.$client.prepare("SELECT day, computed_at FROM analytics_daily WHERE day >= ?1").bind(utcDay(oldest)).all<RolledDay>();
  const days = [today, today - DAY_MS, ...unfinishedDays(results, oldest, today - 2 * DAY_MS).slice(0, ROLLUP_CATCH_UP_DAYS)];
  const retention = retentionStatements(now, RAW_EVENTS_RETENTION_DAYS);
  const outcome = await runStatements(db, [...days.flatMap((day) => rollupDayStatements(day, now)), membersSnapshotStatement(now), ...retention]);
  const deleted = outcome[outcome.length - retention.length];
  return { days: days.map(utcDay), deletedViews: deleted?.meta.changes ?? 0 };
}
