// Queries for members' favorites and playlists, always scoped by user. Every write is one
// statement or one batch whose statements carry their own conditions (limits, ownership,
// positions), so concurrent requests cannot leave duplicates, gaps or rows over a limit.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { albums, favorites, playlists, playlistTracks, tracks } from "../schema/music";
import { toTrackView, trackColumns } from "./music";
import { MAX_FAVORITES_PER_USER, MAX_PLAYLISTS_PER_USER, MAX_TRACKS_PER_PLAYLIST, playlistNameKey } from "#contracts/music/collection-limits.ts";
import type { PlaylistView } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";

export const trackExists = async (db: DB, trackId: string) => Boolean(await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId)).get());

// Favorites -----------------------------------------------------------------------------------

export async function listFavorites(db: DB, userId: string): Promise<TrackView[]> {
  const rows = await db
    .select(trackColumns)
    .from(favorites)
    .innerJoin(tracks, eq(tracks.id, favorites.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.addedAt), asc(tracks.id));
  const now = Date.now();
  return rows.map((row) => toTrackView(row, now));
}

/**
 * Adds a favorite unless it is there already or the member is at the limit. Returns "added",
 * "exists", "limit" or "unknown_track".
 */
export async function addFavorite(db: DB, userId: string, trackId: string, now = Date.now()) {
  const inserted = await db.run(sql`
    INSERT OR IGNORE INTO ${favorites} (user_id, track_id, added_at)
    SELECT ${userId}, ${tracks.id}, ${now} FROM ${tracks}
    WHERE ${tracks.id} = ${trackId}
      AND (SELECT count(*) FROM ${favorites} WHERE ${favorites.userId} = ${userId}) < ${MAX_FAVORITES_PER_USER}`);
  if (inserted.meta.changes === 1) return "added";
  if (
    await db
      .select({ one: sql`1` })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.trackId, trackId)))
      .get()
  )
    return "exists";
  return (await trackExists(db, trackId)) ? "limit" : "unknown_track";
}

export const removeFavorite = (db: DB, userId: string, trackId: string) =>
  db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.trackId, trackId)));

// Playlists -----------------------------------------------------------------------------------

/** The member's playlists with their tracks: two statements whatever the number of playlists. */
export async function listPlaylists(db: DB, userId: string, onlyId?: string): Promise<PlaylistView[]> {
  const owned = and(eq(playlists.userId, userId), onlyId ? eq(playlists.id, onlyId) : undefined);
  // Two statements, not one batch: a batch returns rows as objects, and the joined columns that
  // share a name (tracks.title, albums.title) would collide there.
  const [lists, rows] = await Promise.all([
    db
      .select({ id: playlists.id, name: playlists.name, createdAt: playlists.createdAt })
      .from(playlists)
      .where(owned)
      .orderBy(asc(playlists.createdAt), asc(playlists.id)),
    db
      .select({ playlistId: playlistTracks.playlistId, ...trackColumns })
      .from(playlistTracks)
      .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
      .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(owned)
      .orderBy(asc(playlistTracks.playlistId), asc(playlistTracks.position)),
  ]);
  const byPlaylist = new Map<string, TrackView[]>();
  for (const { playlistId, ...row } of rows) {
    const list = byPlaylist.get(playlistId) ?? [];
    list.push(toTrackView(row, Date.now()));
    byPlaylist.set(playlistId, list);
  }
  return lists.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), tracks: byPlaylist.get(p.id) ?? [] }));
}

export async function findPlaylist(db: DB, userId: string, playlistId: string): Promise<PlaylistView | null> {
  return (await listPlaylists(db, userId, playlistId))[0] ?? null;
}

/** Creates a playlist unless the member is at the limit ("limit"); a taken name throws the unique violation. */
export async function createPlaylist(db: DB, userId: string, name: string, now = Date.now()): Promise<{ id: string } | "limit"> {
  const id = crypto.randomUUID();
  const inserted = await db.run(sql`
    INSERT INTO ${playlists} (id, user_id, name, name_key, created_at, updated_at)
    SELECT ${id}, ${userId}, ${name}, ${playlistNameKey(name)}, ${now}, ${now}
    WHERE (SELECT count(*) FROM ${playlists} WHERE ${playlists.userId} = ${userId}) < ${MAX_PLAYLISTS_PER_USER}`);
  return inserted.meta.changes === 1 ? { id } : "limit";
}

/** Renames the member's playlist; false when it is not theirs. A taken name throws the unique violation. */
export async function renamePlaylist(db: DB, userId: string, playlistId: string, name: string, now = Date.now()) {
  const rows = await db
    .update(playlists)
    .set({ name, nameKey: playlistNameKey(name), updatedAt: new Date(now) })
    .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length === 1;
}

