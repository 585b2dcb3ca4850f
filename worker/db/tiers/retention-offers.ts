// The retention offer at cancel (decision 103): its settings (one site_settings row, read as the
// defaults until saved: off), a member's one answer (one conditional INSERT on the member's key, so
// racing accepts store one), and the local renewals it discounts (one conditional UPDATE each).
import { sql } from "drizzle-orm";
import type { DB } from "../client";
import { siteSettings } from "../schema/operations";
import { auditInsert, type Actor } from "../audit";
import {
  DEFAULT_RETENTION_SETTINGS,
  RETENTION_PERCENT_MAX,
  RETENTION_PERCENT_MIN,
  RETENTION_PERIODS_MAX,
  RETENTION_PERIODS_MIN,
  type RetentionSettings,
} from "#contracts/tiers/retention-offer-model.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";

const SETTINGS_KEY = "offers.retention";

const within = (v: unknown, min: number, max: number, fallback: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : fallback;

/** The stored settings; a field this code cannot read reads as its default (so a bad row never turns the offer on). */
function settingsOf(value: unknown): RetentionSettings {
  const d = DEFAULT_RETENTION_SETTINGS;
  if (typeof value !== "object" || value === null) return d;
  const v = value as Partial<Record<keyof RetentionSettings, unknown>>;
  return {
    enabled: v.enabled === true,
    percentOff: within(v.percentOff, RETENTION_PERCENT_MIN, RETENTION_PERCENT_MAX, d.percentOff),
    periods: within(v.periods, RETENTION_PERIODS_MIN, RETENTION_PERIODS_MAX, d.periods),
  };
}

export async function readRetentionSettings(db: DB): Promise<RetentionSettings> {
  const row = await db.$client.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(SETTINGS_KEY).first<{ value: string }>();
  if (!row) return DEFAULT_RETENTION_SETTINGS;
  try {
    return settingsOf(JSON.parse(row.value));
  } catch {
    return DEFAULT_RETENTION_SETTINGS;
  }
}

/** Stores the settings and their audit row in one batch. */
export async function saveRetentionSettings(db: DB, next: RetentionSettings, actor: Actor, now = Date.now()): Promise<RetentionSettings> {
  const before = await readRetentionSettings(db);
  const updatedAt = new Date(now);
  await db.batch([
    db
      .insert(siteSettings)
      .values({ key: SETTINGS_KEY, value: next, updatedAt })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt } }),
    auditInsert(db, { actor, action: "offers.retention.update", targetType: "settings", summary: { before, after: next } }, now),
  ]);
  return next;
}

/** Whether the member has answered the offer (either way); they are never offered it again. */
export async function hasAnsweredRetentionOffer(db: DB, userId: string): Promise<boolean> {
  return (await db.$client.prepare("SELECT 1 AS x FROM retention_offers WHERE user_id = ?1").bind(userId).first()) !== null;
}

export type RetentionAnswer = {
  userId: string;
  subscriptionId: string;
  response: "accepted" | "declined";
  percentOff: number;
  periods: number;
  /** The tier and plan the discount was made for (decision 148): their renewals alone are discounted. */
  tierId: string;
  plan: VipPlan;
};

/** Stores the member's one answer; false when one is already stored (a racing or repeated request). */
export async function answerRetentionOffer(db: DB, a: RetentionAnswer, now = Date.now()): Promise<boolean> {
  const stored = await db.$client
    .prepare(
      `INSERT INTO retention_offers (user_id, subscription_id, response, percent_off, periods, periods_left, answered_at, tier_id, plan)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    )
    .bind(a.userId, a.subscriptionId, a.response, a.percentOff, a.periods, a.response === "accepted" ? a.periods : 0, now, a.tierId, a.plan)
    .first();
  return stored !== null;
}

/** Gives an accept back when the provider could not apply it, so the member may try again. */
export async function forgetRetentionAnswer(db: DB, userId: string): Promise<void> {
  await db.$client.prepare("DELETE FROM retention_offers WHERE user_id = ?1").bind(userId).run();
}

/**
 * The percent off this renewal of the subscription, taking one of its discounted periods; null when
 * none is left. A renewal of another tier or plan than the offer's is charged in full and ends the
 * discount (decision 148), in the same statement.
 */
export async function takeRetentionPeriod(db: DB, subscriptionId: string, renews: { tierId: string; plan: VipPlan }): Promise<number | null> {
  const row = await db.$client
    .prepare(
      `UPDATE retention_offers
       SET periods_left = CASE WHEN tier_id = ?2 AND plan = ?3 THEN periods_left - 1 ELSE 0 END
       WHERE subscription_id = ?1 AND response = 'accepted' AND periods_left > 0
       RETURNING CASE WHEN tier_id = ?2 AND plan = ?3 THEN percent_off END AS percentOff`,
    )
    .bind(subscriptionId, renews.tierId, renews.plan)
    .first<{ percentOff: number | null }>();
  return row?.percentOff ?? null;
}

/** The subscription moved off the tier and plan its discount was made for: no renewal is discounted any more. */
export async function endRetentionDiscount(db: DB, subscriptionId: string): Promise<void> {
  await db.$client
    .prepare("UPDATE retention_offers SET periods_left = 0 WHERE subscription_id = ?1 AND response = 'accepted' AND periods_left > 0")
    .bind(subscriptionId)
    .run();
}
