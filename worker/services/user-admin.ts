// The back office's changes to a member's privileges: admin, complimentary VIP, ban. Each change
// is one D1 batch with its audit row. A ban ends the member's sessions and closes their live
// sockets (feed, radio, chat) at once. Admin and comp VIP keep the member signed in (decision 040:
// every request reads the roles from D1) and tell their open sockets (accessChanged): pages
// refetch `me`, and VIP-only sockets close when VIP access ended. A change that is already in
// place writes nothing. Also used by moderation, to ban a post's author.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import type { Actor, AuditEntry } from "../db/audit";
import {
  auditStatement,
  compStatements,
  compTierOf,
  doorStaffDiffers,
  doorStaffStatement,
  findAdminUser,
  grantAdminStatements,
  otherActiveAdminExists,
  recentPostIds,
  revokeAdminStatements,
  revokeSessions,
  setBanStatement,
} from "../db/admin-users";
import { newId } from "../lib/crypto";
import { sellableTier } from "./membership/tier-prices";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { conflict, notFound } from "../lib/errors";
import { notifyVipChanged } from "./notifications/membership";
import { publishFeedEvent } from "./realtime/feed-hub";
import { USER_ADMIN_ERROR_CODES as CODES, USER_ADMIN_MESSAGES as MESSAGES, type AdminUser, type BanTerms } from "#contracts/admin/users.ts";
import { runBatch, type Statement } from "../db/d1";
import { auditDetail } from "#contracts/audit-detail.ts";
import { accessChanged } from "./access-changed";

/** changed: false when the member already was as asked (nothing written, no session touched). */
export type UserChange = { user: AdminUser; changed: boolean };

/** Work that may finish after the response (an execution context's waitUntil); awaited when absent. */
export type Background = { waitUntil?: (work: Promise<unknown>) => void };

/** Live feeds drop a banned member's newest posts at once; older ones are gone at the next load. */
const LIVE_HIDDEN_POSTS = 50;

const userNotFound = () => notFound(MESSAGES.userNotFound, CODES.userNotFound);
const lastAdmin = () => conflict(MESSAGES.lastAdmin, CODES.lastAdmin);

async function existingUser(db: DB, id: string, now: number) {
  const user = await findAdminUser(db, id, now);
  if (!user) throw userNotFound();
  return user;
}

/** Runs the batch; true when its guarded write (the statement at `guardedAt`) returned a row. */
async function applied(db: DB, [first, ...rest]: [Statement, ...Statement[]], guardedAt: number) {
  const results = await runBatch(db, [first, ...rest]);
  return (results[guardedAt]?.results.length ?? 0) > 0;
}

/** After a committed ban: the member's sockets close, and the row is read back. */
async function settle(env: AppEnv, db: DB, userId: string): Promise<UserChange> {
  await accessChanged(env, db, { kind: "sessions", target: { userId } });
  return { user: await existingUser(db, userId, Date.now()), changed: true };
}

/** After a committed admin or comp change: the session stays, its sockets are told (decision 040). */
async function settleRoleChange(env: AppEnv, db: DB, userId: string): Promise<UserChange> {
  await accessChanged(env, db, { kind: "roles", userId: userId });
  return { user: await existingUser(db, userId, Date.now()), changed: true };
}

/**
 * Grants or revokes admin. Nobody revokes their own admin, and the site always keeps an active
 * administrator (checked inside the batch, so two admins demoting each other cannot both succeed).
 */
export async function setUserAdmin(env: AppEnv, db: DB, actor: Actor, targetId: string, admin: boolean): Promise<UserChange> {
  const now = Date.now();
  const before = await existingUser(db, targetId, now);
  if (!admin && targetId === actor.id) throw conflict(MESSAGES.selfDemotion, CODES.selfDemotion);
  if (before.isAdmin === admin) return { user: before, changed: false };
  const entry: AuditEntry = {
    actor,
    action: admin ? "user.grant_admin" : "user.revoke_admin",
    targetType: "user",
    targetId,
    summary: { before: { isAdmin: before.isAdmin }, after: { isAdmin: admin }, ...auditDetail({ kind: "account", email: before.email }) },
  };
  if (admin) {
    await runBatch(db, [...grantAdminStatements(db, targetId, newId(), now), auditStatement(db, entry, now)]);
  } else {
    // No session ends: every admin request reads the role from D1, so the next one is refused.
    const guard = otherActiveAdminExists(targetId, now);
    const [removeRow, clearFlag] = revokeAdminStatements(db, targetId, guard, now);
    if (!(await applied(db, [removeRow, clearFlag, auditStatement(db, entry, now, guard)], 1))) throw lastAdmin();
  }
  return settleRoleChange(env, db, targetId);
}

/**
 * Grants or removes a complimentary VIP. VIP is then recomputed from both sources: removing a comp
 * leaves a paid subscription's VIP alone, and no payment event removes a comp.
 */
