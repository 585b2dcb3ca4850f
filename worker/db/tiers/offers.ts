// Upgrade and win-back offers (decision 101): their settings (one site_settings row, read as the
// defaults until saved: off), issuing them (one conditional INSERT ... SELECT per kind, so two
// concurrent runs cannot give a member two offers), and claiming one (one conditional UPDATE).
import { eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { siteSettings } from "../schema/operations";
import { tierOffers } from "../schema/tier-offers";
import { auditInsert, type Actor } from "../audit";
import {
  DAY_MS,
  DEFAULT_OFFER_SETTINGS,
  OFFER_CLAIM_DAYS,
  OFFER_GAP_DAYS,
  OFFER_PERCENT_MAX,
  OFFER_PERCENT_MIN,
  OFFER_THRESHOLD_MAX,
  type OfferKind,
  type OfferSettings,
} from "#contracts/tiers/offers-model.ts";

const SETTINGS_KEY = "offers.settings";

const count = (v: unknown, fallback: number) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= OFFER_THRESHOLD_MAX ? (v as number) : fallback);
const percent = (v: unknown, fallback: number) =>
  Number.isInteger(v) && (v as number) >= OFFER_PERCENT_MIN && (v as number) <= OFFER_PERCENT_MAX ? (v as number) : fallback;

/** The stored settings; a field this code cannot read reads as its default (so a bad row never turns offers on). */
function settingsOf(value: unknown): OfferSettings {
  const d = DEFAULT_OFFER_SETTINGS;
  if (typeof value !== "object" || value === null) return d;
  const v = value as Partial<Record<keyof OfferSettings, unknown>>;
  const t = (typeof v.thresholds === "object" && v.thresholds !== null ? v.thresholds : {}) as Record<string, unknown>;
  const w = (typeof v.winBack === "object" && v.winBack !== null ? v.winBack : {}) as Record<string, unknown>;
  return {
    enabled: v.enabled === true,
    thresholds: {
      plays: count(t.plays, d.thresholds.plays),
      likes: count(t.likes, d.thresholds.likes),
      eventsAttended: count(t.eventsAttended, d.thresholds.eventsAttended),
      purchases: count(t.purchases, d.thresholds.purchases),
    },
    percentOff: percent(v.percentOff, d.percentOff),
    tierId: typeof v.tierId === "string" && v.tierId !== "" ? v.tierId : d.tierId,
    winBack: { enabled: w.enabled === true, percentOff: percent(w.percentOff, d.winBack.percentOff) },
  };
}

export async function readOfferSettings(db: DB): Promise<OfferSettings> {
  const row = await db.$client.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(SETTINGS_KEY).first<{ value: string }>();
  if (!row) return DEFAULT_OFFER_SETTINGS;
  try {
    return settingsOf(JSON.parse(row.value));
  } catch {
    return DEFAULT_OFFER_SETTINGS;
  }
}

/** Stores the settings and their audit row in one batch. */
export async function saveOfferSettings(db: DB, next: OfferSettings, actor: Actor, now = Date.now()): Promise<OfferSettings> {
  const before = await readOfferSettings(db);
  const updatedAt = new Date(now);
  await db.batch([
    db
      .insert(siteSettings)
      .values({ key: SETTINGS_KEY, value: next, updatedAt })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt } }),
    auditInsert(db, { actor, action: "offers.settings.update", targetType: "settings", summary: { before: flat(before), after: flat(next) } }, now),
  ]);
  return next;
}

/** The audit log's summary keeps flat values. */
const flat = (s: OfferSettings) => ({
  enabled: s.enabled,
  plays: s.thresholds.plays,
  likes: s.thresholds.likes,
  eventsAttended: s.thresholds.eventsAttended,
  purchases: s.thresholds.purchases,
  percentOff: s.percentOff,
  tierId: s.tierId,
  winBack: s.winBack.enabled,
  winBackPercentOff: s.winBack.percentOff,
});

