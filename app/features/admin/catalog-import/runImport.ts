// The import after the review: MP3s made from the masters that need them, the plan sent (the
// Worker creates the drafts and a slot per file), then every file uploaded into its slot. The
// import's id is kept in sessionStorage until every file is done, so a reloaded page finds the
// unfinished import and, once the admin drops the same files again, sends what is missing.
import { api } from "../../../lib/api";
import { CATALOG_IMPORT_API } from "#contracts/music/admin-catalog-import-limits.ts";
import type { ImportFile, ImportState } from "#contracts/music/admin-catalog-import.ts";
import type { AdminSettingsResponse } from "#contracts/settings-model.ts";
import { encodeMaster } from "./encodeMaster";
import { taggedMp3 } from "#contracts/id3v24.ts";
import { needsEncoding, type DraftRelease } from "./model";
import { buildPlan, importMp3Tags, type CoverFormat, type HeldFile } from "./plan";
import { partApiOf, uploadFile } from "./upload";

const KEY = "catalog-import";

export const rememberedImport = () => sessionStorage.getItem(KEY);
export const forgetImport = () => sessionStorage.removeItem(KEY);

export const importStateOf = (importId: string, signal?: AbortSignal) => api<ImportState>(`${CATALOG_IMPORT_API}/${encodeURIComponent(importId)}`, { signal });

export type Progress =
  | { stage: "encoding"; name: string; fraction: number }
  | { stage: "creating" }
  | { stage: "uploading"; files: { id: string; name: string; size: number; uploaded: number }[] };

type Pair = { slot: ImportFile; blob: Blob };

/** The browser could not decode or encode this master: the page names it. */
export class EncodeError extends Error {
  constructor(
    readonly fileName: string,
    cause: unknown,
  ) {
    super(`Could not make the MP3 of ${fileName}`, { cause });
  }
}

