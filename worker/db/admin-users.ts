// The back office's member list and the statements behind its switches (admin, complimentary VIP,
// ban). A switch's statements, the revocation of the member's sessions and the audit row run in
// one D1 batch (a transaction); the guarded ones (revoking an admin, banning) carry the guard in
// every statement, so of two admins demoting each other at once only the first change applies.
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { DB } from "./client";
import { admins, sessions, users } from "./schema/accounts";
import { posts } from "./schema/feed";
import { vipComps } from "./schema/vip";
import { auditInsert, type AuditEntry } from "./audit";
import { displayUsername } from "./auth";
import { grantsVip, hasCompVip, syncUserMembership } from "./payments";
import { USERS_PAGE_SIZE, type AdminUser, type MembershipFilter, type RoleFilter, type UsersQuery, type VipSource } from "#contracts/admin/users.ts";
import { FREE_TIER_ID, type TierView } from "#contracts/tiers/tiers.ts";
import { tierBadgeOf } from "#contracts/tiers/badges.ts";
import { monthsSupportedOf, SUPPORT_MONTH_MS } from "#contracts/member-support.ts";
import { paidMsSql } from "./member-support";
import { readTiers } from "./tiers/tiers";
import type { Statement } from "./d1";
import { suspensionAt } from "../lib/suspension";
import { notSuspendedText } from "./suspensions";

// ---- the list -------------------------------------------------------------------------------

// The subqueries name the outer row as `users.<column>` in plain SQL: drizzle writes a bare "id" for
// a one-table select, which inside a subquery would mean the subquery's own table's id.

/** SQL: the listed member is an administrator (an admins row, or the is_admin flag). */
const isAdminSql = sql<number>`(users.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = users.id))`;
/** SQL: a subscription of the listed member gives VIP at `now`. */
const paidVipSql = (now: number) => sql<number>`EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = users.id AND ${grantsVip(now)})`;

const columns = (now: number) => ({
  id: users.id,
  email: users.email,
  username: users.username,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  status: users.status,
  banReason: users.banReason,
  bannedUntil: users.bannedUntil,
  bannedAt: users.bannedAt,
  isVip: users.isVip,
  isDoorStaff: users.isDoorStaff,
  isAdmin: isAdminSql,
  paid: paidVipSql(now),
  comp: sql<number>`${hasCompVip(now)}`,
  tierId: users.tierId,
  paidMs: sql<number>`${paidMsSql(sql`users.id`, now)}`,
});

type Row = {
  id: string;
  email: string;
  username: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  status: "active" | "banned";
  banReason: string | null;
  bannedUntil: Date | null;
  bannedAt: Date | null;
  isVip: boolean;
  isDoorStaff: boolean;
  isAdmin: number;
  paid: number;
  comp: number;
  tierId: string | null;
  paidMs: number;
};

const vipSourceOf = (paid: boolean, comp: boolean): VipSource => (paid && comp ? "both" : paid ? "paid" : comp ? "comp" : "none");

function toAdminUser(row: Row, now: number, ladder: readonly TierView[]): AdminUser {
  const ban = suspensionAt(row, now);
  return {
    id: row.id,
    email: row.email,
    username: displayUsername(row),
    joinedAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
    status: ban ? "banned" : "active",
    ban: ban && { reason: ban.reason, until: ban.until?.toISOString() ?? null, at: ban.at?.toISOString() ?? null },
    isAdmin: Boolean(row.isAdmin),
    isVIP: row.isVip,
    vipSource: vipSourceOf(Boolean(row.paid), Boolean(row.comp)),
    isDoorStaff: row.isDoorStaff,
    tier: tierBadgeOf(row.tierId, ladder),
    monthsSupported: monthsSupportedOf(row.paidMs),
  };
}

