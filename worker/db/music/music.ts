// Queries for the music catalog and play counts. Every read here is one D1 query.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { albums, trackPlays, trackPreviewPlays, tracks } from "../schema/music";
import type { AlbumDetail, AlbumSummary, TrackView } from "#contracts/music/music.ts";
import { PLAY_DEDUPE_MS } from "#contracts/music/limits.ts";
import { previewFormatOf } from "../../lib/audio-probe";
import { pickLanguage } from "../../lib/content-language";
import type { Locale } from "#contracts/locale.ts";
import { lessReleased, nextTransition, publicAt, releaseStateOf, type ReleaseState, type ReleaseTimes } from "../../lib/release";

/** The public URL of a stored cover: R2 keys are served under /media/, remote URLs as they are. */
export function coverUrlOf(coverKey: string | null): string | null {
  if (!coverKey) return null;
  if (coverKey.startsWith("https://")) return coverKey;
  return `/media/${coverKey}`;
}

/**
 * SQL: whether the album in `albumIdColumn` is sold as a pre-order: a live digital product sells it
 * (decision 152). Its page, the catalog, search and the sitemap show it before its release, and its
 * teasers play; nothing on the album says so, the product going live does.
 */
export const onPreorderSql = (albumIdColumn: string) =>
  `EXISTS (SELECT 1 FROM products p WHERE p.album_id = ${albumIdColumn} AND p.kind = 'digital' AND p.state = 'live')`;

const albumOnPreorder = sql<number>`${sql.raw(onPreorderSql('"albums"."id"'))}`;

/** The columns every track list selects (tracks joined with their album). */
export const trackColumns = {
  id: tracks.id,
  title: tracks.title,
  number: tracks.number,
  albumId: tracks.albumId,
  albumTitle: albums.title,
  albumYear: albums.year,
  coverKey: albums.coverKey,
  durationSeconds: tracks.durationSeconds,
  plays: tracks.plays,
  audioKey: tracks.audioKey,
  previewEnabled: tracks.previewEnabled,
  featuredPosition: tracks.featuredPosition,
  releaseAt: tracks.releaseAt,
  earlyAccessAt: tracks.earlyAccessAt,
  albumReleaseAt: albums.releaseAt,
  albumEarlyAccessAt: albums.earlyAccessAt,
  teaser: tracks.teaser,
  albumOnPreorder,
};

const selectTracks = (db: DB) => db.select(trackColumns).from(tracks).innerJoin(albums, eq(albums.id, tracks.albumId));
type TrackRow = Awaited<ReturnType<ReturnType<typeof selectTracks>["all"]>>[number];

const ownTimesOf = (row: TrackRow): ReleaseTimes => ({ releaseAt: row.releaseAt, earlyAccessAt: row.earlyAccessAt });
const albumTimesOf = (row: TrackRow): ReleaseTimes => ({ releaseAt: row.albumReleaseAt, earlyAccessAt: row.albumEarlyAccessAt });

/**
 * Where a track stands at `now`: its own release times, never ahead of its album's; a teaser of an
 * album on pre-order is out already (decision 152: who pre-orders gets it at once, anyone hears it).
 */
export function trackStateOf(row: TrackRow, now: number): ReleaseState {
  const state = lessReleased(releaseStateOf(albumTimesOf(row), now), releaseStateOf(ownTimesOf(row), now));
  return state !== "released" && row.teaser && Boolean(row.albumOnPreorder) ? "released" : state;
}

/** Whether the public catalog lists the track: past its early access, or on its album's pre-order (its title and date, not its audio). */
const listedTrack = (row: TrackRow, now: number) => trackStateOf(row, now) !== "hidden" || Boolean(row.albumOnPreorder);

/**
 * A selected track row as the API shows it: a public cover URL, whether it has audio (never where),
 * whether it has a preview (turned on, audio of a kind a preview can be cut from, and released),
 * and, before its public release, when that is.
 */
