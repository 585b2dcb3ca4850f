// Queries for public profile views, a user's posts, and the owner's own profile edits.
import { and, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { readerPassesSql } from "./tiers/gate";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import type { DB } from "./client";
import { posts } from "./schema/feed";
import { profiles, users, type UserRow } from "./schema/accounts";
import { displayUsername, isAdminUser } from "./auth";
import type { MentionSuggestion, ProfilePost, ProfileView, UpdateProfile } from "#contracts/profiles.ts";
import type { SessionUser } from "#contracts/auth.ts";
import { suspensionAt } from "../lib/suspension";
import { readTiers } from "./tiers/tiers";
import { tierBadgeOf } from "#contracts/tiers/badges.ts";
import { monthsSupportedOf } from "#contracts/member-support.ts";
import { paidMsSql } from "./member-support";

/** The profile list shows a user's newest posts; older ones belong to the feed's pagination. */
export const PROFILE_POSTS_LIMIT = 100;

/** Who is looking at a profile: what they may see depends on it. */
export type ProfileViewer = Pick<SessionUser, "id" | "isAdmin" | "isVIP" | "tier">;

type BanColumns = Pick<UserRow, "status" | "banReason" | "bannedUntil" | "bannedAt">;
const banColumns = { status: users.status, banReason: users.banReason, bannedUntil: users.bannedUntil, bannedAt: users.bannedAt };

/** A banned member's profile and posts exist only for administrators (while the ban is in force). */
const hiddenFrom = (viewer: ProfileViewer, row: BanColumns) => !viewer.isAdmin && suspensionAt(row, Date.now()) !== null;

/**
 * What a signed-in viewer may see of a user: no e-mail, password hash or status. The admin flag
 * shows only on the admin's own page, so the staff are not singled out to everyone else.
 */
export async function getProfileView(db: DB, userId: string, viewer: ProfileViewer): Promise<ProfileView | null> {
  const row = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      ...banColumns,
      isAdmin: users.isAdmin,
      isVip: users.isVip,
      tierId: users.tierId,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
      bio: profiles.bio,
      website: profiles.website,
      location: profiles.location,
      hideMemberSince: profiles.hideMemberSince,
      hideMonthsSupported: profiles.hideMonthsSupported,
      paidMs: sql<number>`${paidMsSql(sql`${users.id}`, Date.now())}`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row || hiddenFrom(viewer, row)) return null;
  const isOwner = viewer.id === row.id;
  return {
    id: row.id,
    username: displayUsername(row),
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    website: row.website,
    location: row.location,
    isVIP: row.isVip,
    tier: row.tierId ? tierBadgeOf(row.tierId, await readTiers(db)) : null,
    isAdmin: isOwner && (await isAdminUser(db, row)),
    // Hidden means absent: the key is left out of what anyone else is sent, not sent empty.
    ...((isOwner || !row.hideMemberSince) && { createdAt: row.createdAt.toISOString() }),
    ...((isOwner || !row.hideMonthsSupported) && { monthsSupported: monthsSupportedOf(row.paidMs) }),
    ...(isOwner && { privacy: { hideMemberSince: Boolean(row.hideMemberSince), hideMonthsSupported: Boolean(row.hideMonthsSupported) } }),
  };
}

/** Whether the viewer may see this user's profile and posts (it exists and is not hidden). */
export async function isProfileVisible(db: DB, userId: string, viewer: ProfileViewer): Promise<boolean> {
  const row = await db.select(banColumns).from(users).where(eq(users.id, userId)).get();
  return Boolean(row) && !hiddenFrom(viewer, row!);
}

/**
 * A user's posts the viewer may read, newest first, without those a moderator hid (as in the feed).
 * Official posts are the artist's, not the admin's who wrote them, so no profile lists them; posts
 * for tiers are listed to the tiers their gate admits and admins only (the feed shows everyone else
 * their teaser).
 */
export async function listUserPosts(db: DB, userId: string, viewer: ProfileViewer): Promise<ProfilePost[]> {
  const readable = or(
    inArray(posts.visibility, ["public", "members"]),
    and(eq(posts.visibility, "vip"), sql.raw(readerPassesSql('"posts"', viewer, VIP_TIER_ID))),
  );
  const rows = await db
    .select({
      id: posts.id,
      content: posts.content,
      imageUrl: posts.imageUrl,
      imageWidth: posts.imageWidth,
      imageHeight: posts.imageHeight,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), isNull(posts.hiddenAt), eq(posts.isOfficial, false), readable))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(PROFILE_POSTS_LIMIT);
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

/** Whether another account already uses this username (case-insensitive). */
export async function isUsernameTakenByOther(db: DB, username: string, selfId: string): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, selfId)))
    .get();
  return Boolean(row);
}

/**
 * Applies the owner's edit in one batch (D1 has no interactive transactions): the username on
 * users, the rest on profiles (inserted if the row is missing). Absent fields stay unchanged.
 */
export async function updateOwnProfile(db: DB, userId: string, patch: UpdateProfile, now = new Date()) {
  const profileFields = {
    ...(patch.bio !== undefined && { bio: patch.bio }),
    ...(patch.website !== undefined && { website: patch.website }),
    ...(patch.location !== undefined && { location: patch.location }),
    ...(patch.hideMemberSince !== undefined && { hideMemberSince: patch.hideMemberSince }),
    ...(patch.hideMonthsSupported !== undefined && { hideMonthsSupported: patch.hideMonthsSupported }),
  };
  await db.batch([
    db
      .update(users)
      .set({ ...(patch.username !== undefined && { username: patch.username }), updatedAt: now })
      .where(eq(users.id, userId)),
    db
      .insert(profiles)
      .values({ userId, ...profileFields, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...profileFields, updatedAt: now } }),
  ]);
}

export async function getAvatarUrl(db: DB, userId: string): Promise<string | null | undefined> {
  const row = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).get();
  return row?.avatarUrl;
}

/**
 * Sets avatar_url only if it still equals `expected` (compare-and-set), so two uploads racing
 * each other each learn exactly which URL they replaced. Returns whether it was applied.
 */
export async function replaceAvatarUrl(db: DB, userId: string, expected: string | null, next: string, now = new Date()): Promise<boolean> {
  const current = expected === null ? isNull(users.avatarUrl) : eq(users.avatarUrl, expected);
  const updated = await db
    .update(users)
    .set({ avatarUrl: next, updatedAt: now })
    .where(and(eq(users.id, userId), current))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** A ban in force (status banned and no end, or an end still ahead), as suspensionAt reads it, in SQL. */
const banInForce = (now: number) => sql`(${users.status} = 'banned' AND (${users.bannedUntil} IS NULL OR ${users.bannedUntil} > ${now}))`;

/**
 * Members whose username starts with `prefix` (case-insensitive), the exact match first, then by
 * username; members under a ban in force are left out. The prefix is compared with substr, not
 * LIKE, so `_` (and anything else) in it is taken literally.
 */
export async function listMentionSuggestions(db: DB, prefix: string, limit: number, now = Date.now()): Promise<MentionSuggestion[]> {
  const lowered = prefix.toLowerCase();
  const name = sql`lower(${users.username})`;
  return db
    .select({ username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(and(sql`substr(${name}, 1, ${lowered.length}) = ${lowered}`, sql`NOT ${banInForce(now)}`))
    .orderBy(sql`${name} = ${lowered} DESC`, name)
    .limit(limit);
}

/** The id of the account with this username (case-insensitive), or null. */
export async function findUserIdByUsername(db: DB, username: string): Promise<string | null> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .get();
  return row?.id ?? null;
}
