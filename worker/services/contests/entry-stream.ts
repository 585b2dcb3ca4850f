// A contest entry's streaming copy and waveform (decision 195): once its audio is stored,
// entryAudioStored marks it pending and queues a job on the jobs queue (CAMPAIGN_QUEUE, as the
// masters' other format is) that reads the file from R2, writes an MP3 beside it for WAV and FLAC
// (an MP3 entry plays as it is) and the waveform's peaks onto the row. The copy's key follows from
// the original's, so a redelivered job writes the same object and its conditional update lands
// once. Small: the job and its codecs (entry-stream-job.ts) load with its first message.
import type { AppEnv } from "../../env";

export type EntryStreamMessage = { type: "contest_entry_stream"; entryId: string; audioKey: string };

export const isEntryStreamJob = (body: unknown): body is EntryStreamMessage =>
  typeof body === "object" && body !== null && (body as { type?: unknown }).type === "contest_entry_stream";

/** Where an entry's streaming copy is kept: `contest-entries/x-1a2b.wav` → `contest-entries/x-1a2b.stream.mp3`; an MP3 is its own. */
export const streamKeyOf = (audioKey: string, format: string | null): string =>
  format === "mp3" ? audioKey : audioKey.replace(/\.[a-z0-9]+$/, "") + ".stream.mp3";

/**
 * Call once the entry points at `audioKey`: the old copy goes, the new one is pending and queued.
 * `previousStreamKey` is the copy of the audio it replaced (deleted unless it was that audio itself,
 * which the upload deletes).
 */
export async function entryAudioStored(
  env: AppEnv,
  entry: { id: string; audio_key: string | null; stream_key?: string | null },
  audioKey: string,
  now = Date.now(),
): Promise<void> {
  await env.DB.prepare(
    "UPDATE contest_entries SET stream_state = 'pending', stream_key = NULL, peaks = NULL, stream_queued_at = ?3, stream_attempts = 0 WHERE id = ?1 AND audio_key = ?2",
  )
    .bind(entry.id, audioKey, now)
    .run();
  if (entry.stream_key && entry.stream_key !== entry.audio_key && entry.stream_key !== audioKey) await env.MEDIA.delete(entry.stream_key);
  await env.CAMPAIGN_QUEUE.send({ type: "contest_entry_stream", entryId: entry.id, audioKey } satisfies EntryStreamMessage);
}

/** Entries queued again by each hourly run, at most, and how long a queued one waits before. */
export const STREAM_CATCH_UP_BATCH = 50;
export const STREAM_CATCH_UP_AFTER_MS = 30 * 60_000;
/**
 * How many times the catch-up queues one entry again before giving it up as failed (the original
 * plays): a job that dies past its CPU every time would otherwise be queued every hour for ever.
 */
export const STREAM_CATCH_UP_ATTEMPTS = 3;

/**
 * Entries still pending a while after they were queued (stored before migration 0100, a lost
 * message, a job that kept failing): queued again, a bounded number an hour, each stamped in the
 * statement that picks it so a run that overlaps another picks other rows; one queued as often as
 * it may be is failed instead.
 */
export async function queuePendingEntryStreams(env: AppEnv, now: number): Promise<number> {
  const due = now - STREAM_CATCH_UP_AFTER_MS;
  await env.DB.prepare(
    `UPDATE contest_entries SET stream_state = 'failed'
      WHERE stream_state = 'pending' AND coalesce(stream_queued_at, 0) <= ?1 AND stream_attempts >= ?2`,
  )
    .bind(due, STREAM_CATCH_UP_ATTEMPTS)
    .run();
  const { results } = await env.DB.prepare(
    `UPDATE contest_entries SET stream_queued_at = ?1, stream_attempts = stream_attempts + 1
      WHERE id IN (SELECT id FROM contest_entries
                    WHERE stream_state = 'pending' AND audio_key IS NOT NULL AND status <> 'withdrawn'
                      AND coalesce(stream_queued_at, 0) <= ?2 AND stream_attempts < ?4
                    ORDER BY stream_queued_at, id LIMIT ?3)
      RETURNING id, audio_key`,
  )
    .bind(now, due, STREAM_CATCH_UP_BATCH, STREAM_CATCH_UP_ATTEMPTS)
    .all<{ id: string; audio_key: string }>();
  if (results.length > 0)
    await env.CAMPAIGN_QUEUE.sendBatch(
      results.map((row) => ({ body: { type: "contest_entry_stream", entryId: row.id, audioKey: row.audio_key } satisfies EntryStreamMessage })),
    );
  return results.length;
}