/** SQL: the listed member has a subscription in this state of its membership. */
const subscriptionIn = (state: SQL) => sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = users.id AND ${state})`;
const CANCELLING = sql`(s.cancel_at_period_end = 1 OR s.cancel_at IS NOT NULL)`;

const MEMBERSHIP_WHERE: Record<MembershipFilter, SQL | undefined> = {
  all: undefined,
  active: subscriptionIn(sql`s.status = 'active' AND NOT ${CANCELLING}`),
  trialing: subscriptionIn(sql`s.status = 'trialing' AND NOT ${CANCELLING}`),
  past_due: subscriptionIn(sql`s.status = 'past_due'`),
  cancelling: subscriptionIn(sql`s.status IN ('active', 'trialing') AND ${CANCELLING}`),
  free: sql`${users.tierId} IS NULL`,
};

/** The tier filter: "all", the free tier (no paid tier), or one paid tier by id. */
function tierWhere(tier: string): SQL | undefined {
  if (tier === "all") return undefined;
  return tier === FREE_TIER_ID ? sql`${users.tierId} IS NULL` : sql`${users.tierId} = ${tier}`;
}

const minMonthsWhere = (months: number, now: number): SQL | undefined =>
  months > 0 ? sql`${paidMsSql(sql`users.id`, now)} >= ${Math.ceil(months * SUPPORT_MONTH_MS)}` : undefined;

const ROLE_WHERE: Record<RoleFilter, SQL | undefined> = {
  all: undefined,
  admins: isAdminSql,
  vip: sql`${users.isVip} = 1`,
  regular: sql`(${users.isVip} = 0 AND NOT ${isAdminSql})`,
  door_staff: sql`${users.isDoorStaff} = 1`,
};

/**
 * Case-insensitive substring of the e-mail or the username. instr, not LIKE: no wildcard to
 * escape in what the admin typed, and no pattern length limit (D1 refuses LIKE patterns over 50 bytes).
 */
function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const needle = search.toLowerCase();
  return or(sql`instr(lower(${users.email}), ${needle}) > 0`, sql`instr(lower(${users.username}), ${needle}) > 0`);
}

/** One page of members, newest first, with the total the filters match: one round trip. */
export async function listAdminUsers(db: DB, query: UsersQuery, now = Date.now()) {
  const where = and(
    searchWhere(query.search),
    ROLE_WHERE[query.role],
    tierWhere(query.tier),
    MEMBERSHIP_WHERE[query.membership],
    minMonthsWhere(query.minMonths, now),
  );
  const [rows, [count]] = await db.batch([
    db
      .select(columns(now))
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)` })
      .from(users)
      .where(where),
  ]);
  const ladder = rows.some((r) => r.tierId) ? await readTiers(db) : [];
  return { users: rows.map((row) => toAdminUser(row, now, ladder)), total: count?.total ?? 0 };
}

export async function findAdminUser(db: DB, id: string, now = Date.now()): Promise<AdminUser | null> {
  const row = await db.select(columns(now)).from(users).where(eq(users.id, id)).get();
  return row ? toAdminUser(row, now, row.tierId ? await readTiers(db) : []) : null;
}

/** The member's newest posts' ids (what live feeds may be showing), for hiding them at a ban. */
export async function recentPostIds(db: DB, userId: string, limit: number): Promise<string[]> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId)).orderBy(desc(posts.createdAt)).limit(limit);
  return rows.map((r) => r.id);
}

// ---- statements for the switches' batches ---------------------------------------------------

/** Renders raw SQL to a statement without running it (drizzle's queries are lazy). */
const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();

/**
 * SQL guard: an active administrator (not under a suspension in force at `now`) other than `targetId` exists, so demoting or banning the
 * target leaves the site with one. It reads other members only, so it holds or fails alike for
 * every statement of the batch, whatever the earlier ones changed about the target.
 */
export const otherActiveAdminExists = (targetId: string, now = Date.now()) =>
  sql`EXISTS (SELECT 1 FROM users o WHERE o.id <> ${targetId} AND ${sql.raw(notSuspendedText("o", now))}
    AND (o.is_admin = 1 OR EXISTS (SELECT 1 FROM admins oa WHERE oa.user_id = o.id)))`;

const whenGuard = (guard: SQL | undefined) => guard ?? sql`1`;

/** The audit row, written only when `guard` holds (the change it describes was made). */
export function auditStatement(db: DB, entry: AuditEntry, now: number, guard?: SQL): Statement {
  if (!guard) return auditInsert(db, entry, now).toSQL();
  return raw(
    db,
    sql`INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
      SELECT ${entry.actor.id}, ${entry.actor.email}, ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null}, ${JSON.stringify(entry.summary)}, ${now}
      WHERE ${guard}`,
  );
}

