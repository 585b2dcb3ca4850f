// Whom the feed's and back office's notifications concern (services/notifications/triggers.ts):
// a post's author and who may read it, earlier commenters under a post, mentioned members, the
// member behind a contact message's address. Reads only; delivery filters banned members and
// preferences again (db/notifications.ts deliverNotification).
import type { DB } from "./client";
import { notSuspendedText } from "./suspensions";
import type { PostVisibility } from "#contracts/feed.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import type { TierGate } from "#contracts/tiers/gate.ts";
import { gateOfColumns, memberPassesSql, ruleOfGate } from "./tiers/gate";
import { readTiers } from "./tiers/tiers";

/** `gate`: who among the members may read it (null: every member; a post for tiers has one). */
export type PostFacts = { id: string; authorId: string; gate: TierGate | null; official: boolean; content: string; hidden: boolean };

type PostFactsRow = {
  id: string;
  user_id: string;
  visibility: PostVisibility;
  min_tier_id: string | null;
  tier_ids: string | null;
  is_official: number;
  content: string;
  hidden_at: number | null;
};

/** What a post's notifications need: its author, who may read it, its text; null when it is gone. */
export async function findPostFacts(db: DB, postId: string): Promise<PostFacts | null> {
  const row = await db.$client
    .prepare(`SELECT id, user_id, visibility, min_tier_id, tier_ids, is_official, content, hidden_at FROM posts WHERE id = ?`)
    .bind(postId)
    .first<PostFactsRow>();
  if (!row) return null;
  const gate = row.visibility === "vip" ? (gateOfColumns({ minTierId: row.min_tier_id, tierIds: row.tier_ids }) ?? { minTier: VIP_TIER_ID }) : null;
  return { id: row.id, authorId: row.user_id, gate, official: row.is_official === 1, content: row.content, hidden: row.hidden_at !== null };
}

/** SQL over `users u`: whether each may read a post behind `gate` (true without one), its tier ids (if any) the `n`th binding. */
async function readsGateSql(db: DB, gate: TierGate | null, n: number): Promise<{ where: string; binds: string[] }> {
  if (!gate) return { where: "", binds: [] };
  const rule = ruleOfGate(gate, await readTiers(db));
  return { where: `AND ${memberPassesSql("u", rule, `?${n}`)}`, binds: "tierIds" in rule ? [JSON.stringify(rule.tierIds)] : [] };
}

/**
 * The members who commented under a post before `commentId`, most recent first, at most `limit`
 * distinct ones, leaving out `exclude` (the post's author, the new comment's writer), comments
 * a moderator hid, and members the post's tier gate no longer admits (a reply quotes the thread).
 */
export async function earlierCommenters(
  db: DB,
  post: Pick<PostFacts, "id" | "gate">,
  commentId: string,
  exclude: readonly string[],
  limit: number,
): Promise<string[]> {
  const reads = await readsGateSql(db, post.gate, 5);
  const { results } = await db.$client
    .prepare(
      `SELECT c.user_id FROM post_comments c JOIN users u ON u.id = c.user_id
       WHERE c.post_id = ?1 AND c.id <> ?2 AND c.hidden_at IS NULL AND c.user_id NOT IN (SELECT value FROM json_each(?3)) ${reads.where}
       GROUP BY c.user_id ORDER BY max(c.created_at) DESC LIMIT ?4`,
    )
    .bind(post.id, commentId, JSON.stringify(exclude), limit, ...reads.binds)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/**
 * The members named (lower-cased usernames) who may read a post behind `gate`: any member in good
 * standing for a public or members' post, those its tier gate admits and administrators for one for tiers.
 */
export async function mentionedReaders(db: DB, usernames: readonly string[], gate: TierGate | null, now = Date.now()): Promise<string[]> {
  if (usernames.length === 0) return [];
  const reads = await readsGateSql(db, gate, 2);
  const { results } = await db.$client
    .prepare(`SELECT u.id FROM users u WHERE lower(u.username) IN (SELECT value FROM json_each(?1)) AND ${notSuspendedText("u", now)} ${reads.where}`)
    .bind(JSON.stringify(usernames), ...reads.binds)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The member whose account has this address (addresses are unique whatever their case), or null. */
export async function memberIdByEmail(db: DB, email: string): Promise<string | null> {
  const row = await db.$client.prepare(`SELECT id FROM users WHERE lower(email) = lower(?)`).bind(email).first<{ id: string }>();
  return row?.id ?? null;
}
