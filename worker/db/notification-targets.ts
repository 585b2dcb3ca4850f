// Whom the feed's and back office's notifications concern (services/notifications/triggers.ts):
// a post's author and who may read it, earlier commenters under a post, mentioned members, the
// member behind a contact message's address. Reads only; delivery filters banned members and
// preferences again (db/notifications.ts deliverNotification).
import type { DB } from "./client";
import { notSuspendedText } from "./suspensions";
import type { PostVisibility } from "#contracts/feed.ts";

export type PostFacts = { id: string; authorId: string; visibility: PostVisibility; official: boolean; content: string; hidden: boolean };

/** What a post's notifications need: its author, who may read it, its text; null when it is gone. */
export async function findPostFacts(db: DB, postId: string): Promise<PostFacts | null> {
  const row = await db.$client
    .prepare(`SELECT id, user_id, visibility, is_official, content, hidden_at FROM posts WHERE id = ?`)
    .bind(postId)
    .first<{ id: string; user_id: string; visibility: PostVisibility; is_official: number; content: string; hidden_at: number | null }>();
  return row
    ? { id: row.id, authorId: row.user_id, visibility: row.visibility, official: row.is_official === 1, content: row.content, hidden: row.hidden_at !== null }
    : null;
}

/**
 * The members who commented under a post before `commentId`, most recent first, at most `limit`
 * distinct ones, leaving out `exclude` (the post's author, the new comment's writer) and comments
 * a moderator hid.
 */
export async function earlierCommenters(db: DB, postId: string, commentId: string, exclude: readonly string[], limit: number): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT user_id FROM post_comments
       WHERE post_id = ?1 AND id <> ?2 AND hidden_at IS NULL AND user_id NOT IN (SELECT value FROM json_each(?3))
       GROUP BY user_id ORDER BY max(created_at) DESC LIMIT ?4`,
    )
    .bind(postId, commentId, JSON.stringify(exclude), limit)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/**
 * The members named (lower-cased usernames) who may read a post of `visibility`: any member in good
 * standing for a public or members' post, VIP members and administrators for a VIP-only one.
 */
export async function mentionedReaders(db: DB, usernames: readonly string[], visibility: PostVisibility, now = Date.now()): Promise<string[]> {
  if (usernames.length === 0) return [];
  const vipOnly = visibility === "vip" ? `AND (u.is_vip = 1 OR EXISTS (SELECT 1 FROM admins ad WHERE ad.user_id = u.id))` : "";
  const { results } = await db.$client
    .prepare(`SELECT u.id FROM users u WHERE lower(u.username) IN (SELECT value FROM json_each(?1)) AND ${notSuspendedText("u", now)} ${vipOnly}`)
    .bind(JSON.stringify(usernames))
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The member whose account has this address (addresses are unique whatever their case), or null. */
export async function memberIdByEmail(db: DB, email: string): Promise<string | null> {
  const row = await db.$client.prepare(`SELECT id FROM users WHERE lower(email) = lower(?)`).bind(email).first<{ id: string }>();
  return row?.id ?? null;
}
