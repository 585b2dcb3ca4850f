// The derivation job (decision 121): reads the master from R2 as a stream, converts it frame by
// frame (worker/lib/flac) and writes the other format in parts, so memory stays a few megabytes
// whatever the track's length. It does its work only while the track still points at that master
// and waits for it ('pending'); a master it cannot read is marked 'failed' (no retry would help);
// anything else throws for the queue to retry.
import type { AppEnv } from "../../env";
import { FlacError, flacToWav, wavToFlac } from "../../lib/flac";
import { chunksOf, writeInParts } from "../../lib/r2-parts";
import { derivedKeyOf, type MasterFormatsMessage } from "./master-formats";
import { masterTags } from "./master-tags";

type Row = { master_key: string | null; master_format: "wav" | "flac" | null; derived_key: string | null; derived_state: string | null };

const CONTENT_TYPES = { wav: "audio/wav", flac: "audio/flac" } as const;

export async function deriveMasterFormat(env: AppEnv, { trackId, masterKey }: MasterFormatsMessage): Promise<void> {
  const row = await env.DB.prepare("SELECT master_key, master_format, derived_key, derived_state FROM tracks WHERE id = ?1").bind(trackId).first<Row>();
  // Replaced, removed, or already made by an earlier delivery: nothing to do.
  if (!row || row.master_key !== masterKey || row.derived_state !== "pending" || !row.master_format) return;
  const target = row.master_format === "wav" ? "flac" : "wav";
  const key = derivedKeyOf(masterKey);
  const master = await env.MEDIA.get(masterKey);
  if (!master) return markFailed(env, trackId, masterKey, "the master is not in R2");
  try {
    // A FLAC made from a WAV carries the catalog's tags (a WAV's own tags are not carried over).
    const tags = target === "flac" ? await masterTags(env, trackId) : undefined;
    const convert = (write: (bytes: Uint8Array) => Promise<void>) =>
      target === "flac" ? wavToFlac(chunksOf(master.body), write, tags) : flacToWav(chunksOf(master.body), write);
    await writeInParts(env.MEDIA, key, { httpMetadata: { contentType: CONTENT_TYPES[target] } }, convert);
  } catch (err) {
    if (err instanceof FlacError) return markFailed(env, trackId, masterKey, err.message);
    throw err;
  }
  const done = await env.DB.prepare(
    "UPDATE tracks SET derived_key = ?3, derived_format = ?4, derived_state = 'done' WHERE id = ?1 AND master_key = ?2 AND derived_state = 'pending'",
  )
    .bind(trackId, masterKey, key, target)
    .run();
  if (done.meta.changes > 0) return;
  // The master changed while this job ran: its output belongs to nobody (unless a twin delivery recorded the same key).
  const now = await env.DB.prepare("SELECT derived_key FROM tracks WHERE id = ?1").bind(trackId).first<{ derived_key: string | null }>();
  if (now?.derived_key !== key) await env.MEDIA.delete(key);
}

async function markFailed(env: AppEnv, trackId: string, masterKey: string, why: string) {
  await env.DB.prepare("UPDATE tracks SET derived_state = 'failed' WHERE id = ?1 AND master_key = ?2 AND derived_state = 'pending'")
    .bind(trackId, masterKey)
    .run();
  console.warn(`master formats: track ${trackId}'s master cannot be converted (${why}); sold in its own format only`);
}
