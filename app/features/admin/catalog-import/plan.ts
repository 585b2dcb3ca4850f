// The reviewed draft as the Worker's import plan (decision 119), and back: which file of the
// folder (or which MP3 made from a master, or which embedded picture) goes into each slot the
// Worker answers. Tracks are sent sorted by disc and number, the order the Worker stores and
// answers them in, so the n-th track answered is the n-th sent.
import type {
  IMPORT_AUDIO_FORMATS,
  IMPORT_COVER_FORMATS,
  IMPORT_MASTER_FORMATS,
  ImportFile,
  ImportFileFormat,
  ImportPlan,
  ImportState,
} from "#contracts/music/admin-catalog-import.ts";
import { taggedMp3, type Id3Tags } from "#contracts/id3v24.ts";
import type { DraftRelease, DraftTrack } from "./model";
import type { FileKind } from "./sniff";

/** A file the import holds in the page: the dropped File (or a zip's entry), its name and kind. */
export type HeldFile = { blob: Blob; name: string; kind: FileKind; sampleRate?: number; embeddedCover?: { mime: string; bytes: Uint8Array } };

const AUDIO_FORMAT: Partial<Record<FileKind, AudioFormat>> = { mp3: "mp3", m4a: "m4a" };
const MASTER_FORMAT: Partial<Record<FileKind, MasterFormat>> = { flac: "flac", wav: "wav" };
const IMAGE_FORMAT: Partial<Record<FileKind, CoverFormat>> = { jpeg: "jpeg", png: "png", webp: "webp" };
const COVER_FORMAT: Record<string, CoverFormat> = { "image/jpeg": "jpeg", "image/jpg": "jpeg", "image/png": "png", "image/webp": "webp" };
const COVER_MIME: Record<CoverFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

const byPlace = (a: DraftTrack, b: DraftTrack) => a.disc - b.disc || (a.number ?? 0) - (b.number ?? 0);
const stem = (name: string) => name.replace(/\.[^.]+$/, "");

/** One file to send, before the Worker has named its slot. */
type Wanted<F extends ImportFileFormat = ImportFileFormat> = { name: string; format: F; blob: Blob };
type AudioFormat = (typeof IMPORT_AUDIO_FORMATS)[number];
type MasterFormat = (typeof IMPORT_MASTER_FORMATS)[number];
export type CoverFormat = (typeof IMPORT_COVER_FORMATS)[number];

function coverOf(release: DraftRelease, files: ReadonlyMap<string, HeldFile>): Wanted<CoverFormat> | null {
  const held = release.coverFileId ? files.get(release.coverFileId) : undefined;
  if (!held) return null;
  const format = IMAGE_FORMAT[held.kind];
  if (format) return { name: held.name, format, blob: held.blob };
  const embedded = held.embeddedCover;
  const embeddedFormat = embedded && COVER_FORMAT[embedded.mime.toLowerCase()];
  if (!embedded || !embeddedFormat) return null;
  return {
    name: `${stem(held.name)}.${embeddedFormat === "jpeg" ? "jpg" : embeddedFormat}`,
    format: embeddedFormat,
    blob: new Blob([embedded.bytes as Uint8Array<ArrayBuffer>], { type: embedded.mime }),
  };
}

/** What the Worker stores of a text (userText): NFC, trimmed. */
const stored = (text: string) => text.normalize("NFC").trim();

/**
 * The tags of an MP3 made from a master: what the catalog will hold (the stored title, the track's
 * place 1..n in the release, the album's year, the ISRC as the Worker normalises it), the site's
 * artist and the release's cover; disc 1, as the catalog has no discs (the FLAC the Worker makes
 * from a master says the same). Resuming an import builds the same from the Worker's answer, so
 * the same master makes the same bytes again.
 */
export function importMp3Tags(
  album: { title: string; year: number },
  track: { title: string; number: number; isrc: string | null },
  trackCount: number,
  artist: string,
  cover: { format: CoverFormat; blob: Blob } | null,
): Id3Tags {
  return {
    title: stored(track.title),
    artist,
    album: stored(album.title),
    trackNumber: track.number,
    trackCount,
    discNumber: 1,
    year: album.year,
    isrc: track.isrc ? track.isrc.replace(/-/g, "").trim().toUpperCase() : null,
    cover: cover && { mime: COVER_MIME[cover.format], bytes: cover.blob },
  };
}

