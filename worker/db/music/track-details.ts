// A track's lyrics and credits, and a release's lyrics access (decision 112). Each back-office
// write and its audit row go in one batch; the audit row is stored only when the write changed a
// row (auditIfChanged), so a write to an unknown track leaves nothing.
import type { DB } from "../client";
import { auditIfChanged, type Actor } from "../audit";
import type { Locale } from "#contracts/locale.ts";
import { syncedLines } from "../../lib/lrc";
import { type CreditsBody, type LyricsAccess, type LyricsBody, type TrackCreditsResponse, type TrackLyrics } from "#contracts/music/track-details.ts";

const emptyToNull = (value: string | null) => (value === null || value === "" ? null : value);

/** Stores a track's lyrics in one language; false when the track does not exist. */
export async function saveLyrics(db: DB, actor: Actor, trackId: string, locale: Locale, lyrics: LyricsBody, now = Date.now()): Promise<boolean> {
  const [saved] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO track_lyrics (track_id, locale, synced, body, updated_at) SELECT id, ?2, ?3, ?4, ?5 FROM tracks WHERE id = ?1
         ON CONFLICT (track_id, locale) DO UPDATE SET synced = excluded.synced, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .bind(trackId, locale, lyrics.synced ? 1 : 0, lyrics.body, now),
    auditIfChanged(db, { actor, action: "track.lyrics", targetType: "track", targetId: trackId, summary: { after: { locale, synced: lyrics.synced } } }, now),
  ]);
  return saved!.meta.changes > 0;
}

/** Removes a track's lyrics in one language; false when there were none. */
export async function removeLyrics(db: DB, actor: Actor, trackId: string, locale: Locale, now = Date.now()): Promise<boolean> {
  const [removed] = await db.$client.batch([
    db.$client.prepare("DELETE FROM track_lyrics WHERE track_id = ?1 AND locale = ?2").bind(trackId, locale),
    auditIfChanged(db, { actor, action: "track.lyrics_remove", targetType: "track", targetId: trackId, summary: { before: { locale } } }, now),
  ]);
  return removed!.meta.changes > 0;
}

/** A track's lyrics in every language it has, synced ones with their timed lines. */
export async function readLyrics(db: DB, trackId: string): Promise<TrackLyrics[]> {
  const { results } = await db.$client
    .prepare("SELECT locale, synced, body FROM track_lyrics WHERE track_id = ?1 ORDER BY locale")
    .bind(trackId)
    .all<{ locale: Locale; synced: number; body: string }>();
  return results.map((row) => ({ locale: row.locale, synced: row.synced === 1, text: row.body, lines: row.synced === 1 ? syncedLines(row.body) : [] }));
}

/** Who may read a track's lyrics (its release's setting); null for an unknown track. */
export async function findLyricsAccess(db: DB, trackId: string): Promise<LyricsAccess | null> {
  const row = await db.$client
    .prepare("SELECT albums.lyrics_access AS access FROM tracks JOIN albums ON albums.id = tracks.album_id WHERE tracks.id = ?1")
    .bind(trackId)
    .first<{ access: LyricsAccess }>();
  return row?.access ?? null;
}

/** Sets who may read a release's lyrics; false for an unknown release. */
export async function saveLyricsAccess(db: DB, actor: Actor, albumId: string, access: LyricsAccess, now = Date.now()): Promise<boolean> {
  const [found] = await db.$client.batch([
    db.$client.prepare("SELECT 1 FROM albums WHERE id = ?1").bind(albumId),
    db.$client.prepare("UPDATE albums SET lyrics_access = ?2 WHERE id = ?1 AND lyrics_access <> ?2").bind(albumId, access),
    auditIfChanged(db, { actor, action: "album.lyrics_access", targetType: "album", targetId: albumId, summary: { after: { access } } }, now),
  ]);
  return found!.results.length > 0;
}

export type CreditsSave = { saved: true } | { saved: false; reason: "track_not_found" | "isrc_taken" };