export function toTrackView(row: TrackRow, now: number): TrackView {
  // The release times are the state's inputs, not part of the view.
  const {
    coverKey,
    audioKey,
    previewEnabled,
    releaseAt: _own,
    earlyAccessAt: _ownEarly,
    albumReleaseAt: _album,
    albumEarlyAccessAt: _albumEarly,
    teaser: _teaser,
    albumOnPreorder: _preorder,
    ...view
  } = row;
  const state = trackStateOf(row, now);
  const early = state !== "released";
  return {
    ...view,
    coverUrl: coverUrlOf(coverKey),
    // A pre-order's track before its early access is listed, not heard.
    playable: Boolean(audioKey) && state !== "hidden",
    preview: !early && previewEnabled && previewFormatOf(audioKey) !== null,
    earlyAccess: early,
    releaseAt: early ? (publicAt([ownTimesOf(row), albumTimesOf(row)], now)?.toISOString() ?? null) : null,
    ...(state === "hidden" && row.albumOnPreorder ? { preorder: true as const } : {}),
  };
}

/** A catalog read and the moment it stops being right (an item's release state changes then). */
export type Timed<T> = { value: T; changesAt: number | null };

/** Featured tracks first (by their position), then every album's tracks in catalog order; none hidden. */
export async function listTracks(db: DB, now = Date.now()): Promise<Timed<TrackView[]>> {
  const rows = await selectTracks(db).orderBy(sql`${tracks.featuredPosition} IS NULL`, asc(tracks.featuredPosition), asc(albums.position), asc(tracks.number));
  const visible = rows.filter((row) => listedTrack(row, now));
  return {
    value: visible.map((row) => toTrackView(row, now)),
    changesAt: nextTransition(
      rows.flatMap((row) => [ownTimesOf(row), albumTimesOf(row)]),
      now,
    ),
  };
}

/**
 * A track as the public catalog shows it and the moment that stops being right (its own or its
 * album's next early access or release time); null when unknown or not yet in early access.
 */
export async function findTimedTrack(db: DB, id: string, now = Date.now()): Promise<Timed<TrackView> | null> {
  const row = await selectTracks(db).where(eq(tracks.id, id)).get();
  if (!row || !listedTrack(row, now)) return null;
  return { value: toTrackView(row, now), changesAt: nextTransition([ownTimesOf(row), albumTimesOf(row)], now) };
}

/** A track as the public catalog shows it; null when unknown or not yet in early access. */
export async function findTrack(db: DB, id: string, now = Date.now()): Promise<TrackView | null> {
  return (await findTimedTrack(db, id, now))?.value ?? null;
}

/**
 * A track's audio (an R2 key or an https URL, null when none), release state at `now` and the tier
 * its early access asks (its own, else its album's; null: VIP and above, decision 108); undefined when unknown.
 */
export async function findStreamSource(
  db: DB,
  id: string,
  now = Date.now(),
): Promise<{ audioKey: string | null; audioKbps: number | null; state: ReleaseState; earlyMinTierId: string | null } | undefined> {
  const row = await db
    .select({ ...trackColumns, audioKbps: tracks.audioKbps, ownTier: tracks.earlyMinTierId, albumTier: albums.earlyMinTierId })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(tracks.id, id))
    .get();
  return row ? { audioKey: row.audioKey, audioKbps: row.audioKbps, state: trackStateOf(row, now), earlyMinTierId: row.ownTier ?? row.albumTier } : undefined;
}

/** What the lossless player streams: FLAC where the catalog has it (the master, or the FLAC made from a WAV master), else the WAV master. */
export type LosslessStream = { key: string; format: "flac" | "wav" };

/** The quality facts of a track's audio as the player's label names them (decision 121). */
export type AudioFacts = { kbps: number | null; sampleRate: number | null; bitDepth: number | null };

/**
 * A track's lossless master (decision 054), the file the lossless player streams and its facts
 * (decision 121), its release state and its early access's tier (as findStreamSource); undefined for an unknown track.
 */