async function mp3Of(master: HeldFile, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<Blob> {
  onProgress({ stage: "encoding", name: master.name, fraction: 0 });
  try {
    return await encodeMaster(master.blob, master.sampleRate, (fraction) => onProgress({ stage: "encoding", name: master.name, fraction }), signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EncodeError(master.name, error);
  }
}

/** The artist an MP3 made here names: the settings' (fresh, not the public page's minute-old copy). */
const artistName = async (signal?: AbortSignal) => (await api<AdminSettingsResponse>("/api/admin/settings", { signal })).settings.artistName;

async function uploadAll(importId: string, pairs: readonly Pair[], onProgress: (p: Progress) => void, signal?: AbortSignal) {
  const files = pairs.map(({ slot }) => ({ id: slot.id, name: slot.name, size: slot.size, uploaded: slot.state === "done" ? slot.size : slot.uploadedBytes }));
  onProgress({ stage: "uploading", files: [...files] });
  const parts = partApiOf(importId);
  // One file at a time: one part of one file in flight, whatever the folder's size.
  for (const [i, { slot, blob }] of pairs.entries()) {
    await uploadFile(parts, slot, blob, {
      signal,
      onProgress: (uploaded) => {
        files[i] = { ...files[i]!, uploaded };
        onProgress({ stage: "uploading", files: [...files] });
      },
    });
  }
}

/** Encodes what needs it, creates the drafts and uploads; resolves with the finished import. */
export async function runImport(
  releases: readonly DraftRelease[],
  held: ReadonlyMap<string, HeldFile>,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<ImportState> {
  const encoded = new Map<string, Blob>();
  for (const track of releases.flatMap((r) => r.tracks).filter(needsEncoding)) {
    const master = held.get(track.masterFileId!)!;
    onProgress({ stage: "encoding", name: master.name, fraction: 0 });
    encoded.set(
      track.key,
      await encodeMaster(master.blob, master.sampleRate, (fraction) => onProgress({ stage: "encoding", name: master.name, fraction }), signal),
    );
  }
  const built = buildPlan(releases, held, encoded, encoded.size > 0 ? await artistName(signal) : "");
  onProgress({ stage: "creating" });
  const state = await api<ImportState>(CATALOG_IMPORT_API, { method: "POST", json: built.plan, signal });
  sessionStorage.setItem(KEY, state.id);
  await uploadAll(state.id, built.blobs(state), onProgress, signal);
  forgetImport();
  return importStateOf(state.id, signal);
}

const stem = (name: string) => name.replace(/\.[^.]+$/, "");

/** A slot no dropped file was taken for: none of its name, or one of its name whose size differs. */
export type MissingFile = { slot: ImportFile; reason: "absent" | "other_size" };

/** The picture inside an audio file, sent as the cover `<audio's stem>.<ext>` (plan.ts). */
function embeddedCoverFor(slot: ImportFile, files: readonly HeldFile[]): Blob | undefined {
  const cover = files.find((f) => f.embeddedCover && stem(f.name) === stem(slot.name))?.embeddedCover;
  return cover && new Blob([cover.bytes as Uint8Array<ArrayBuffer>], { type: cover.mime });
}

/** The dropped file a slot was made for: its name and size, or (a cover) the picture inside the audio file of its name. */
function heldFor(slot: ImportFile, files: readonly HeldFile[]): Blob | undefined {
  const same =
    files.find((f) => f.name === slot.name && f.blob.size === slot.size)?.blob ?? (slot.kind === "cover" ? embeddedCoverFor(slot, files) : undefined);
  return same?.size === slot.size ? same : undefined;
}

/** The tags the first run wrote into a master's MP3, from what the Worker stored and the cover dropped again. */
function tagsAgain(state: ImportState, slot: ImportFile, files: readonly HeldFile[], artist: string) {
  const album = state.albums.find((a) => a.tracks.some((t) => t.audioFileId === slot.id));
  const track = album?.tracks.find((t) => t.audioFileId === slot.id);
  if (!album || !track) return null;
  const coverSlot = state.files.find((f) => f.id === album.coverFileId);
  const coverBlob = coverSlot && heldFor(coverSlot, files);
  // Without the cover the tag would differ from the first run's: the size check says so.
  const cover = coverSlot && coverBlob ? { format: coverSlot.format as CoverFormat, blob: coverBlob } : null;
  return importMp3Tags(album, track, album.tracks.length, artist, cover);
}

/**
 * Goes on with an unfinished import from files dropped again: each slot not done takes the file of
 * the same name and size; a streaming slot named after a master takes that master's MP3 made
 * again with the same tags (the same master makes the same bytes); a cover slot named after an
 * audio file takes the picture inside it. Resolves with the slots no file was found for, and why.
 */
export async function resumeImport(
  state: ImportState,
  held: ReadonlyMap<string, HeldFile>,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<{ state: ImportState; missing: MissingFile[] }> {
  const pairs: Pair[] = [];
  const missing: MissingFile[] = [];
  const files = [...held.values()];
  let artist: string | undefined;
  for (const slot of state.files.filter((f) => f.state !== "done" && f.state !== "failed")) {
    const named = files.filter((f) => f.name === slot.name);
    const same = named.find((f) => f.blob.size === slot.size)?.blob ?? (slot.kind === "cover" ? embeddedCoverFor(slot, files) : undefined);
    const master =
      !same && named.length === 0 && slot.format === "mp3"
        ? files.find((f) => (f.kind === "flac" || f.kind === "wav") && stem(f.name) === stem(slot.name))
        : undefined;
    const tags = master ? tagsAgain(state, slot, files, (artist ??= await artistName(signal))) : null;
    if (same && same.size === slot.size) pairs.push({ slot, blob: same });
    else if (master && tags) {
      // The size compared is the tagged file's: the one the plan announced.
      const mp3 = taggedMp3(await mp3Of(master, onProgress, signal), tags);
      if (mp3.size === slot.size) pairs.push({ slot, blob: mp3 });
      else missing.push({ slot, reason: "other_size" });
    } else missing.push({ slot, reason: named.length > 0 || same ? "other_size" : "absent" });
  }
  await uploadAll(state.id, pairs, onProgress, signal);
  if (missing.length === 0) forgetImport();
  return { state: await importStateOf(state.id, signal), missing };
}
