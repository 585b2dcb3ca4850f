// A bought release as one zip (decision 054): its files (stored objects, and small texts made on
// the spot) put in a STORED archive by worker/lib/stored-zip.ts. Why not fflate's streaming `Zip`:
// it writes a data descriptor (CRC and sizes) after each file and the central directory at the end,
// so those bytes exist only once every byte before them has been read, and it has no ZIP64. Its
// length is predictable, but a Range near the end would have to read the whole release first. Here
// each object's CRC-32 (fflate's, through ZipPassThrough) is known before the first byte: kept per
// object and ETag by a ChecksumStore, and computed by streaming the object once when missing. Then
// the length is exact before anything is sent, and any range is generated headers plus ranged reads.
// Memory stays bounded: objects are read as streams, a chunk at a time, never whole.
//
// A stored WAV goes in tagged (decision 175): the catalog's tags inserted on the way
// (worker/lib/wav-tags.ts), the stored object untouched. Its entry's length is the object's plus
// the tags'; its CRC is of the tagged bytes, kept under the object's ETag joined with a digest of
// the tags, so a title or cover changed in the catalog makes the next download read it again.
//
// Platform-free (no R2 or D1 types): the route hands in an ObjectSource over R2 and a
// ChecksumStore over D1; the Node tests hand in synthetic ones.
import { ZipPassThrough } from "fflate";
import { piecesInRange, zipLayout, type ZipLayout } from "../../lib/stored-zip";
import { piecesInWavRange, readWavLayout, taggedWavPieces, wavTagChunks } from "../../lib/wav-tags";
import type { Id3Tags } from "#contracts/id3v24.ts";

export type ObjectSource = {
  /** The object's size and ETag; null when there is none. */
  head(key: string): Promise<{ size: number; etag: string } | null>;
  /** `length` bytes of the object from `offset`, if it still has that ETag; null otherwise. */
  read(key: string, etag: string, offset: number, length: number): Promise<ReadableStream<Uint8Array> | null>;
};

export type StoredChecksum = { key: string; etag: string; size: number; crc32: number };

export type ChecksumStore = {
  /** The CRC-32 of each object kept for exactly this ETag, by key. */
  find(objects: readonly { key: string; etag: string }[]): Promise<Map<string, number>>;
  save(rows: readonly StoredChecksum[]): Promise<void>;
};

/** A WAV's tags as the catalog gives them; the cover is an object (the release's cover, a file of the same zip). */
export type WavTags = Omit<Id3Tags, "cover"> & { cover: { key: string; mime: string } | null };

/** A file of the archive: an object to read (a WAV tagged on the way when it has `wavTags`), or bytes made for it (the credits). */
export type ZipFile = { name: string; key: string; wavTags?: WavTags } | { name: string; bytes: Uint8Array };

type StoredObject = { key: string; etag: string; size: number };

/** A stored WAV's tags, ready: the chunks to insert (the cover as its object), and the ETag its tagged bytes' CRC is kept under. */
type TaggedWav = { object: StoredObject; chunks: (Uint8Array | StoredObject)[]; cover: StoredObject | null; checksumEtag: string };

type PlannedFile = { name: string; size: number; crc32: number | null } & ({ key: string; etag: string; wav?: TaggedWav } | { bytes: Uint8Array });

export type ReleaseZip = { files: PlannedFile[]; modified: Date; layout: ZipLayout; etag: string };

/** Bumped when the archive's bytes change for the same files (a new layout): old ETags stop matching. */
const ZIP_FORMAT_VERSION = 1;
/** Bumped when the tags put in a WAV change for the same catalog (the writer, the chunks): kept CRCs stop matching. */
const WAV_TAGS_VERSION = 1;

/** CRC-32 (the zip one) of chunks fed in order, by fflate. */
export class Crc32 {
  private readonly pass = new ZipPassThrough("");
  constructor() {
    this.pass.ondata = () => {};
  }
  update(chunk: Uint8Array) {
    this.pass.push(chunk);
  }
  digest(): number {
    this.pass.push(new Uint8Array(0), true);
    return this.pass.crc >>> 0;
  }
}