export type IssuedOffer = { id: string; userId: string; kind: OfferKind; tierId: string; percentOff: number; expiresAt: number };

/**
 * Who may get an offer at all: a free (no paid tier), active, non-admin member with no offer issued
 * in the last OFFER_GAP_DAYS. Binds ?1 = now.
 */
const OPEN_TO_OFFERS = `u.tier_id IS NULL AND u.is_vip = 0 AND u.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM tier_offers o WHERE o.user_id = u.id AND o.issued_at > ?1 - ${OFFER_GAP_DAYS * DAY_MS})`;

/** A lapsed member: had a paid tier once (its history, or an ended subscription from before it). */
const LAPSED = `(EXISTS (SELECT 1 FROM membership_tier_changes c WHERE c.user_id = u.id AND c.from_tier_id IS NOT NULL AND c.to_tier_id IS NULL)
  OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.status = 'canceled'))`;

/** Each non-zero threshold met (?5 plays, ?6 likes, ?7 events attended, ?8 paid orders). */
const ENGAGED = `(?5 = 0 OR (SELECT count(*) FROM track_plays p WHERE p.user_id = u.id) >= ?5)
  AND (?6 = 0 OR (SELECT count(*) FROM post_likes l WHERE l.user_id = u.id) >= ?6)
  AND (?7 = 0 OR (SELECT count(*) FROM event_tickets t WHERE t.owner_user_id = u.id AND t.checked_in_at IS NOT NULL) >= ?7)
  AND (?8 = 0 OR (SELECT count(*) FROM orders r WHERE r.user_id = u.id AND r.status IN ('paid', 'shipped', 'partially_refunded')) >= ?8)`;

/**
 * The tier a win-back offer brings the member back to: the paid tier they left last, while it is on
 * sale (a member who left Inner Circle is not asked back to VIP); else the settings' tier (?2).
 */
const TIER_LEFT = `coalesce((SELECT c.from_tier_id FROM membership_tier_changes c JOIN membership_tiers t ON t.id = c.from_tier_id
    WHERE c.user_id = u.id AND c.to_tier_id IS NULL AND t.rank >= 1 AND t.archived_at IS NULL
    ORDER BY c.changed_at DESC, c.id DESC LIMIT 1), ?2)`;

const insertOffers = (kind: OfferKind, where: string, tier = "?2") => `INSERT INTO tier_offers (id, user_id, kind, tier_id, percent_off, issued_at, expires_at)
  SELECT lower(hex(randomblob(16))), u.id, '${kind}', ${tier}, ?3, ?1, ?1 + ${OFFER_CLAIM_DAYS * DAY_MS}
  FROM users u WHERE ${OPEN_TO_OFFERS} AND ${where}
  ORDER BY u.created_at LIMIT ?4
  ON CONFLICT DO NOTHING
  RETURNING id, user_id AS userId, kind, tier_id AS tierId, percent_off AS percentOff, expires_at AS expiresAt`;

const WIN_BACK_SQL = insertOffers(
  "win_back",
  `${LAPSED} AND NOT EXISTS (SELECT 1 FROM tier_offers w WHERE w.user_id = u.id AND w.kind = 'win_back')`,
  TIER_LEFT,
);
const UPGRADE_SQL = insertOffers("upgrade", `NOT ${LAPSED} AND ${ENGAGED}`);
/** The run's win-back statement for one member (?5). */
const WIN_BACK_ONE_SQL = insertOffers(
  "win_back",
  `u.id = ?5 AND ${LAPSED} AND NOT EXISTS (SELECT 1 FROM tier_offers w WHERE w.user_id = u.id AND w.kind = 'win_back')`,
  TIER_LEFT,
);

/**
 * One lapsed member's win-back offer at `percentOff`, by the run's own rules (the tier they left,
 * once ever, not within the gap after another offer); null when they are not open to one. For the
 * local journeys (routes/dev.ts): the run is site-wide, and would offer every lapsed member beside.
 */
