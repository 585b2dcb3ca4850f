// Remix contests (decision 184, migrations/0092): reading a contest, and the back office's writes,
// each with its audit row in one D1 batch.
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import { contestPhaseAt, type AdminContest, type ContestAudience, type ContestValues } from "#contracts/contests/contests.ts";
import type { ContestAccessKind, ContestWinnerMode } from "#contracts/contests/limits.ts";

type RawContest = {
  id: string;
  track_id: string;
  track_title: string;
  title_en: string;
  title_pt_br: string;
  brief_en: string;
  brief_pt_br: string;
  rules_en: string;
  rules_pt_br: string;
  prizes_en: string;
  prizes_pt_br: string;
  stems_access: ContestAccessKind;
  stems_tier_id: string | null;
  stems_event_id: string | null;
  enter_access: ContestAccessKind;
  enter_tier_id: string | null;
  enter_event_id: string | null;
  opens_at: number;
  entries_close_at: number;
  voting_opens_at: number;
  voting_closes_at: number;
  winner_by: ContestWinnerMode;
  fan_weight_percent: number;
  votes_per_member: number;
  entries_per_member: number;
  max_upload_mb: number;
  cover_key: string | null;
  results_at: number | null;
  created_at: number;
  updated_at: number;
  entries: number;
};

/** A contest as stored, times as epoch ms. */
export type ContestRow = ReturnType<typeof toRow>;

const toRow = (r: RawContest) => ({
  id: r.id,
  trackId: r.track_id,
  trackTitle: r.track_title,
  titleEn: r.title_en,
  titlePtBr: r.title_pt_br,
  briefEn: r.brief_en,
  briefPtBr: r.brief_pt_br,
  rulesEn: r.rules_en,
  rulesPtBr: r.rules_pt_br,
  prizesEn: r.prizes_en,
  prizesPtBr: r.prizes_pt_br,
  stems: { access: r.stems_access, tierId: r.stems_tier_id, eventId: r.stems_event_id } satisfies ContestAudience,
  enter: { access: r.enter_access, tierId: r.enter_tier_id, eventId: r.enter_event_id } satisfies ContestAudience,
  opensAt: r.opens_at,
  entriesCloseAt: r.entries_close_at,
  votingOpensAt: r.voting_opens_at,
  votingClosesAt: r.voting_closes_at,
  winnerBy: r.winner_by,
  fanWeightPercent: r.fan_weight_percent,
  votesPerMember: r.votes_per_member,
  entriesPerMember: r.entries_per_member,
  maxUploadMb: r.max_upload_mb,
  coverKey: r.cover_key,
  resultsAt: r.results_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  entries: r.entries,
});

const SELECT = `
  SELECT c.*, t.title AS track_title,
         (SELECT count(*) FROM contest_entries e WHERE e.contest_id = c.id AND e.status = 'submitted') AS entries
    FROM contests c JOIN tracks t ON t.id = c.track_id`;

export const contestCoverUrl = (key: string | null) => (key ? `/media/${key}` : null);

export async function findContest(db: DB, id: string): Promise<ContestRow | null> {
  const raw = await db.$client.prepare(`${SELECT} WHERE c.id = ?`).bind(id).first<RawContest>();
  return raw ? toRow(raw) : null;
}

