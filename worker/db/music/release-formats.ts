// Which download formats a release is sold in (decision 054): MP3 always (every track has one),
// and a lossless format when every track of the release has it: its master's, or the other one
// made from the master (decision 121), so a release whose tracks all have masters sells MP3, FLAC and WAV.
import type { DB } from "../client";
import type { DownloadFormat } from "#contracts/store/model.ts";

export type Release = { albumId: string; trackId?: undefined } | { trackId: string; albumId?: undefined };

export async function releaseFormats(db: DB, release: Release): Promise<DownloadFormat[]> {
  const where = release.albumId ? "album_id = ?" : "id = ?";
  const row = await db.$client
    .prepare(
      `SELECT COUNT(*) AS tracks,
         SUM(master_format = 'wav' OR (derived_state = 'done' AND derived_format = 'wav')) AS wav,
         SUM(master_format = 'flac' OR (derived_state = 'done' AND derived_format = 'flac')) AS flac
       FROM tracks WHERE ${where} AND audio_key IS NOT NULL`,
    )
    .bind(release.albumId ?? release.trackId)
    .first<{ tracks: number; wav: number | null; flac: number | null }>();
  if (!row || row.tracks === 0) return [];
  const formats: DownloadFormat[] = ["mp3"];
  if (row.wav === row.tracks) formats.push("wav");
  if (row.flac === row.tracks) formats.push("flac");
  return formats;
}
