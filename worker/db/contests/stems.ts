// A contest's stems and their downloads (migrations/0094). A stem is added by one INSERT ... SELECT
// that holds the contest's number of stems, its name unique by the key; each back-office write
// carries its audit row in the same batch. A download is recorded by one INSERT ... SELECT that
// holds the member's daily count, so racing requests cannot pass it.
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import type { AdminContestStem } from "#contracts/contests/contests.ts";

export type StemFormat = AdminContestStem["format"];
export type StemRow = { id: string; contest_id: string; name: string; r2_key: string; format: StemFormat; bytes: number; created_at: number };

export const toAdminStem = (row: StemRow): AdminContestStem => ({
  id: row.id,
  name: row.name,
  format: row.format,
  bytes: row.bytes,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The contest's stems, in the order they were uploaded. */
export async function listStems(db: DB, contestId: string): Promise<StemRow[]> {
  const { results } = await db.$client.prepare("SELECT * FROM contest_stems WHERE contest_id = ? ORDER BY created_at, name").bind(contestId).all<StemRow>();
  return results;
}

/** How many stems and bytes the contest's ZIP holds. */
export async function stemsSummary(db: DB, contestId: string): Promise<{ files: number; bytes: number }> {
  const row = await db.$client
    .prepare("SELECT count(*) AS files, coalesce(sum(bytes), 0) AS bytes FROM contest_stems WHERE contest_id = ?")
    .bind(contestId)
    .first<{ files: number; bytes: number }>();
  return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

export type NewStem = { name: string; key: string; format: StemFormat; bytes: number };

/** Adds a stored stem: "exists" when the name is taken, "full" at the contest's maximum; else its row. */
export async function addStem(db: DB, actor: Actor, contestId: string, stem: NewStem, max: number, now = Date.now()): Promise<StemRow | "exists" | "full"> {
  const id = crypto.randomUUID();
  const [written] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO contest_stems (id, contest_id, name, r2_key, format, bytes, created_at)
         SELECT ?1, c.id, ?3, ?4, ?5, ?6, ?7 FROM contests c
          WHERE c.id = ?2 AND (SELECT count(*) FROM contest_stems s WHERE s.contest_id = c.id) < ?8
         ON CONFLICT (contest_id, name) DO NOTHING`,
      )
      .bind(id, contestId, stem.name, stem.key, stem.format, stem.bytes, now, max),
    auditIfChanged(
      db,
      {
        actor,
        action: "contest.stem_add",
        targetType: "contest",
        targetId: contestId,
        summary: { after: { name: stem.name, format: stem.format, bytes: stem.bytes } },
      },
      now,
    ),
  ]);
  if ((written!.meta.changes ?? 0) > 0) return (await findStem(db, contestId, stem.name))!;
  return (await findStem(db, contestId, stem.name)) ? "exists" : "full";
}

export async function findStem(db: DB, contestId: string, name: string): Promise<StemRow | null> {
  return db.$client.prepare("SELECT * FROM contest_stems WHERE contest_id = ? AND name = ?").bind(contestId, name).first<StemRow>();
}

/** Deletes the stem's row with its audit; false when it was gone already. */
export async function deleteStem(db: DB, actor: Actor, stem: StemRow, now = Date.now()): Promise<boolean> {
  const [written] = await db.$client.batch([
    db.$client.prepare("DELETE FROM contest_stems WHERE id = ?").bind(stem.id),
    auditIfChanged(
      db,
      {
        actor,
        action: "contest.stem_delete",
        targetType: "contest",
        targetId: stem.contest_id,
        summary: { before: { name: stem.name, format: stem.format, bytes: stem.bytes } },
      },
      now,
    ),
  ]);
  return (written!.meta.changes ?? 0) > 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (now: number) => Math.floor(now / DAY_MS);

/** How many times the member downloaded the contest's stems on this UTC day. */
export async function stemDownloadsToday(db: DB, contestId: string, userId: string, now: number): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM contest_stem_downloads WHERE user_id = ? AND contest_id = ? AND day = ?")
    .bind(userId, contestId, dayOf(now))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Records one download of the contest's stems by the member, unless they reached `perDay` today (UTC). */
export async function recordStemDownload(db: DB, contestId: string, userId: string, perDay: number, now: number): Promise<boolean> {
  const day = dayOf(now);
  const written = await db.$client
    .prepare(
      `INSERT INTO contest_stem_downloads (contest_id, user_id, day, downloaded_at)
       SELECT ?1, ?2, ?3, ?4
        WHERE (SELECT count(*) FROM contest_stem_downloads d WHERE d.user_id = ?2 AND d.contest_id = ?1 AND d.day = ?3) < ?5`,
    )
    .bind(contestId, userId, day, now, perDay)
    .run();
  return (written.meta.changes ?? 0) > 0;
}