/** Replaces a track's credits, ISRC, label and recording day at once. */
export async function saveCredits(db: DB, actor: Actor, trackId: string, body: CreditsBody, now = Date.now()): Promise<CreditsSave> {
  const client = db.$client;
  try {
    const [updated] = await client.batch([
      client
        .prepare("UPDATE tracks SET isrc = ?2, label = ?3, recorded_on = ?4 WHERE id = ?1")
        .bind(trackId, body.isrc, emptyToNull(body.label), body.recordedOn),
      // The rest runs only for a known track: each statement names it through tracks.
      client.prepare("DELETE FROM track_credits WHERE track_id = ?1").bind(trackId),
      ...body.credits.map((credit, position) =>
        client
          .prepare("INSERT INTO track_credits (track_id, position, role, name, detail) SELECT id, ?2, ?3, ?4, ?5 FROM tracks WHERE id = ?1")
          .bind(trackId, position, credit.role, credit.name, emptyToNull(credit.detail)),
      ),
      client
        .prepare(
          `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
           SELECT ?1, ?2, 'track.credits', 'track', ?3, ?4, ?5 FROM tracks WHERE id = ?3`,
        )
        .bind(actor.id, actor.email, trackId, JSON.stringify({ after: { credits: body.credits.length, isrc: body.isrc } }), now),
    ]);
    return updated!.meta.changes > 0 ? { saved: true } : { saved: false, reason: "track_not_found" };
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: tracks.isrc")) return { saved: false, reason: "isrc_taken" };
    throw error;
  }
}

/** A track's credits as the site shows them; null for an unknown track. */
export async function readCredits(db: DB, trackId: string): Promise<TrackCreditsResponse | null> {
  const [track, credits] = await db.$client.batch([
    db.$client.prepare("SELECT isrc, label, recorded_on FROM tracks WHERE id = ?1").bind(trackId),
    db.$client.prepare("SELECT role, name, detail, user_id FROM track_credits WHERE track_id = ?1 ORDER BY position").bind(trackId),
  ]);
  const row = track!.results[0] as { isrc: string | null; label: string | null; recorded_on: string | null } | undefined;
  if (!row) return null;
  // A credit that names a member links to them (decision 197); the others keep their three fields.
  const rows = credits!.results as (TrackCreditsResponse["credits"][number] & { user_id: string | null })[];
  const linked = rows.map(({ user_id, ...credit }) => (user_id ? { ...credit, memberId: user_id } : credit));
  return { credits: linked, isrc: row.isrc, label: row.label, recordedOn: row.recorded_on };
}

/** What a release's zip says of each track (decision 117): its credits, ISRC, label, recording day and lyrics as written. */
export type TrackZipDetails = TrackCreditsResponse & { lyrics: { locale: Locale; synced: boolean; body: string }[] };

/**
 * The credits and lyrics of `trackIds` by track, and who may read the release's lyrics, in one
 * batch; tracks without any are absent.
 */
export async function readZipDetails(
  db: DB,
  albumId: string,
  trackIds: readonly string[],
): Promise<{ access: LyricsAccess; tracks: Map<string, TrackZipDetails> }> {
  const ids = JSON.stringify(trackIds);
  const inRelease = "IN (SELECT value FROM json_each(?1))";
  const [tracks, credits, lyrics, album] = await db.$client.batch([
    db.$client.prepare(`SELECT id, isrc, label, recorded_on FROM tracks WHERE id ${inRelease}`).bind(ids),
    db.$client.prepare(`SELECT track_id, role, name, detail FROM track_credits WHERE track_id ${inRelease} ORDER BY track_id, position`).bind(ids),
    db.$client.prepare(`SELECT track_id, locale, synced, body FROM track_lyrics WHERE track_id ${inRelease} ORDER BY track_id, locale`).bind(ids),
    db.$client.prepare("SELECT lyrics_access FROM albums WHERE id = ?1").bind(albumId),
  ]);
  const byTrack = new Map<string, TrackZipDetails>();
  for (const row of tracks!.results as { id: string; isrc: string | null; label: string | null; recorded_on: string | null }[])
    byTrack.set(row.id, { credits: [], isrc: row.isrc, label: row.label, recordedOn: row.recorded_on, lyrics: [] });
  for (const row of credits!.results as ({ track_id: string } & TrackCreditsResponse["credits"][number])[])
    byTrack.get(row.track_id)?.credits.push({ role: row.role, name: row.name, detail: row.detail });
  for (const row of lyrics!.results as { track_id: string; locale: Locale; synced: number; body: string }[])
    byTrack.get(row.track_id)?.lyrics.push({ locale: row.locale, synced: row.synced === 1, body: row.body });
  const access = (album!.results[0] as { lyrics_access: LyricsAccess } | undefined)?.lyrics_access ?? "public";
  return { access, tracks: byTrack };
}

/**
 * Whether a member may read a release's VIP-only lyrics now, as GET …/lyrics lets them: a VIP or
 * an administrator, not banned. False without a member (a guest's order).
 */
export async function readsVipLyrics(db: DB, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const row = await db.$client
    .prepare(
      `SELECT (is_vip = 1 OR is_admin = 1 OR EXISTS (SELECT 1 FROM admins WHERE admins.user_id = users.id)) AS reads
       FROM users WHERE id = ?1 AND status = 'active'`,
    )
    .bind(userId)
    .first<{ reads: number }>();
  return row?.reads === 1;
}
