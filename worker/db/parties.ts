// Listening parties (decision 028): the public teaser's reads, the room's, and the back office's
// writes. Each admin write and its audit row go in one D1 batch. A party keeps the tracks it was
// saved with (resolvePartySource), so what a room plays never changes under it. These functions
// report outcomes (a row, null, "unknown", "empty"); the routes turn them into HTTP answers.
import { and, asc, desc, eq, gt, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { DB } from "./client";
import { albums, listeningParties, tracks } from "./schema/music";
import { auditInsert, type Actor } from "./audit";
import { findAlbum, listAlbums } from "./music/music";
import { findPlaylist, listPlaylists } from "./music/collections";
import { PARTY_OPENS_BEFORE_MS, partyPhaseAt, tracksStartedBy } from "#contracts/parties/clock.ts";
import { PARTY_TEASER_LIMIT } from "#contracts/parties/limits.ts";
import type {
  AdminParty,
  PartyDetail,
  PartyValues,
  PartySourceOption,
  PartySourcesResponse,
  PartySourceType,
  PartySummary,
  PartyTrack,
  PublicParty,
} from "#contracts/parties/parties.ts";
import type { TrackView } from "#contracts/music/music.ts";

export type PartyRow = typeof listeningParties.$inferSelect;

/** The public teaser's memo (worker/lib/memo.ts): the back office's writes forget it. */
export const PARTIES_MEMO_PREFIX = "parties:";

/** A room may still hold sockets this long after its party ended (members reading the summary). */
const ROOM_LINGERS_MS = 60 * 60_000;

export const partyEndsAtOf = (row: Pick<PartyRow, "startsAt" | "durationSeconds">) => row.startsAt.getTime() + row.durationSeconds * 1000;

/** The end as SQL: the list reads compare it with now. */
const endsAtSql = sql<number>`(${listeningParties.startsAt} + ${listeningParties.durationSeconds} * 1000)`;

export function toPublicParty(row: PartyRow, now: number): PublicParty {
  const endsAt = partyEndsAtOf(row);
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    vipOnly: row.vipOnly,
    minTierId: row.minTierId,
    sourceType: row.sourceType,
    sourceTitle: row.sourceTitle,
    coverUrl: row.coverUrl,
    albumId: row.sourceType === "album" ? row.albumId : null,
    phase: partyPhaseAt(row.startsAt.getTime(), endsAt, now),
  };
}

/** The summary as D1 has it (the room writes it when the party ends). */
export function storedSummary(row: PartyRow, now: number): PartySummary {
  return {
    tracksPlayed: tracksStartedBy(row.startsAt.getTime(), row.tracks, now),
    peakListeners: row.peakListeners,
    reactions: row.reactionCount,
    messages: row.messageCount,
  };
}

export function toPartyDetail(row: PartyRow, now: number): PartyDetail {
  const view = toPublicParty(row, now);
  return {
    ...view,
    status: row.status,
    tracks: row.tracks,
    durationSeconds: row.durationSeconds,
    serverTime: new Date(now).toISOString(),
    summary: view.phase === "ended" ? storedSummary(row, now) : null,
  };
}