export function crc32Of(bytes: Uint8Array): number {
  const crc = new Crc32();
  crc.update(bytes);
  return crc.digest();
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The chunks a WAV's tags add, the cover standing for its bytes by `cover` (anything with its size). */
function wavTagParts<Cover extends { size: number }>({ cover: coverRef, ...tags }: WavTags, cover: Cover | null) {
  return wavTagChunks<Cover>({ ...tags, cover: coverRef && cover ? { mime: coverRef.mime, bytes: cover } : null });
}

const lengthOf = (parts: readonly (Uint8Array | { size: number })[]) =>
  parts.reduce((sum, part) => sum + (ArrayBuffer.isView(part) ? part.length : part.size), 0);

/** How many bytes a stored WAV grows by in the zip, with its cover `coverSize` long (null: none stored). */
export const wavTagsLength = (tags: WavTags, coverSize: number | null) => lengthOf(wavTagParts(tags, coverSize === null ? null : { size: coverSize }));

async function tagWav(object: StoredObject, tags: WavTags, cover: StoredObject | null): Promise<TaggedWav> {
  const chunks = wavTagParts(tags, cover);
  const digest = await sha256Hex(JSON.stringify([WAV_TAGS_VERSION, { ...tags, cover: cover && tags.cover ? [tags.cover.mime, cover.key, cover.etag] : null }]));
  return { object, chunks, cover, checksumEtag: `${object.etag}+tags-${digest.slice(0, 32)}` };
}

async function headOf(source: ObjectSource, key: string): Promise<StoredObject | null> {
  const found = await source.head(key);
  return found && { key, ...found };
}

const entriesOf = (files: readonly PlannedFile[]) => files.map((f) => ({ name: f.name, size: f.size, crc32: f.crc32 ?? 0 }));

/**
 * The archive of `files` as far as the objects' heads tell: its exact length and a strong ETag
 * (from the names, sizes and the objects' ETags, a WAV's tags too); the CRCs are still to come
 * (withChecksums). Null when an object is missing.
 */
export async function planZip(source: ObjectSource, files: readonly ZipFile[], modified: Date): Promise<ReleaseZip | null> {
  // Each object headed once: a WAV's cover is also a file of the zip.
  const heads = new Map<string, Promise<StoredObject | null>>();
  const head = (key: string) => heads.get(key) ?? heads.set(key, headOf(source, key)).get(key)!;
  const planned: PlannedFile[] = [];
  for (const file of files) {
    if ("bytes" in file) {
      planned.push({ name: file.name, size: file.bytes.length, crc32: crc32Of(file.bytes), bytes: file.bytes });
      continue;
    }
    const object = await head(file.key);
    if (!object) return null;
    if (!file.wavTags) {
      planned.push({ name: file.name, size: object.size, crc32: null, key: file.key, etag: object.etag });
      continue;
    }
    const cover = file.wavTags.cover && (await head(file.wavTags.cover.key));
    const wav = await tagWav(object, file.wavTags, cover);
    planned.push({ name: file.name, size: object.size + lengthOf(wav.chunks), crc32: null, key: file.key, etag: object.etag, wav });
  }
  const layout = zipLayout(entriesOf(planned), { modified });
  const signature = planned.map((f) => [f.name, f.size, "bytes" in f ? f.crc32 : (f.wav?.checksumEtag ?? f.etag)]);
  const etag = `"${(await sha256Hex(JSON.stringify([ZIP_FORMAT_VERSION, modified.getTime(), signature]))).slice(0, 40)}"`;
  return { files: planned, modified, layout, etag };
}

/**
 * `length` bytes of an object from `offset`, as the source hands them out; an object that changed,
 * or gave more or fewer bytes than asked, throws.
 */
async function* objectBytes(source: ObjectSource, object: { key: string; etag: string }, offset: number, length: number): AsyncGenerator<Uint8Array> {
  const stream = await source.read(object.key, object.etag, offset, length);
  if (!stream) throw new Error(`zip: ${object.key} changed since the download began`);
  const reader = stream.getReader();
  let left = length;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      left -= value.length;
      if (left < 0) throw new Error(`zip: ${object.key} gave more bytes than asked`);
      yield value;
    }
  } finally {
    // Ended early (the download was cancelled, or a check above threw): R2's read stops too.
    await reader.cancel();
  }
  if (left !== 0) throw new Error(`zip: ${object.key} came ${left} bytes short`);
}

