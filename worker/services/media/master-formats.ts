// A master's other lossless format (decision 121): wherever a track is pointed at a new master
// (the back office's upload, the folder import), masterStored queues a job on the jobs queue
// (CAMPAIGN_QUEUE, one message at a time) that decodes the master and writes the other format
// beside it. The derived key is the master's with the other extension, so a redelivered job
// writes the same object and its conditional update lands once. Small: the job and its codec
// (master-derive.ts) load with its first message.
import type { AppEnv } from "../../env";

export type MasterFormatsMessage = { type: "master_formats"; trackId: string; masterKey: string };

export const isMasterFormatsJob = (body: unknown): body is MasterFormatsMessage =>
  typeof body === "object" && body !== null && (body as { type?: unknown }).type === "master_formats";

/** Where a master's other format is kept: `masters/x-1a2b.wav` → `masters/x-1a2b.flac`. */
export const derivedKeyOf = (masterKey: string): string => masterKey.replace(/\.(wav|flac)$/, (_, ext: string) => (ext === "wav" ? ".flac" : ".wav"));

/** Call after the track points at `masterKey` (its derived_state 'pending'): the other format follows off the request. */
export async function masterStored(env: AppEnv, trackId: string, masterKey: string): Promise<void> {
  await env.CAMPAIGN_QUEUE.send({ type: "master_formats", trackId, masterKey } satisfies MasterFormatsMessage);
}

/** Masters queued again by each hourly run, at most. */
export const CATCH_UP_BATCH = 50;

/**
 * Masters still waiting for their other format (stored before migration 0086, which marked them
 * pending, or whose message was lost): queued again, a bounded number an hour. The job's own
 * checks make a second message for the same master harmless.
 */
export async function queuePendingMasters(env: AppEnv): Promise<number> {
  const { results } = await env.DB.prepare("SELECT id, master_key FROM tracks WHERE derived_state = 'pending' AND master_key IS NOT NULL ORDER BY id LIMIT ?1")
    .bind(CATCH_UP_BATCH)
    .all<{ id: string; master_key: string }>();
  if (results.length > 0)
    await env.CAMPAIGN_QUEUE.sendBatch(
      results.map((row) => ({ body: { type: "master_formats", trackId: row.id, masterKey: row.master_key } satisfies MasterFormatsMessage })),
    );
  return results.length;
}