export function toAdminParty(row: PartyRow, now = Date.now()): AdminParty {
  const { serverTime: _t, summary: _s, ...detail } = toPartyDetail(row, now);
  return {
    ...detail,
    albumId: row.albumId,
    playlistId: row.playlistId,
    summary: storedSummary(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findParty(db: DB, id: string): Promise<PartyRow | null> {
  return (await db.select().from(listeningParties).where(eq(listeningParties.id, id)).get()) ?? null;
}

/** Parties not cancelled and not over at `now`, the soonest first: the public teaser. */
export async function listUpcomingParties(db: DB, now: number): Promise<PublicParty[]> {
  const rows = await db
    .select()
    .from(listeningParties)
    .where(and(eq(listeningParties.status, "scheduled"), gt(endsAtSql, now)))
    .orderBy(asc(listeningParties.startsAt), asc(listeningParties.id))
    .limit(PARTY_TEASER_LIMIT);
  return rows.map((row) => toPublicParty(row, now));
}

/** Every party, the latest start first (the back office: upcoming and past). */
export async function listAdminParties(db: DB, now = Date.now()): Promise<AdminParty[]> {
  const rows = await db.select().from(listeningParties).orderBy(desc(listeningParties.startsAt), desc(listeningParties.id));
  return rows.map((row) => toAdminParty(row, now));
}

/**
 * Parties whose room may hold sockets at `now` (open, on, or ended within the hour): a sign-out
 * closes those; with `vipOnly`, only the VIP-only ones, each with its lowest tier (a member whose
 * tier no longer admits them leaves those, decisions 040 and 104).
 */
export async function listPartiesWithRooms(db: DB, now: number, options: { vipOnly?: boolean } = {}): Promise<{ id: string; minTierId: string | null }[]> {
  return db
    .select({ id: listeningParties.id, minTierId: listeningParties.minTierId })
    .from(listeningParties)
    .where(
      and(
        ne(listeningParties.status, "cancelled"),
        options.vipOnly ? eq(listeningParties.vipOnly, true) : undefined,
        lte(listeningParties.startsAt, new Date(now + PARTY_OPENS_BEFORE_MS)),
        gt(endsAtSql, now - ROOM_LINGERS_MS),
      ),
    );
}

// ---------- Sources ----------

const partyTrackOf = (t: TrackView): PartyTrack => ({
  id: t.id,
  title: t.title,
  albumId: t.albumId,
  albumTitle: t.albumTitle,
  coverUrl: t.coverUrl,
  durationSeconds: t.durationSeconds,
});

/** Tracks a party can play: with audio and a length. */
const playableTracks = (list: TrackView[]) => list.filter((t) => t.playable && t.durationSeconds > 0).map(partyTrackOf);

export type PartySource = {
  sourceType: PartySourceType;
  albumId: string | null;
  playlistId: string | null;
  sourceTitle: string;
  coverUrl: string | null;
  tracks: PartyTrack[];
};

/**
 * The album (from the catalog) or the admin's own playlist (another member's is "unknown", as a
 * missing one), with its playable tracks in order; "empty" when none can be played.
 */
export async function resolvePartySource(
  db: DB,
  adminId: string,
  type: PartySourceType,
  id: string,
  now = Date.now(),
): Promise<PartySource | "unknown" | "empty"> {
  if (type === "album") {
    const album = await findAlbum(db, id, now);
    if (!album) return "unknown";
    const list = playableTracks(album.value.tracks);
    if (list.length === 0) return "empty";
    return { sourceType: type, albumId: album.value.id, playlistId: null, sourceTitle: album.value.title, coverUrl: album.value.coverUrl, tracks: list };
  }
  const playlist = await findPlaylist(db, adminId, id);
  if (!playlist) return "unknown";
  const list = playableTracks(playlist.tracks);
  if (list.length === 0) return "empty";
  return { sourceType: type, albumId: null, playlistId: playlist.id, sourceTitle: playlist.name, coverUrl: list[0]!.coverUrl, tracks: list };
}

/** The form's choices: every album with its playable tracks' count and length, and the admin's playlists. */
export async function listPartySources(db: DB, adminId: string, now = Date.now()): Promise<PartySourcesResponse> {
  const [catalog, lengths, lists] = await Promise.all([
    listAlbums(db, now),
    db
      .select({ albumId: tracks.albumId, count: sql<number>`count(*)`, seconds: sql<number>`coalesce(sum(${tracks.durationSeconds}), 0)` })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(and(isNotNull(tracks.audioKey), gt(tracks.durationSeconds, 0)))
      .groupBy(tracks.albumId),
    listPlaylists(db, adminId),
  ]);
  const byAlbum = new Map(lengths.map((l) => [l.albumId, l]));
  const albumOptions: PartySourceOption[] = catalog.value.map((a) => ({
    id: a.id,
    title: a.title,
    trackCount: Number(byAlbum.get(a.id)?.count ?? 0),
    durationSeconds: Number(byAlbum.get(a.id)?.seconds ?? 0),
  }));
  const playlistOptions: PartySourceOption[] = lists.map((p) => {
    const list = playableTracks(p.tracks);
    return { id: p.id, title: p.name, trackCount: list.length, durationSeconds: list.reduce((s, t) => s + t.durationSeconds, 0) };
  });
  return { albums: albumOptions, playlists: playlistOptions };
}

// ---------- Back-office writes ----------

function columnsOf(input: PartyValues, source: PartySource) {
  return {
    title: input.title,
    sourceType: source.sourceType,
    albumId: source.albumId,
    playlistId: source.playlistId,
    sourceTitle: source.sourceTitle,
    coverUrl: source.coverUrl,
    tracks: source.tracks,
    durationSeconds: source.tracks.reduce((s, t) => s + t.durationSeconds, 0),
    startsAt: new Date(Date.parse(input.startsAt)),
    vipOnly: input.vipOnly,
    // A party for every member has no tier (decision 104).
    minTierId: input.vipOnly ? input.minTierId : null,
  };
}

/** What the audit row shows of a party: its choices, never its track list. */
const auditView = (row: Pick<PartyRow, "title" | "sourceType" | "sourceTitle" | "startsAt" | "vipOnly" | "minTierId" | "status" | "durationSeconds">) => ({
  title: row.title,
  sourceType: row.sourceType,
  sourceTitle: row.sourceTitle,
  startsAt: row.startsAt.toISOString(),
  vipOnly: row.vipOnly,
  minTierId: row.minTierId,
  status: row.status,
  durationSeconds: row.durationSeconds,
});

function changes(before: PartyRow, after: PartyRow) {
  const was: Record<string, unknown> = auditView(before);
  const now: Record<string, unknown> = auditView(after);
  const keys = Object.keys(now).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, now[k]])) };
}