function streamingOf(track: DraftTrack, files: ReadonlyMap<string, HeldFile>, encoded: ReadonlyMap<string, Blob>, tags: () => Id3Tags): Wanted<AudioFormat> {
  const held = track.streamingFileId ? files.get(track.streamingFileId) : undefined;
  if (held) return { name: held.name, format: AUDIO_FORMAT[held.kind]!, blob: held.blob };
  const mp3 = encoded.get(track.key);
  const master = files.get(track.masterFileId ?? "");
  if (!mp3 || !master) throw new Error(`No streaming file for ${track.key}`);
  return { name: `${stem(master.name)}.mp3`, format: "mp3", blob: taggedMp3(mp3, tags()) };
}

export type BuiltPlan = { plan: ImportPlan; blobs: (state: ImportState) => { slot: ImportFile; blob: Blob }[] };

/** `encoded`: the encoder's MP3 of each track that needs one (by track key), tagged here for `artist`. */
export function buildPlan(
  releases: readonly DraftRelease[],
  files: ReadonlyMap<string, HeldFile>,
  encoded: ReadonlyMap<string, Blob>,
  artist: string,
): BuiltPlan {
  const wanted: { cover: Wanted | null; tracks: { audio: Wanted; master: Wanted<MasterFormat> | null }[] }[] = [];
  const plan: ImportPlan = {
    releases: releases.map((release) => {
      const cover = coverOf(release, files);
      const tracks = [...release.tracks].sort(byPlace);
      const year = release.year ?? new Date().getFullYear();
      const sent = tracks.map((track, i) => {
        const master = track.masterFileId ? files.get(track.masterFileId) : undefined;
        // The Worker numbers the tracks 1..n in this order.
        const tags = () =>
          importMp3Tags({ title: release.title, year }, { title: track.title, number: i + 1, isrc: track.isrc || null }, tracks.length, artist, cover);
        return {
          audio: streamingOf(track, files, encoded, tags),
          master: master ? { name: master.name, format: MASTER_FORMAT[master.kind]!, blob: master.blob } : null,
        };
      });
      wanted.push({ cover, tracks: sent });
      const type: "Album" | "Single" = tracks.length > 3 ? "Album" : "Single";
      return {
        title: release.title.trim(),
        type,
        year,
        cover: cover && { name: cover.name, format: cover.format, size: cover.blob.size },
        tracks: tracks.map((track, i) => ({
          title: track.title.trim(),
          disc: track.disc,
          number: track.number ?? i + 1,
          ...(Math.round(track.durationSeconds ?? 0) > 0 ? { durationSeconds: Math.round(track.durationSeconds!) } : {}),
          isrc: track.isrc || null,
          credits: track.credits.map((c) => ({ role: c.role, name: c.name, detail: c.detail ?? null })),
          lyrics: track.lyrics ? [{ locale: track.lyrics.language, synced: track.lyrics.synced, body: track.lyrics.text }] : [],
          audio: { name: sent[i]!.audio.name, format: sent[i]!.audio.format, size: sent[i]!.audio.blob.size },
          master: sent[i]!.master && { name: sent[i]!.master!.name, format: sent[i]!.master!.format, size: sent[i]!.master!.blob.size },
        })),
      };
    }),
  };
  const blobs = (state: ImportState) => {
    const slots = new Map(state.files.map((f) => [f.id, f]));
    const out: { slot: ImportFile; blob: Blob }[] = [];
    const add = (id: string | null, item: Wanted | null | undefined) => {
      const slot = id ? slots.get(id) : undefined;
      if (slot && item) out.push({ slot, blob: item.blob });
    };
    state.albums.forEach((album, r) => {
      add(album.coverFileId, wanted[r]?.cover);
      album.tracks.forEach((track, t) => {
        add(track.audioFileId, wanted[r]?.tracks[t]?.audio);
        add(track.masterFileId, wanted[r]?.tracks[t]?.master);
      });
    });
    return out;
  };
  return { plan, blobs };
}
