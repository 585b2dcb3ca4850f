// A track's lossless master (decision 054): the R2 key and format sold as a download beside its
// MP3, set or removed by the back office, audited in the same batch (only when a track changed);
// with its header's facts, and its other format to be made again (decision 121).
import { eq } from "drizzle-orm";
import type { DB } from "../client";
import { tracks } from "../schema/music";
import { auditIfChanged, type Actor } from "../audit";
import { toAdminTrack } from "./admin-catalog";
import type { AdminTrack } from "#contracts/music/admin-catalog.ts";
import type { PcmFacts } from "../../lib/audio-probe";

export type MasterFormat = "wav" | "flac";

/**
 * Points the track at a new master (or none); returns the track and the key it had, to delete
 * after this write; null for an unknown track (nothing written, no audit row). `shown` is the
 * master the admin's page showed, for the audit row's "before".
 */
export async function setTrackMaster(
  db: DB,
  actor: Actor,
  id: string,
  master: { key: string; format: MasterFormat; facts?: PcmFacts | null } | null,
  shown: string | null,
  now = Date.now(),
): Promise<{ previous: string | null; track: AdminTrack } | null> {
  const d1 = db.$client;
  const facts = master?.facts ?? null;
  const [before] = await d1.batch<{ master_key: string | null; master_format: MasterFormat | null }>([
    d1.prepare("SELECT master_key, master_format FROM tracks WHERE id = ?1").bind(id),
    // A new master's other format is yet to be made (decision 121): the old one's is forgotten.
    d1
      .prepare(
        `UPDATE tracks SET master_key = ?2, master_format = ?3, master_sample_rate = ?4, master_bit_depth = ?5, master_channels = ?6,
           derived_key = NULL, derived_format = NULL, derived_state = ?7 WHERE id = ?1`,
      )
      .bind(
        id,
        master?.key ?? null,
        master?.format ?? null,
        facts?.sampleRate ?? null,
        facts?.bitDepth ?? null,
        facts?.channels ?? null,
        master ? "pending" : null,
      ),
    auditIfChanged(
      db,
      {
        actor,
        action: master ? "track.master" : "track.master_remove",
        targetType: "track",
        targetId: id,
        summary: { before: { master: shown }, after: { master: master?.key ?? null, format: master?.format ?? null } },
      },
      now,
    ),
  ]);
  const previous = before?.results[0];
  if (!previous) return null;
  const row = await db.select().from(tracks).where(eq(tracks.id, id)).get();
  if (!row) return null;
  return { previous: previous.master_key, track: toAdminTrack(row) };
}