/** Rotation: every session of the member ends (they sign in again). */
export const revokeSessions = (db: DB, userId: string, guard?: SQL): Statement =>
  db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), guard))
    .toSQL();

/** An admins row (kept if one exists) and the flag. Returns the member's id. */
export const grantAdminStatements = (db: DB, userId: string, newRowId: string, now: number): [Statement, Statement] => [
  db.insert(admins).values({ id: newRowId, userId }).onConflictDoNothing({ target: admins.userId }).toSQL(),
  raw(db, sql`UPDATE users SET is_admin = 1, updated_at = ${now} WHERE id = ${userId} RETURNING id`),
];

/** Removes the admins row and clears the flag, when `guard` holds. Returns the member's id when applied. */
export const revokeAdminStatements = (db: DB, userId: string, guard: SQL, now: number): [Statement, Statement] => [
  raw(db, sql`DELETE FROM admins WHERE user_id = ${userId} AND ${guard}`),
  raw(db, sql`UPDATE users SET is_admin = 0, updated_at = ${now} WHERE id = ${userId} AND ${guard} RETURNING id`),
];

/**
 * Bans the member with the ban's reason, end (null: permanent) and start, or lifts the ban (null)
 * and clears all three (when `guard` holds). Returns the member's id when applied.
 */
export const setBanStatement = (
  db: DB,
  userId: string,
  ban: { reason: string; until: number | null; at: number } | null,
  now: number,
  guard?: SQL,
): Statement =>
  raw(
    db,
    ban
      ? sql`UPDATE users SET status = 'banned', ban_reason = ${ban.reason}, banned_until = ${ban.until}, banned_at = ${ban.at}, updated_at = ${now}
          WHERE id = ${userId} AND ${whenGuard(guard)} RETURNING id`
      : sql`UPDATE users SET status = 'active', ban_reason = NULL, banned_until = NULL, banned_at = NULL, updated_at = ${now}
          WHERE id = ${userId} AND ${whenGuard(guard)} RETURNING id`,
  );

/**
 * Grants or removes the comp, then recomputes is_vip from both sources. A grant from the back
 * office lasts until revoked: it lifts the end of a comp the member has (a redeemed gift's, even
 * one past its end that the cron has not removed yet); a comp still running keeps its start (the
 * VIP pass's "VIP since").
 */
export const compStatements = (db: DB, userId: string, comp: boolean, grantedBy: string, now: number, tierId = "vip"): [Statement, ...Statement[]] => [
  comp
    ? db
        .insert(vipComps)
        .values({ userId, grantedBy, grantedAt: new Date(now), endsAt: null, tierId })
        .onConflictDoUpdate({
          target: vipComps.userId,
          set: {
            grantedBy,
            endsAt: null,
            tierId,
            grantedAt: sql`CASE WHEN ${vipComps.endsAt} <= ${now} THEN excluded.granted_at ELSE ${vipComps.grantedAt} END`,
          },
        })
        .toSQL()
    : db.delete(vipComps).where(eq(vipComps.userId, userId)).toSQL(),
  ...syncUserMembership(db, userId, now),
];

/** The tier the member's comp gives (decision 098); null without a comp. */
export const compTierOf = async (db: DB, userId: string) =>
  (await db.select({ tierId: vipComps.tierId }).from(vipComps).where(eq(vipComps.userId, userId)).get())?.tierId ?? null;

/** SQL guard: the member's door-staff flag is not yet `doorStaff` (the change is still to be made). */
export const doorStaffDiffers = (userId: string, doorStaff: boolean) =>
  sql`EXISTS (SELECT 1 FROM users t WHERE t.id = ${userId} AND t.is_door_staff <> ${doorStaff ? 1 : 0})`;

/** Grants or removes the door-staff role. Returns the member's id when it changed the flag. */
export const doorStaffStatement = (db: DB, userId: string, doorStaff: boolean, now: number): Statement =>
  raw(
    db,
    sql`UPDATE users SET is_door_staff = ${doorStaff ? 1 : 0}, updated_at = ${now} WHERE id = ${userId} AND is_door_staff <> ${doorStaff ? 1 : 0} RETURNING id`,
  );