export async function findMasterSource(
  db: DB,
  id: string,
  now = Date.now(),
): Promise<
  | {
      masterKey: string | null;
      masterFormat: "flac" | "wav" | null;
      stream: LosslessStream | null;
      facts: AudioFacts;
      state: ReleaseState;
      earlyMinTierId: string | null;
    }
  | undefined
> {
  const row = await db
    .select({
      ...trackColumns,
      masterKey: tracks.masterKey,
      masterFormat: tracks.masterFormat,
      derivedKey: tracks.derivedKey,
      derivedFormat: tracks.derivedFormat,
      derivedState: tracks.derivedState,
      sampleRate: tracks.masterSampleRate,
      bitDepth: tracks.masterBitDepth,
      ownTier: tracks.earlyMinTierId,
      albumTier: albums.earlyMinTierId,
    })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(tracks.id, id))
    .get();
  if (!row) return undefined;
  const stream: LosslessStream | null =
    row.masterKey && row.masterFormat === "flac"
      ? { key: row.masterKey, format: "flac" }
      : row.derivedState === "done" && row.derivedFormat === "flac" && row.derivedKey
        ? { key: row.derivedKey, format: "flac" }
        : row.masterKey && row.masterFormat
          ? { key: row.masterKey, format: row.masterFormat }
          : null;
  return {
    masterKey: row.masterKey,
    masterFormat: row.masterFormat,
    stream,
    facts: { kbps: null, sampleRate: row.sampleRate, bitDepth: row.bitDepth },
    state: trackStateOf(row, now),
    earlyMinTierId: row.ownTier ?? row.albumTier,
  };
}

export type PreviewSource = { audioKey: string | null; previewEnabled: boolean; previewStartSeconds: number; previewKey: string | null; state: ReleaseState };

/** What a track's preview is made from, where its cut is, and whether it is released; undefined for an unknown track. */
export async function findPreviewSource(db: DB, id: string, now = Date.now()): Promise<PreviewSource | undefined> {
  const row = await db
    .select({ ...trackColumns, previewStartSeconds: tracks.previewStartSeconds, previewKey: tracks.previewKey })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(tracks.id, id))
    .get();
  if (!row) return undefined;
  const { audioKey, previewEnabled, previewStartSeconds, previewKey } = row;
  return { audioKey, previewEnabled, previewStartSeconds, previewKey, state: trackStateOf(row, now) };
}

/**
 * Stores where a fresh preview cut is, unless the track changed since `madeFrom` was read (other
 * audio, another start, previews turned off, or another cut stored first): true when stored.
 */
export async function storePreviewKey(db: DB, id: string, key: string, madeFrom: PreviewSource): Promise<boolean> {
  const audio = madeFrom.audioKey === null ? sql`${tracks.audioKey} IS NULL` : eq(tracks.audioKey, madeFrom.audioKey);
  const stored = await db
    .update(tracks)
    .set({ previewKey: key })
    .where(
      and(
        eq(tracks.id, id),
        audio,
        eq(tracks.previewStartSeconds, madeFrom.previewStartSeconds),
        eq(tracks.previewEnabled, true),
        sql`${tracks.previewKey} IS ${madeFrom.previewKey}`,
      ),
    )
    .returning({ id: tracks.id });
  return stored.length === 1;
}

/**
 * Records one preview play unless the same listener played the same track's preview in the last
 * 30 seconds; one statement, so the check and the write agree. Null for an unknown track.
 */
