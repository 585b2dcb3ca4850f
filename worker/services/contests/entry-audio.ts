// The one place a stored file becomes an entry's audio (decisions 184 and 194): the single PUT and
// the resumable upload's complete both come here, so they agree on the duration's limits, on the
// conditional write that submits the entry, on deleting the file it replaces, and on what runs
// once an entry's audio is stored (`entryAudioStored`: its streaming copy and waveform queued).
import type { DB } from "../../db/client";
import type { AppEnv } from "../../env";
import { setEntryAudio, type EntryRow } from "../../db/contests/entries";
import { deleteObjects } from "../media/catalog-uploads";
import { entryAudioStored } from "./entry-stream";
import { ENTRY_DURATION_MAX_SECONDS, ENTRY_DURATION_MIN_SECONDS } from "#contracts/contests/limits.ts";

export type EntryAudio = { key: string; format: string; bytes: number; durationSeconds: number };

/** The remix's playing time in whole seconds when the probe read one within the contest's limits, else null. */
export function entrySeconds(seconds: number | null): number | null {
  if (seconds === null || seconds < ENTRY_DURATION_MIN_SECONDS || seconds > ENTRY_DURATION_MAX_SECONDS) return null;
  return Math.round(seconds);
}

/**
 * Sets the stored file as the entry's audio (submitting it) in one conditional write; with
 * `fromUpload`, that resumable upload is finished in the same batch. The file it replaces is
 * deleted. False when the write was refused (the window closed, the entry withdrawn or changed,
 * the upload no longer live): the caller decides what becomes of the new file.
 */
export async function attachEntryAudio(env: AppEnv, db: DB, entry: EntryRow, audio: EntryAudio, now: number, fromUpload?: string): Promise<boolean> {
  if (!(await setEntryAudio(db, entry, audio, now, fromUpload))) return false;
  if (entry.audio_key !== audio.key) await deleteObjects(env.MEDIA, [entry.audio_key]);
  await entryAudioStored(env, entry, audio.key);
  return true;
}
