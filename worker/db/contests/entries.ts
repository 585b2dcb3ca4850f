// A contest's entries (decision 184): a draft made when the member accepts the licence, submitted
// once its audio is stored, edited until the entry deadline, withdrawn at any time (its votes go).
// Each bound (the entry window, entries per member) is in the one statement that writes.
import type { DB } from "../client";
import { inviteStatements, uninviteStatement } from "./credits";

export type EntryRow = {
  id: string;
  contest_id: string;
  user_id: string;
  username: string;
  title: string;
  note: string;
  status: "draft" | "submitted" | "withdrawn";
  audio_key: string | null;
  audio_format: string | null;
  duration_seconds: number | null;
  /** The streaming copy and waveform (decision 195, migration 0100). */
  stream_key: string | null;
  stream_state: "pending" | "ready" | "failed" | null;
  peaks: string | null;
  created_at: number;
  updated_at: number;
  /** Set when an admin hid the entry (decision 196), with the reason the entrant reads. */
  hidden_at: number | null;
  hidden_reason: string | null;
};

const SELECT = `SELECT e.id, e.contest_id, e.user_id, u.username, e.title, e.note, e.status, e.audio_key, e.audio_format,
                       e.duration_seconds, e.stream_key, e.stream_state, e.peaks, e.created_at, e.updated_at, e.hidden_at, e.hidden_reason
                  FROM contest_entries e JOIN users u ON u.id = e.user_id`;

export const findEntry = (db: DB, contestId: string, entryId: string) =>
  db.$client.prepare(`${SELECT} WHERE e.contest_id = ?1 AND e.id = ?2`).bind(contestId, entryId).first<EntryRow>();

/** A draft the viewer (?2) may read: their own, or one they are named on and have not declined. */
const READABLE_DRAFT = `e.status = 'draft' AND (e.user_id = ?2 OR EXISTS (SELECT 1 FROM contest_entry_credits k
                        WHERE k.entry_id = e.id AND k.user_id = ?2 AND k.status <> 'declined'))`;

/** The contest's submitted entries (a hidden one to its entrant only), and the drafts the viewer may read (their own, and those they are named on). */
export async function listEntries(db: DB, contestId: string, viewerId: string | null): Promise<EntryRow[]> {
  const { results } = await db.$client
    .prepare(`${SELECT} WHERE e.contest_id = ?1 AND ((e.status = 'submitted' AND (e.hidden_at IS NULL OR e.user_id = ?2)) OR (${READABLE_DRAFT}))`)
    .bind(contestId, viewerId ?? "")
    .all<EntryRow>();
  return results;
}