export async function createParty(db: DB, actor: Actor, input: PartyValues, source: PartySource, now = Date.now()): Promise<PartyRow> {
  const row: PartyRow = {
    id: crypto.randomUUID(),
    ...columnsOf(input, source),
    status: "scheduled",
    peakListeners: 0,
    reactionCount: 0,
    messageCount: 0,
    createdBy: actor.id,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
  await db.batch([
    db.insert(listeningParties).values(row),
    auditInsert(db, { actor, action: "party.create", targetType: "party", targetId: row.id, summary: { after: auditView(row) } }, now),
  ]);
  return row;
}

/** Every field of the form again; null when the party was deleted meanwhile. */
export async function updateParty(db: DB, actor: Actor, before: PartyRow, input: PartyValues, source: PartySource, now = Date.now()): Promise<PartyRow | null> {
  const after: PartyRow = { ...before, ...columnsOf(input, source), updatedAt: new Date(now) };
  const { id: _id, createdAt: _c, createdBy: _b, ...values } = after;
  const [updated] = await db.batch([
    db.update(listeningParties).set(values).where(eq(listeningParties.id, before.id)).returning({ id: listeningParties.id }),
    auditInsert(db, { actor, action: "party.update", targetType: "party", targetId: before.id, summary: changes(before, after) }, now),
  ]);
  return updated.length > 0 ? after : null;
}

/** Cancelled parties stay listed in the back office; the teaser and the room drop them. */
export async function cancelParty(db: DB, actor: Actor, before: PartyRow, now = Date.now()): Promise<PartyRow | null> {
  const after: PartyRow = { ...before, status: "cancelled", updatedAt: new Date(now) };
  const [updated] = await db.batch([
    db
      .update(listeningParties)
      .set({ status: "cancelled", updatedAt: after.updatedAt })
      .where(eq(listeningParties.id, before.id))
      .returning({ id: listeningParties.id }),
    auditInsert(db, { actor, action: "party.cancel", targetType: "party", targetId: before.id, summary: changes(before, after) }, now),
  ]);
  return updated.length > 0 ? after : null;
}

export async function deleteParty(db: DB, actor: Actor, before: PartyRow, now = Date.now()) {
  await db.batch([
    db.delete(listeningParties).where(eq(listeningParties.id, before.id)),
    auditInsert(db, { actor, action: "party.delete", targetType: "party", targetId: before.id, summary: { before: auditView(before) } }, now),
  ]);
}

/** The room's summary, written by its PartyRoom when the party ends (the greater of what is there). */
export async function storePartySummary(db: DB, id: string, summary: Omit<PartySummary, "tracksPlayed">) {
  await db
    .update(listeningParties)
    .set({
      peakListeners: sql`max(${listeningParties.peakListeners}, ${summary.peakListeners})`,
      reactionCount: sql`max(${listeningParties.reactionCount}, ${summary.reactions})`,
      messageCount: sql`max(${listeningParties.messageCount}, ${summary.messages})`,
    })
    .where(eq(listeningParties.id, id));
}