export async function recordPreviewPlay(db: DB, listener: string, trackId: string, now = Date.now()): Promise<{ counted: boolean } | null> {
  const since = now - PLAY_DEDUPE_MS;
  const [inserted, known] = await db.batch([
    db
      .insert(trackPreviewPlays)
      .select(
        db
          .select({ id: sql`NULL`.as("id"), trackId: tracks.id, listener: sql`${listener}`.as("listener"), playedAt: sql`${now}`.as("played_at") })
          .from(tracks)
          .where(
            and(
              eq(tracks.id, trackId),
              sql`NOT EXISTS (SELECT 1 FROM ${trackPreviewPlays} WHERE ${trackPreviewPlays.listener} = ${listener} AND ${trackPreviewPlays.trackId} = ${trackId} AND ${trackPreviewPlays.playedAt} > ${since})`,
            ),
          ),
      )
      .returning({ id: trackPreviewPlays.id }),
    db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId)),
  ]);
  if (known.length === 0) return null;
  return { counted: inserted.length === 1 };
}

/** Where a track's audio is: an R2 key or a remote https URL; null when it has none. */
export async function findTrackAudio(db: DB, id: string): Promise<string | null | undefined> {
  const row = await db.select({ audioKey: tracks.audioKey }).from(tracks).where(eq(tracks.id, id)).get();
  return row ? row.audioKey : undefined;
}

const albumColumns = {
  id: albums.id,
  title: albums.title,
  year: albums.year,
  type: albums.type,
  coverKey: albums.coverKey,
  position: albums.position,
  releaseAt: albums.releaseAt,
  earlyAccessAt: albums.earlyAccessAt,
  onPreorder: albumOnPreorder,
};
type AlbumRow = {
  id: string;
  title: string;
  year: number;
  type: "Album" | "Single";
  coverKey: string | null;
  position: number;
  onPreorder: number;
} & ReleaseTimes;

/** Whether the public catalog shows the album: past its early access, or sold as a pre-order. */
const listedAlbum = (album: AlbumRow, now: number) => releaseStateOf(album, now) !== "hidden" || Boolean(album.onPreorder);

/** An album as the public catalog shows it: its tracks counted are those listed at `now`. */
function toAlbumSummary({ coverKey, releaseAt, earlyAccessAt, onPreorder, ...album }: AlbumRow, trackCount: number, now: number): AlbumSummary {
  const early = releaseStateOf({ releaseAt, earlyAccessAt }, now) !== "released";
  return {
    ...album,
    coverUrl: coverUrlOf(coverKey),
    trackCount,
    earlyAccess: early,
    releaseAt: early ? (releaseAt?.toISOString() ?? null) : null,
    preorder: early && Boolean(onPreorder),
  };
}

/** Every album not hidden at `now`, in catalog order, with its visible tracks counted: one query. */
export async function listAlbums(db: DB, now = Date.now()): Promise<Timed<AlbumSummary[]>> {
  const rows = await db
    .select({ album: albumColumns, track: { id: tracks.id, releaseAt: tracks.releaseAt, earlyAccessAt: tracks.earlyAccessAt } })
    .from(albums)
    .leftJoin(tracks, eq(tracks.albumId, albums.id))
    .orderBy(asc(albums.position));
  const byAlbum = new Map<string, { album: AlbumRow; tracks: number }>();
  const times: ReleaseTimes[] = [];
  for (const { album, track } of rows) {
    times.push(album);
    if (!listedAlbum(album, now)) continue;
    const entry = byAlbum.get(album.id) ?? { album, tracks: 0 };
    byAlbum.set(album.id, entry);
    if (track?.id == null) continue;
    times.push(track as ReleaseTimes);
    if (album.onPreorder || lessReleased(releaseStateOf(album, now), releaseStateOf(track as ReleaseTimes, now)) !== "hidden") entry.tracks++;
  }
  return { value: [...byAlbum.values()].map(({ album, tracks: n }) => toAlbumSummary(album, n, now)), changesAt: nextTransition(times, now) };
}

/** An album with its notes in both languages: what the memo keeps; each answer picks one (albumView). */
export type AlbumRecord = Omit<AlbumDetail, "notes"> & { notesEn: string | null; notesPtBr: string | null };

/**
 * The album's notes for `locale` and their language: the Portuguese for pt-BR when there is one,
 * else the English (the fallback), else the Portuguese (better than nothing); null: no notes.
 */