/** How many of the contest's entries the member has live (draft or submitted): the number entries per member bounds. */
export async function liveEntryCount(db: DB, contestId: string, userId: string): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ?1 AND user_id = ?2 AND status <> 'withdrawn'")
    .bind(contestId, userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A draft entry, taken in one statement that holds both bounds: the contest takes entries at `now`,
 * and the member has fewer live (draft or submitted) entries than it allows. The co-authors are
 * invited in the same batch, only if the draft was written. Null when refused.
 */
export async function createDraftEntry(
  db: DB,
  contestId: string,
  userId: string,
  v: { title: string; note: string; coAuthorIds: readonly string[] },
  now: number,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const [written] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO contest_entries (id, contest_id, user_id, title, note, status, licence_accepted_at, created_at, updated_at)
       SELECT ?1, c.id, ?3, ?4, ?5, 'draft', ?6, ?6, ?6 FROM contests c
        WHERE c.id = ?2 AND c.opens_at <= ?6 AND ?6 < c.entries_close_at
          AND (SELECT count(*) FROM contest_entries e WHERE e.contest_id = c.id AND e.user_id = ?3 AND e.status <> 'withdrawn') < c.entries_per_member`,
      )
      .bind(id, contestId, userId, v.title, v.note, now),
    ...inviteStatements(db, id, v.coAuthorIds, now, "EXISTS (SELECT 1 FROM contest_entries WHERE id = ?1)"),
  ]);
  return (written!.meta.changes ?? 0) > 0 ? id : null;
}

/**
 * The entry's stored audio, while the contest takes entries and the entry still has the audio it
 * was read with; the entry is then submitted. With `fromUpload`, that resumable upload must be live
 * too and is finished (done, its parts' list dropped) in the same batch, so of two racing completes
 * only one writes. False when refused.
 */
export async function setEntryAudio(
  db: DB,
  entry: EntryRow,
  audio: {
    key: string;
    format: string;
    bytes: number;
    durationSeconds: number;
  },
  now: number,
  fromUpload?: string,
): Promise<boolean> {
  const d1 = db.$client;
  const liveUpload = fromUpload ? "AND EXISTS (SELECT 1 FROM contest_entry_uploads WHERE id = ?9 AND entry_id = ?1 AND state = 'uploading')" : "";
  const write = d1
    .prepare(
      `UPDATE contest_entries SET audio_key = ?3, audio_format = ?4, audio_bytes = ?5, duration_seconds = ?6, status = 'submitted', updated_at = ?7
        WHERE id = ?1 AND user_id = ?2 AND status <> 'withdrawn' AND audio_key IS ?8
          AND EXISTS (SELECT 1 FROM contests c WHERE c.id = contest_entries.contest_id AND ?7 < c.entries_close_at) ${liveUpload}`,
    )
    .bind(entry.id, entry.user_id, audio.key, audio.format, audio.bytes, audio.durationSeconds, now, entry.audio_key, ...(fromUpload ? [fromUpload] : []));
  if (!fromUpload) return ((await write.run()).meta.changes ?? 0) > 0;
  const [written] = await d1.batch([
    write,
    d1
      .prepare("UPDATE contest_entry_uploads SET state = 'done', updated_at = ?2 WHERE id = ?1 AND state = 'uploading' AND changes() > 0")
      .bind(fromUpload, now),
    d1.prepare("DELETE FROM contest_entry_upload_parts WHERE upload_id = ?1 AND changes() > 0").bind(fromUpload),
  ]);
  return (written!.meta.changes ?? 0) > 0;
}

/**
 * A new title and note, until the entry deadline; with `coAuthorIds`, who is named too (the ones
 * still named keep their answers), in the same batch and only if the edit was written. False when refused.
 */
export async function editEntry(db: DB, entry: EntryRow, v: { title: string; note: string; coAuthorIds?: readonly string[] }, now: number): Promise<boolean> {
  // The edit stamps updated_at with `now`: the credits' statements run only after an edit of this batch.
  const edited = "EXISTS (SELECT 1 FROM contest_entries WHERE id = ?1 AND updated_at = ?3 AND status <> 'withdrawn')";
  const credits = v.coAuthorIds
    ? [uninviteStatement(db, entry.id, v.coAuthorIds, now, edited), ...inviteStatements(db, entry.id, v.coAuthorIds, now, edited)]
    : [];
  const [written] = await db.$client.batch([
    db.$client
      .prepare(
        `UPDATE contest_entries SET title = ?3, note = ?4, updated_at = ?5
        WHERE id = ?1 AND user_id = ?2 AND status <> 'withdrawn'
          AND EXISTS (SELECT 1 FROM contests c WHERE c.id = contest_entries.contest_id AND ?5 < c.entries_close_at)`,
      )
      .bind(entry.id, entry.user_id, v.title, v.note, now),
    ...credits,
  ]);
  return (written!.meta.changes ?? 0) > 0;
}

/** Withdraws the entry and takes its votes away, in one batch; the audio key to delete, or false when already withdrawn. */
export async function withdrawEntry(db: DB, entry: EntryRow, now: number): Promise<boolean> {
  const [, written] = await db.$client.batch([
    db.$client
      .prepare("DELETE FROM contest_votes WHERE entry_id = ?1 AND EXISTS (SELECT 1 FROM contest_entries WHERE id = ?1 AND status <> 'withdrawn')")
      .bind(entry.id),
    db.$client
      .prepare("UPDATE contest_entries SET status = 'withdrawn', updated_at = ?3 WHERE id = ?1 AND user_id = ?2 AND status <> 'withdrawn'")
      .bind(entry.id, entry.user_id, now),
  ]);
  return (written!.meta.changes ?? 0) > 0;
}

export type AdminEntryRow = EntryRow & {
  jury_score: number | null;
  place: number | null;
  fan_votes: number | null;
};

/** Every entry of the contest for the back office, drafts and withdrawn ones too, with the stored result of each. */
export async function listAdminEntries(db: DB, contestId: string): Promise<AdminEntryRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT e.id, e.contest_id, e.user_id, u.username, e.title, e.note, e.status, e.audio_key, e.audio_format,
              e.duration_seconds, e.stream_key, e.stream_state, e.peaks, e.created_at, e.updated_at, e.hidden_at, e.hidden_reason, e.jury_score, r.place, r.fan_votes
         FROM contest_entries e JOIN users u ON u.id = e.user_id
         LEFT JOIN contest_results r ON r.contest_id = e.contest_id AND r.entry_id = e.id
        WHERE e.contest_id = ?1
        ORDER BY e.created_at, e.id`,
    )
    .bind(contestId)
    .all<AdminEntryRow>();
  return results;
}