/** Bytes of an object read whole into memory: a few, for a WAV's layout. */
async function objectSlice(source: ObjectSource, object: { key: string; etag: string }, offset: number, length: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of objectBytes(source, object, offset, length)) parts.push(chunk);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Bytes [from, from + length) of a planned file: its own bytes, the object's, or a WAV's tagged bytes. */
async function* fileBytes(source: ObjectSource, file: PlannedFile, from: number, length: number): AsyncGenerator<Uint8Array> {
  if ("bytes" in file) {
    yield file.bytes.subarray(from, from + length);
    return;
  }
  if (!file.wav) {
    yield* objectBytes(source, file, from, length);
    return;
  }
  const { object, chunks, cover } = file.wav;
  const layout = await readWavLayout((offset, size) => objectSlice(source, object, offset, size), object.size);
  for (const piece of piecesInWavRange(taggedWavPieces(layout, object.size, chunks), from, length)) {
    if ("bytes" in piece) yield piece.bytes;
    else yield* objectBytes(source, piece.object === "wav" ? object : cover!, piece.from, piece.length);
  }
}

/** The CRC-32 of a file's bytes in the archive, read once as a stream. */
async function checksumFile(source: ObjectSource, file: PlannedFile): Promise<number> {
  const crc = new Crc32();
  for await (const chunk of fileBytes(source, file, 0, file.size)) crc.update(chunk);
  return crc.digest();
}

/**
 * The plan with every CRC known: from the store where it has them for these ETags, else by reading
 * the objects (one at a time), and saved for the next download. The layout then holds the real
 * header bytes; its length and ETag are the plan's. A tagged WAV's CRC is kept under its object's
 * key and size, with the ETag that names its tags too.
 */
export async function withChecksums(source: ObjectSource, store: ChecksumStore, zip: ReleaseZip): Promise<ReleaseZip> {
  const stored = zip.files.flatMap((f) => ("bytes" in f ? [] : [f]));
  const keptAs = (f: (typeof stored)[number]) => ({ key: f.key, etag: f.wav?.checksumEtag ?? f.etag });
  const known = stored.length > 0 ? await store.find(stored.map(keptAs)) : new Map<string, number>();
  const computed: StoredChecksum[] = [];
  for (const file of stored) {
    if (known.has(file.key)) continue;
    const crc32 = await checksumFile(source, file);
    known.set(file.key, crc32);
    computed.push({ ...keptAs(file), size: file.wav?.object.size ?? file.size, crc32 });
  }
  if (computed.length > 0) await store.save(computed);
  const files = zip.files.map((f) => ("bytes" in f ? f : { ...f, crc32: known.get(f.key)! }));
  const layout = zipLayout(entriesOf(files), { modified: zip.modified });
  if (layout.size !== zip.layout.size) throw new Error("zip: the layout's length moved with its checksums");
  return { ...zip, files, layout };
}

/**
 * Bytes [offset, offset + length) of the archive (the whole of it by default) as a stream that
 * reads each object only as the consumer pulls: one chunk in hand at a time. A stored object that
 * changed or came short errors the stream (the response's length then tells the client).
 */
export function zipStream(source: ObjectSource, zip: ReleaseZip, range = { offset: 0, length: zip.layout.size }): ReadableStream<Uint8Array> {
  if (zip.files.some((f) => f.crc32 === null)) throw new Error("zip: checksums first (withChecksums)");
  async function* archiveBytes(): AsyncGenerator<Uint8Array> {
    for (const piece of piecesInRange(zip.layout, range.offset, range.length)) {
      if ("bytes" in piece) yield piece.bytes;
      else yield* fileBytes(source, zip.files[piece.entry]!, piece.from, piece.length);
    }
  }
  const bytes = archiveBytes();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await bytes.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await bytes.return(undefined);
    },
  });
}