export function toAdminContest(row: ContestRow, now = Date.now()): AdminContest {
  const iso = (ms: number) => new Date(ms).toISOString();
  const { coverKey, resultsAt, opensAt, entriesCloseAt, votingOpensAt, votingClosesAt, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    coverUrl: contestCoverUrl(coverKey),
    opensAt: iso(opensAt),
    entriesCloseAt: iso(entriesCloseAt),
    votingOpensAt: iso(votingOpensAt),
    votingClosesAt: iso(votingClosesAt),
    phase: contestPhaseAt(row, now),
    resultsAt: resultsAt === null ? null : iso(resultsAt),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

/** Every contest, the latest opening first. */
export async function listContests(db: DB): Promise<ContestRow[]> {
  const { results } = await db.$client.prepare(`${SELECT} ORDER BY c.opens_at DESC, c.id`).all<RawContest>();
  return results.map(toRow);
}

/** The contests that have opened by `now`, the latest opening first: what members and visitors may list. */
export async function listOpenedContests(db: DB, now: number): Promise<ContestRow[]> {
  const { results } = await db.$client.prepare(`${SELECT} WHERE c.opens_at <= ?1 ORDER BY c.opens_at DESC, c.id`).bind(now).all<RawContest>();
  return results.map(toRow);
}

/** Whether the track and the event the values name exist: one round trip. */
export async function namedRowsExist(db: DB, v: ContestValues): Promise<{ track: boolean; events: boolean }> {
  const events = [v.stems.eventId, v.enter.eventId].filter((id): id is string => id !== null);
  const [track, found] = await db.$client.batch([
    db.$client.prepare("SELECT 1 AS ok FROM tracks WHERE id = ?").bind(v.trackId),
    db.$client.prepare("SELECT id FROM events WHERE id IN (?1, ?2)").bind(events[0] ?? "", events[1] ?? ""),
  ]);
  const have = new Set((found!.results as { id: string }[]).map((r) => r.id));
  return { track: track!.results.length > 0, events: events.every((id) => have.has(id)) };
}

const COLUMNS = `track_id, title_en, title_pt_br, brief_en, brief_pt_br, rules_en, rules_pt_br, prizes_en, prizes_pt_br,
  stems_access, stems_tier_id, stems_event_id, enter_access, enter_tier_id, enter_event_id,
  opens_at, entries_close_at, voting_opens_at, voting_closes_at, winner_by, fan_weight_percent,
  votes_per_member, entries_per_member, max_upload_mb`;

const valuesOf = (v: ContestValues) => [
  v.trackId,
  v.titleEn,
  v.titlePtBr,
  v.briefEn,
  v.briefPtBr,
  v.rulesEn,
  v.rulesPtBr,
  v.prizesEn,
  v.prizesPtBr,
  v.stems.access,
  v.stems.tierId,
  v.stems.eventId,
  v.enter.access,
  v.enter.tierId,
  v.enter.eventId,
  v.opensAt,
  v.entriesCloseAt,
  v.votingOpensAt,
  v.votingClosesAt,
  v.winnerBy,
  v.fanWeightPercent,
  v.votesPerMember,
  v.entriesPerMember,
  v.maxUploadMb,
];

const clipped = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
const auditView = (v: ContestValues) => ({
  ...v,
  briefEn: clipped(v.briefEn),
  briefPtBr: clipped(v.briefPtBr),
  rulesEn: clipped(v.rulesEn),
  rulesPtBr: clipped(v.rulesPtBr),
  opensAt: new Date(v.opensAt).toISOString(),
  entriesCloseAt: new Date(v.entriesCloseAt).toISOString(),
  votingOpensAt: new Date(v.votingOpensAt).toISOString(),
  votingClosesAt: new Date(v.votingClosesAt).toISOString(),
});

export async function createContest(db: DB, actor: Actor, v: ContestValues, now = Date.now()): Promise<ContestRow> {
  const id = crypto.randomUUID();
  const placeholders = valuesOf(v).map((_, i) => `?${i + 1}`);
  const n = placeholders.length;
  await db.$client.batch([
    db.$client
      .prepare(`INSERT INTO contests (${COLUMNS}, id, created_at, updated_at) VALUES (${placeholders.join(", ")}, ?${n + 1}, ?${n + 2}, ?${n + 2})`)
      .bind(...valuesOf(v), id, now),
    auditIfChanged(db, { actor, action: "contest.create", targetType: "contest", targetId: id, summary: { after: auditView(v) } }, now),
  ]);
  return (await findContest(db, id))!;
}

/**
 * Every field again, while the results are not out (a contest with results is 409 contest_closed
 * at the route; the WHERE holds it against a results run between). Null when nothing was written.
 */
export async function updateContest(db: DB, actor: Actor, before: ContestRow, v: ContestValues, now = Date.now()): Promise<ContestRow | null> {
  const sets = COLUMNS.split(",").map((column, i) => `${column.trim()} = ?${i + 1}`);
  const n = sets.length;
  const [written] = await db.$client.batch([
    db.$client
      .prepare(`UPDATE contests SET ${sets.join(", ")}, updated_at = ?${n + 2} WHERE id = ?${n + 1} AND results_at IS NULL`)
      .bind(...valuesOf(v), before.id, now),
    auditIfChanged(db, { actor, action: "contest.update", targetType: "contest", targetId: before.id, summary: { after: auditView(v) } }, now),
  ]);
  return (written!.meta.changes ?? 0) === 0 ? null : findContest(db, before.id);
}

/** The new cover's key in place of the old; false when the contest went away meanwhile. */
export async function setContestCover(db: DB, actor: Actor, before: ContestRow, key: string, now = Date.now()): Promise<boolean> {
  const [written] = await db.$client.batch([
    db.$client.prepare("UPDATE contests SET cover_key = ?2, updated_at = ?3 WHERE id = ?1").bind(before.id, key, now),
    auditIfChanged(
      db,
      { actor, action: "contest.cover", targetType: "contest", targetId: before.id, summary: { before: { cover: before.coverKey }, after: { cover: key } } },
      now,
    ),
  ]);
  return (written!.meta.changes ?? 0) > 0;
}
