// The streaming copy's job (decision 195): reads the entry's file from R2 as a stream and, for a
// WAV or FLAC, decodes it block by block (worker/lib/flac), encodes each block to MP3
// (worker/lib/mp3/encode.ts) and writes the copy in 8 MiB parts, tagged as our other MP3s (ID3v2.4:
// the entry's title, the remixer, the contest as the album); the waveform's peaks come from the
// same samples. An MP3 entry is its own copy, its peaks read from its frames' side information
// (worker/lib/mp3/granules.ts, an approximation). Memory stays a few megabytes whatever the length.
// The job works only while the entry still points at that audio and waits ('pending'); a file it
// cannot read is 'failed' (no retry would help); anything else throws for the queue to retry.
import type { AppEnv } from "../../env";
import { FlacError } from "../../lib/flac";
import { readPcm, type PcmBlock } from "../../lib/flac/pcm";
import { Mp3Error, mp3GranuleLevels } from "../../lib/mp3/granules";
import { StreamingMp3Encoder } from "../../lib/mp3/encode";
import { PeakCollector, peaksToText } from "../../lib/peaks";
import { chunksOf, writeInParts } from "../../lib/r2-parts";
import { id3v24Bytes } from "#contracts/id3v24.ts";
import { streamKeyOf, type EntryStreamMessage } from "./entry-stream";

type Row = { audio_key: string | null; audio_format: string | null; stream_state: string | null; title: string; username: string; contest_title: string };

export async function makeEntryStream(env: AppEnv, { entryId, audioKey }: EntryStreamMessage): Promise<void> {
  const row = await env.DB.prepare(
    `SELECT e.audio_key, e.audio_format, e.stream_state, e.title, u.username, c.title_en AS contest_title
       FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contests c ON c.id = e.contest_id WHERE e.id = ?1`,
  )
    .bind(entryId)
    .first<Row>();
  // Replaced, withdrawn of its audio, or already made by an earlier delivery: nothing to do.
  if (!row || row.audio_key !== audioKey || row.stream_state !== "pending") return;
  const format = row.audio_format;
  if (format !== "wav" && format !== "flac" && format !== "mp3") return markFailed(env, entryId, audioKey, `an audio format it does not take (${format})`);
  const file = await env.MEDIA.get(audioKey);
  if (!file) return markFailed(env, entryId, audioKey, "the file is not in R2");
  const key = streamKeyOf(audioKey, format);
  const peaks = new PeakCollector();
  try {
    if (format === "mp3") await mp3GranuleLevels(chunksOf(file.body), (level) => peaks.add(level));
    else {
      const tags = id3v24Bytes({ title: row.title, artist: row.username, album: row.contest_title, trackNumber: 1, discNumber: 1 });
      await writeInParts(env.MEDIA, key, { httpMetadata: { contentType: "audio/mpeg" } }, async (write) => {
        const pcm = await readPcm(chunksOf(file.body), format);
        const encoder = new StreamingMp3Encoder(pcm.format);
        const fullScale = 2 ** (pcm.format.bitsPerSample - 1);
        await write(tags);
        for await (const block of pcm.blocks) {
          peaks.add(blockPeak(block) / fullScale);
          const mp3 = encoder.encode(block.channels, block.frames);
          if (mp3.length > 0) await write(mp3);
        }
        await write(encoder.finish());
      });
    }
  } catch (err) {
    if (err instanceof FlacError || err instanceof Mp3Error) return markFailed(env, entryId, audioKey, err.message);
    throw err;
  }
  const done = await env.DB.prepare(
    "UPDATE contest_entries SET stream_key = ?3, stream_state = 'ready', peaks = ?4 WHERE id = ?1 AND audio_key = ?2 AND stream_state = 'pending'",
  )
    .bind(entryId, audioKey, key, peaksToText(peaks.peaks()))
    .run();
  if (done.meta.changes > 0 || key === audioKey) return;
  // The audio changed while this job ran: its copy belongs to nobody (unless a twin delivery recorded the same key).
  const now = await env.DB.prepare("SELECT stream_key FROM contest_entries WHERE id = ?1").bind(entryId).first<{ stream_key: string | null }>();
  if (now?.stream_key !== key) await env.MEDIA.delete(key);
}

/** The block's loudest sample, any channel, as a magnitude. */
function blockPeak({ channels, frames }: PcmBlock): number {
  let top = 0;
  for (const samples of channels)
    for (let i = 0; i < frames; i++) {
      const v = samples[i]!;
      if (v > top) top = v;
      else if (-v > top) top = -v;
    }
  return top;
}

async function markFailed(env: AppEnv, entryId: string, audioKey: string, why: string) {
  await env.DB.prepare("UPDATE contest_entries SET stream_state = 'failed' WHERE id = ?1 AND audio_key = ?2 AND stream_state = 'pending'")
    .bind(entryId, audioKey)
    .run();
  console.warn(`contest entries: entry ${entryId}'s audio cannot be read for its streaming copy (${why}); the original plays`);
}