export async function setUserComp(env: AppEnv, db: DB, actor: Actor, targetId: string, comp: boolean, tierId = "vip"): Promise<UserChange> {
  const now = Date.now();
  // The tier a comp gives must be a paid tier still offered (404 tier_not_found, 400 tier_not_for_sale).
  if (comp) await sellableTier(db, tierId);
  const before = await existingUser(db, targetId, now);
  const hadComp = before.vipSource === "comp" || before.vipSource === "both";
  const compTier = hadComp ? await compTierOf(db, targetId) : null;
  if (hadComp === comp && (!comp || compTier === tierId)) return { user: before, changed: false };
  const paid = before.vipSource === "paid" || before.vipSource === "both";
  const entry: AuditEntry = {
    actor,
    action: comp ? "user.grant_comp" : "user.remove_comp",
    targetType: "user",
    targetId,
    summary: {
      // A comp's tier is named when it is not VIP's (every comp before tiers was VIP's).
      before: { compVip: hadComp, vip: before.isVIP, ...(compTier && compTier !== VIP_TIER_ID ? { compTier } : {}) },
      after: { compVip: comp, vip: comp || paid, ...(comp && tierId !== VIP_TIER_ID ? { compTier: tierId } : {}) },
      ...auditDetail({ kind: "account", email: before.email }),
    },
  };
  await runBatch(db, [...compStatements(db, targetId, comp, actor.id, now, tierId), auditStatement(db, entry, now)]);
  const change = await settleRoleChange(env, db, targetId);
  // The member hears of it only when their VIP itself changed (a comp on top of a paid VIP, or
  // removed from one, changes nothing for them). notifyVipChanged never throws.
  if (change.user.isVIP !== before.isVIP) await notifyVipChanged(env, db, targetId, change.user.isVIP, `comp:${targetId}:${now}`);
  return change;
}

/**
 * Grants or removes the door-staff role (decision 027): the check-in page, nothing else. The role
 * is read from D1 on every request, so sessions are left alone: a member granted it at the door
 * starts scanning without signing in again, and one who loses it is refused at their next scan.
 * The audit row is written in the same batch, only when the flag really changes (two admins
 * flipping it at once audit one change).
 */
export async function setUserDoorStaff(db: DB, actor: Actor, targetId: string, doorStaff: boolean): Promise<UserChange> {
  const now = Date.now();
  const before = await existingUser(db, targetId, now);
  if (before.isDoorStaff === doorStaff) return { user: before, changed: false };
  const entry: AuditEntry = {
    actor,
    action: doorStaff ? "user.grant_door_staff" : "user.revoke_door_staff",
    targetType: "user",
    targetId,
    summary: { before: { isDoorStaff: before.isDoorStaff }, after: { isDoorStaff: doorStaff }, ...auditDetail({ kind: "account", email: before.email }) },
  };
  // The audit row goes first: its guard reads the flag before the update in the same transaction.
  const guard = doorStaffDiffers(targetId, doorStaff);
  const changed = await applied(db, [auditStatement(db, entry, now, guard), doorStaffStatement(db, targetId, doorStaff, now)], 1);
  return { user: await existingUser(db, targetId, Date.now()), changed };
}

/**
 * Bans a member (`terms`: the reason and the end, null for permanent), changes the terms of a ban
 * in force, or lifts it (`terms` null). A ban ends every session and socket of theirs at once;
 * sign-in then answers the reason and the end, and their posts and comments are hidden from
 * everyone but administrators. A timed ban ends by itself (worker/lib/suspension.ts). Nobody bans
 * themself, and banning the last active administrator is refused. Throws the API's 404 / 409.
 * `keepExisting`: a member already banned stays as they are (moderation's "ban the author" does
 * not overwrite an administrator's reason).
 */
export async function setUserBan(
  env: AppEnv,
  db: DB,
  actor: Actor,
  targetId: string,
  terms: BanTerms | null,
  options: Background & { keepExisting?: boolean } = {},
): Promise<UserChange> {
  const now = Date.now();
  const before = await existingUser(db, targetId, now);
  if (terms && targetId === actor.id) throw conflict(MESSAGES.selfBan, CODES.selfBan);
  const was = before.ban;
  if (!terms && !was) return { user: before, changed: false };
  if (terms && was) {
    const sameTerms = was.reason === terms.reason && (was.until ? Date.parse(was.until) : null) === terms.until;
    if (sameTerms || options.keepExisting) return { user: before, changed: false };
  }
  const change = !terms ? "lift" : was ? "edit" : "ban";
  const shown = terms
    ? { reason: terms.reason, until: terms.until === null ? null : new Date(terms.until).toISOString() }
    : { reason: was!.reason, until: was!.until };
  const status = terms ? "banned" : "active";
  const entry: AuditEntry = {
    actor,
    action: change === "ban" ? "user.ban" : change === "edit" ? "user.ban_edit" : "user.unban",
    targetType: "user",
    targetId,
    summary: { before: { status: before.status }, after: { status }, ...auditDetail({ kind: "suspension", change, email: before.email, ...shown }) },
  };
  // Only a new ban can take away the last administrator; an edit keeps the ban's start.
  const guard = change === "ban" ? otherActiveAdminExists(targetId, now) : undefined;
  const ban = terms && { ...terms, at: was?.at ? Date.parse(was.at) : now };
  if (!(await applied(db, [setBanStatement(db, targetId, ban, now, guard), revokeSessions(db, targetId, guard), auditStatement(db, entry, now, guard)], 0)))
    throw change === "ban" ? lastAdmin() : userNotFound();
  const result = await settle(env, db, targetId);
  if (change === "ban") {
    const hiding = hideLivePosts(env, db, targetId);
    if (options.waitUntil) options.waitUntil(hiding);
    else await hiding;
  }
  return result;
}

/** Open feeds drop the banned member's newest posts now instead of at their next load. Never throws. */
async function hideLivePosts(env: AppEnv, db: DB, userId: string) {
  try {
    const ids = await recentPostIds(db, userId, LIVE_HIDDEN_POSTS);
    await Promise.all(ids.map((postId) => publishFeedEvent(env, { type: "post.deleted", postId })));
  } catch (err) {
    console.error("user admin: hiding a banned member's posts from live feeds failed", err);
  }
}