export function albumNotes(album: AlbumRecord, locale: Locale): { text: string; lang: Locale } | null {
  // Notes only in Portuguese are asked for in Portuguese whatever the page's language.
  const { value, lang } = pickLanguage(album.notesEn?.trim() ? locale : "pt-BR", album.notesEn, album.notesPtBr);
  return value?.trim() ? { text: value, lang } : null;
}

/** The public album in `locale` (decision 032). */
export function albumView(album: AlbumRecord, locale: Locale): AlbumDetail {
  const { notesEn: _en, notesPtBr: _ptBr, ...rest } = album;
  return { ...rest, notes: albumNotes(album, locale)?.text ?? null };
}

/**
 * One album with its visible tracks in order: one query (the album's columns repeat on each track
 * row). Null when unknown or hidden at `now`.
 */
export async function findAlbum(db: DB, id: string, now = Date.now()): Promise<Timed<AlbumRecord> | null> {
  const rows = await db
    .select({ album: albumColumns, notes: { en: albums.notes, ptBr: albums.notesPtBr }, track: trackColumns })
    .from(albums)
    .leftJoin(tracks, eq(tracks.albumId, albums.id))
    .where(eq(albums.id, id))
    .orderBy(asc(tracks.number));
  const first = rows[0];
  if (!first || !listedAlbum(first.album, now)) return null;
  // A left join: an album without tracks comes back as one row whose track columns are all null.
  const trackRows = rows.flatMap((r) => (r.track.id === null ? [] : [r.track as TrackRow]));
  const visible = trackRows.filter((row) => listedTrack(row, now));
  const albumTracks = visible.map((row) => toTrackView(row, now));
  return {
    value: { ...toAlbumSummary(first.album, albumTracks.length, now), tracks: albumTracks, notesEn: first.notes.en, notesPtBr: first.notes.ptBr },
    changesAt: nextTransition([first.album, ...trackRows.map(ownTimesOf)], now),
  };
}

/** The sum of every track's counter (counters, not a scan of track_plays). */
export async function totalPlays(db: DB): Promise<number> {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${tracks.plays}), 0)` })
    .from(tracks)
    .get();
  return Number(row?.total ?? 0);
}

/**
 * Records one play and bumps the track's counter in one batch (a transaction), unless the same
 * member played the same track in the last 30 seconds. Both statements test the same condition
 * before either writes, so they agree: either both happen or neither. Returns whether it counted
 * and the track's counter afterwards, or null for an unknown track.
 */
export async function recordPlay(db: DB, userId: string, trackId: string, now = Date.now()): Promise<{ counted: boolean; plays: number } | null> {
  const since = now - PLAY_DEDUPE_MS;
  const noRecentPlay = sql`NOT EXISTS (SELECT 1 FROM ${trackPlays} WHERE ${trackPlays.userId} = ${userId} AND ${trackPlays.trackId} = ${trackId} AND ${trackPlays.playedAt} > ${since})`;
  const [bumped, , after] = await db.batch([
    db
      .update(tracks)
      .set({ plays: sql`${tracks.plays} + 1` })
      .where(and(eq(tracks.id, trackId), noRecentPlay))
      .returning({ id: tracks.id }),
    // INSERT ... SELECT (every column, in table order; id NULL = the next autoincrement value).
    db.insert(trackPlays).select(
      db
        .select({ id: sql`NULL`.as("id"), userId: sql`${userId}`.as("user_id"), trackId: tracks.id, playedAt: sql`${now}`.as("played_at") })
        .from(tracks)
        .where(and(eq(tracks.id, trackId), noRecentPlay)),
    ),
    db.select({ plays: tracks.plays }).from(tracks).where(eq(tracks.id, trackId)),
  ]);
  const row = after[0];
  if (!row) return null;
  return { counted: bumped.length === 1, plays: row.plays };
}