export async function deletePlaylist(db: DB, userId: string, playlistId: string) {
  const rows = await db
    .delete(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length === 1;
}

const ownsPlaylist = (userId: string, playlistId: string) =>
  sql`EXISTS (SELECT 1 FROM ${playlists} WHERE ${playlists.id} = ${playlistId} AND ${playlists.userId} = ${userId})`;

/**
 * Appends a track at the next position (max + 1, or 0) in one statement, so two concurrent adds
 * cannot take the same position. Returns "added", "exists", "full", "unknown_track" (not, or no
 * longer, in the catalog) or "not_found" (no such playlist of this member).
 */
export async function addPlaylistTrack(db: DB, userId: string, playlistId: string, trackId: string, now = Date.now()) {
  const inserted = await db.run(sql`
    INSERT OR IGNORE INTO ${playlistTracks} (playlist_id, track_id, position, added_at)
    SELECT ${playlistId}, ${tracks.id},
      (SELECT coalesce(max(${playlistTracks.position}) + 1, 0) FROM ${playlistTracks} WHERE ${playlistTracks.playlistId} = ${playlistId}),
      ${now}
    FROM ${tracks}
    WHERE ${tracks.id} = ${trackId}
      AND ${ownsPlaylist(userId, playlistId)}
      AND (SELECT count(*) FROM ${playlistTracks} WHERE ${playlistTracks.playlistId} = ${playlistId}) < ${MAX_TRACKS_PER_PLAYLIST}`);
  if (inserted.meta.changes === 1) {
    await touchPlaylist(db, playlistId, now);
    return "added";
  }
  const owned = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
    .get();
  if (!owned) return "not_found";
  if (!(await trackExists(db, trackId))) return "unknown_track";
  const present = await db
    .select({ one: sql`1` })
    .from(playlistTracks)
    .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.trackId, trackId)))
    .get();
  return present ? "exists" : "full";
}

/** Removes a track and closes the gap after it, in one batch. Returns false when nothing was removed. */
export async function removePlaylistTrack(db: DB, userId: string, playlistId: string, trackId: string, now = Date.now()) {
  const removed = sql`(SELECT ${playlistTracks.position} FROM ${playlistTracks} WHERE ${playlistTracks.playlistId} = ${playlistId} AND ${playlistTracks.trackId} = ${trackId})`;
  const [, deleted] = await db.batch([
    // First close the gap (while the removed row still tells where it was), then remove it.
    db
      .update(playlistTracks)
      .set({ position: sql`${playlistTracks.position} - 1` })
      .where(and(eq(playlistTracks.playlistId, playlistId), ownsPlaylist(userId, playlistId), sql`${playlistTracks.position} > ${removed}`)),
    db
      .delete(playlistTracks)
      .where(and(eq(playlistTracks.playlistId, playlistId), eq(playlistTracks.trackId, trackId), ownsPlaylist(userId, playlistId)))
      .returning({ id: playlistTracks.trackId }),
  ]);
  if (deleted.length !== 1) return false;
  await touchPlaylist(db, playlistId, now);
  return true;
}

/**
 * Applies a whole new order in one statement: each row's position becomes its index in `trackIds`.
 * It only runs while `trackIds` is exactly the playlist's current set (same size, none missing),
 * so a track added or removed meanwhile makes it change nothing; returns whether it applied.
 * The caller checks `trackIds` has no duplicates.
 */
export async function reorderPlaylist(db: DB, userId: string, playlistId: string, trackIds: string[], now = Date.now()) {
  const order = JSON.stringify(trackIds);
  const result = await db.run(sql`
    UPDATE ${playlistTracks}
    SET position = (SELECT CAST(j.key AS INTEGER) FROM json_each(${order}) AS j WHERE j.value = ${playlistTracks.trackId})
    WHERE ${playlistTracks.playlistId} = ${playlistId}
      AND ${ownsPlaylist(userId, playlistId)}
      AND (SELECT count(*) FROM ${playlistTracks} WHERE ${playlistTracks.playlistId} = ${playlistId}) = json_array_length(${order})
      AND NOT EXISTS (
        SELECT 1 FROM ${playlistTracks} AS pt
        WHERE pt.playlist_id = ${playlistId} AND pt.track_id NOT IN (SELECT value FROM json_each(${order})))`);
  if (result.meta.changes !== trackIds.length) return false;
  await touchPlaylist(db, playlistId, now);
  return true;
}

const touchPlaylist = (db: DB, playlistId: string, now: number) =>
  db
    .update(playlists)
    .set({ updatedAt: new Date(now) })
    .where(eq(playlists.id, playlistId));
