// The feed posts a contest makes by itself (decision 192): one when it opens, one when its results
// are stored. Each is keyed in contest_feed_posts by contest and moment; the batch writes the key
// first and the post only if this run's key is the one stored, so however often (or however many
// at once) the job runs, each moment is posted once.
import type { DB } from "../client";

export type FeedMoment = "opened" | "ended";

export type DueContest = {
  id: string;
  title_en: string;
  title_pt_br: string;
  enter_access: "members" | "tier" | "ticket";
  enter_tier_id: string | null;
};

/** Opened contests not posted yet whose voting is still ahead, and contests with results stored in the last day not posted yet. */
export async function contestsDueAPost(db: DB, moment: FeedMoment, now: number): Promise<DueContest[]> {
  const when =
    moment === "opened" ? "c.opens_at <= ?1 AND ?1 < c.voting_closes_at AND c.results_at IS NULL" : "c.results_at IS NOT NULL AND c.results_at > ?1 - 86400000";
  const { results } = await db.$client
    .prepare(
      `SELECT c.id, c.title_en, c.title_pt_br, c.enter_access, c.enter_tier_id FROM contests c
        WHERE ${when} AND NOT EXISTS (SELECT 1 FROM contest_feed_posts p WHERE p.contest_id = c.id AND p.moment = ?2)
        ORDER BY c.opens_at LIMIT 20`,
    )
    .bind(now, moment)
    .all<DueContest>();
  return results;
}

/** The active administrator who signs the artist's automatic posts (an official post shows the artist's name, not theirs). */
export async function artistPoster(db: DB): Promise<string | null> {
  const row = await db.$client
    .prepare(
      `SELECT u.id FROM users u WHERE u.status = 'active' AND (u.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id))
        ORDER BY u.created_at, u.id LIMIT 1`,
    )
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** Writes the moment's key and, only if this call wrote it, its official post. True when this call posted. */
export async function postContestMoment(
  db: DB,
  post: {
    contestId: string;
    moment: FeedMoment;
    userId: string;
    content: string;
    visibility: "public" | "vip";
    minTierId: string | null;
  },
  now: number,
): Promise<boolean> {
  const postId = crypto.randomUUID();
  const d1 = db.$client;
  const [keyed] = await d1.batch([
    d1
      .prepare("INSERT INTO contest_feed_posts (contest_id, moment, post_id, posted_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
      .bind(post.contestId, post.moment, postId, now),
    d1
      .prepare(
        `INSERT INTO posts (id, user_id, content, created_at, visibility, min_tier_id, is_official)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, 1
          WHERE EXISTS (SELECT 1 FROM contest_feed_posts WHERE contest_id = ?7 AND moment = ?8 AND post_id = ?1)`,
      )
      .bind(postId, post.userId, post.content, now, post.visibility, post.minTierId, post.contestId, post.moment),
  ]);
  return (keyed!.meta.changes ?? 0) > 0;
}
