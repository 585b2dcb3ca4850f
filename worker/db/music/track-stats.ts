// Track analytics from track_plays and track_preview_plays: full and preview plays per track over
// a period, named from the catalog or, for a track since deleted, from retired_tracks. One D1
// batch.
import type { DB } from "../client";
import { DAY_MS } from "../../lib/time";
import type { TrackAnalyticsResponse, TrackPeriod, TrackStatsRow } from "#contracts/admin/analytics.ts";
import { round2 } from "../../lib/analytics/figures";

// Full plays and preview plays side by side, over the same period; a track with previews only is
// listed too.
const PER_TRACK_SQL = `SELECT p.track_id, p.plays, p.previews, p.last_played,
  coalesce(t.title, r.title, p.track_id) AS title, coalesce(a.title, r.album_title, '') AS album_title
FROM (
  SELECT track_id, sum(plays) AS plays, sum(previews) AS previews, max(last_played) AS last_played FROM (
    SELECT track_id, count(*) AS plays, 0 AS previews, max(played_at) AS last_played FROM track_plays WHERE played_at >= ?1 GROUP BY track_id
    UNION ALL
    SELECT track_id, 0, count(*), max(played_at) FROM track_preview_plays WHERE played_at >= ?1 GROUP BY track_id
  ) GROUP BY track_id
) AS p
LEFT JOIN tracks AS t ON t.id = p.track_id
LEFT JOIN albums AS a ON a.id = t.album_id
LEFT JOIN retired_tracks AS r ON r.id = p.track_id
ORDER BY p.plays DESC, p.previews DESC, p.last_played DESC, title`;

type PerTrack = { track_id: string; plays: number; previews: number; last_played: number; title: string; album_title: string };

export async function readTrackStats(db: DB, period: TrackPeriod, now = Date.now()): Promise<TrackAnalyticsResponse> {
  const since = period === "all" ? 0 : now - Number(period) * DAY_MS;
  const [perTrack, first] = await db.$client.batch([
    db.$client.prepare(PER_TRACK_SQL).bind(since),
    db.$client.prepare("SELECT min(played_at) AS at FROM track_plays"),
  ]);
  const rows = (perTrack?.results ?? []) as PerTrack[];
  const firstPlay = (first?.results as { at: number | null }[] | undefined)?.[0]?.at ?? null;
  // "All time" runs from the first play ever; a period shorter than a day still counts as one.
  const days = period === "all" ? Math.max(1, Math.ceil((now - (firstPlay ?? now)) / DAY_MS)) : Number(period);
  const tracks = rows.map((r): TrackStatsRow => ({
    trackId: r.track_id,
    title: r.title,
    albumTitle: r.album_title,
    totalPlays: r.plays,
    previewPlays: r.previews,
    dailyAvg: round2(r.plays / days),
    weeklyAvg: round2((r.plays / days) * 7),
    monthlyAvg: round2((r.plays / days) * 30),
    lastPlayed: new Date(r.last_played).toISOString(),
  }));
  const totalPlays = tracks.reduce((sum, t) => sum + t.totalPlays, 0);
  const totalPreviewPlays = tracks.reduce((sum, t) => sum + t.previewPlays, 0);
  const lastPlayed = rows.reduce<number | null>((latest, r) => (latest === null || r.last_played > latest ? r.last_played : latest), null);
  return {
    period,
    totalPlays,
    totalPreviewPlays,
    // Rows come most played first; a period with previews only has no top track.
    topTrack: tracks[0] && tracks[0].totalPlays > 0 ? { title: tracks[0].title, plays: tracks[0].totalPlays } : null,
    dailyAverage: round2(totalPlays / days),
    lastPlayed: lastPlayed === null ? null : new Date(lastPlayed).toISOString(),
    tracks,
  };
}