export async function issueWinBackTo(db: DB, userId: string, settings: OfferSettings, percentOff: number, now: number): Promise<IssuedOffer | null> {
  return db.$client.prepare(WIN_BACK_ONE_SQL).bind(now, settings.tierId, percentOff, 1, userId).first<IssuedOffer>();
}

/**
 * Issues the offers the settings call for, at most `limit` of each kind: win-back offers to lapsed
 * members first (once ever), then upgrade offers to engaged free members who never paid. Each kind
 * is one statement whose NOT EXISTS reads the offers already stored, so a run racing this one
 * issues nobody a second offer.
 */
export async function issueOffers(db: DB, settings: OfferSettings, now: number, limit: number): Promise<IssuedOffer[]> {
  const issued: IssuedOffer[] = [];
  if (settings.winBack.enabled) {
    const { results } = await db.$client.prepare(WIN_BACK_SQL).bind(now, settings.tierId, settings.winBack.percentOff, limit).all<IssuedOffer>();
    issued.push(...results);
  }
  if (settings.enabled) {
    const t = settings.thresholds;
    const { results } = await db.$client
      .prepare(UPGRADE_SQL)
      .bind(now, settings.tierId, settings.percentOff, limit, t.plays, t.likes, t.eventsAttended, t.purchases)
      .all<IssuedOffer>();
    issued.push(...results);
  }
  return issued;
}

export type OfferRow = {
  id: string;
  userId: string;
  kind: OfferKind;
  tierId: string;
  percentOff: number;
  issuedAt: number;
  expiresAt: number;
  claimedAt: number | null;
  checkoutSessionId: string | null;
};

const OFFER_COLUMNS = `id, user_id AS userId, kind, tier_id AS tierId, percent_off AS percentOff, issued_at AS issuedAt, expires_at AS expiresAt,
  claimed_at AS claimedAt, checkout_session_id AS checkoutSessionId`;

export const findOffer = (db: DB, id: string) => db.$client.prepare(`SELECT ${OFFER_COLUMNS} FROM tier_offers WHERE id = ?1`).bind(id).first<OfferRow>();

/** The member's offers they can still claim, newest first. */
export async function openOffersOf(db: DB, userId: string, now: number): Promise<OfferRow[]> {
  const { results } = await db.$client
    .prepare(`SELECT ${OFFER_COLUMNS} FROM tier_offers WHERE user_id = ?1 AND claimed_at IS NULL AND expires_at > ?2 ORDER BY issued_at DESC`)
    .bind(userId, now)
    .all<OfferRow>();
  return results;
}

/** Claims the member's offer if it is open: true for the one request that did. */
export async function claimOffer(db: DB, id: string, userId: string, now: number): Promise<boolean> {
  const { meta } = await db.$client
    .prepare("UPDATE tier_offers SET claimed_at = ?3 WHERE id = ?1 AND user_id = ?2 AND claimed_at IS NULL AND expires_at > ?3")
    .bind(id, userId, now)
    .run();
  return meta.changes === 1;
}

/** The claim's checkout opened: the offer names it (its first invoice is the discounted one). */
export const linkOfferCheckout = (db: DB, id: string, sessionId: string) =>
  db.update(tierOffers).set({ checkoutSessionId: sessionId }).where(eq(tierOffers.id, id));

/** The provider refused the checkout: the claim (made at `claimedAt`) is undone, so the member can try again. */
export const releaseOffer = (db: DB, id: string, claimedAt: number) =>
  db.$client.prepare("UPDATE tier_offers SET claimed_at = NULL WHERE id = ?1 AND claimed_at = ?2 AND checkout_session_id IS NULL").bind(id, claimedAt).run();

/** The offer a checkout was opened for, if any: its percent discounts that checkout's first invoice. */
export const offerOfCheckout = (db: DB, sessionId: string) =>
  db.$client.prepare(`SELECT ${OFFER_COLUMNS} FROM tier_offers WHERE checkout_session_id = ?1`).bind(sessionId).first<OfferRow>();
