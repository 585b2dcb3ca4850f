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
// Platform-free (no R2 or D1 types): the route hands in an ObjectSource over R2 and a
// ChecksumStore over D1; the Node tests hand in synthetic ones.
import { ZipPassThrough } from "fflate";
import { piecesInRange, zipLayout, type ZipLayout } from "../../lib/stored-zip";

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

/** A file of the archive: an object to read, or bytes made for it (the credits). */
export type ZipFile = { name: string; key: string } | { name: string; bytes: Uint8Array };

type PlannedFile = { name: string; size: number; crc32: number | null } & ({ key: string; etag: string } | { bytes: Uint8Array });

export type ReleaseZip = { files: PlannedFile[]; modified: Date; layout: ZipLayout; etag: string };

/** Bumped when the archive's bytes change for the same files (a new layout): old ETags stop matching. */
const ZIP_FORMAT_VERSION = 1;

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

const entriesOf = (files: readonly PlannedFile[]) => files.map((f) => ({ name: f.name, size: f.size, crc32: f.crc32 ?? 0 }));

/**
 * The archive of `files` as far as the objects' heads tell: its exact length and a strong ETag
 * (from the names, sizes and the objects' ETags); the CRCs are still to come (withChecksums).
 * Null when an object is missing.
 */
export async function planZip(source: ObjectSource, files: readonly ZipFile[], modified: Date): Promise<ReleaseZip | null> {
  const planned: PlannedFile[] = [];
  for (const file of files) {
    if ("bytes" in file) {
      planned.push({ name: file.name, size: file.bytes.length, crc32: crc32Of(file.bytes), bytes: file.bytes });
      continue;
    }
    const head = await source.head(file.key);
    if (!head) return null;
    planned.push({ name: file.name, size: head.size, crc32: null, key: file.key, etag: head.etag });
  }
  const layout = zipLayout(entriesOf(planned), { modified });
  const signature = planned.map((f) => [f.name, f.size, "etag" in f ? f.etag : f.crc32]);
  const etag = `"${(await sha256Hex(JSON.stringify([ZIP_FORMAT_VERSION, modified.getTime(), signature]))).slice(0, 40)}"`;
  return { files: planned, modified, layout, etag };
}

/** Reads a whole stream through `onChunk`; the number of bytes it held. */
async function drain(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<number> {
  const reader = stream.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.length;
    onChunk(value);
  }
}

/** The CRC-32 of a stored object, read once as a stream. */
async function checksumObject(source: ObjectSource, file: { key: string; etag: string; size: number }): Promise<number> {
  const stream = await source.read(file.key, file.etag, 0, file.size);
  if (!stream) throw new Error(`zip: ${file.key} changed while being read`);
  const crc = new Crc32();
  const read = await drain(stream, (chunk) => crc.update(chunk));
  if (read !== file.size) throw new Error(`zip: ${file.key} gave ${read} of ${file.size} bytes`);
  return crc.digest();
}

/**
 * The plan with every CRC known: from the store where it has them for these ETags, else by reading
 * the objects (one at a time), and saved for the next download. The layout then holds the real
 * header bytes; its length and ETag are the plan's.
 */
export async function withChecksums(source: ObjectSource, store: ChecksumStore, zip: ReleaseZip): Promise<ReleaseZip> {
  const objects = zip.files.flatMap((f) => ("key" in f ? [{ key: f.key, etag: f.etag, size: f.size }] : []));
  const known = objects.length > 0 ? await store.find(objects) : new Map<string, number>();
  const computed: StoredChecksum[] = [];
  for (const object of objects) {
    if (known.has(object.key)) continue;
    const crc32 = await checksumObject(source, object);
    known.set(object.key, crc32);
    computed.push({ ...object, crc32 });
  }
  if (computed.length > 0) await store.save(computed);
  const files = zip.files.map((f) => ("key" in f ? { ...f, crc32: known.get(f.key)! } : f));
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
  const pieces = piecesInRange(zip.layout, range.offset, range.length);
  let next = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let left = 0;
  let current = "";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (reader) {
          const { done, value } = await reader.read();
          if (!done) {
            left -= value.length;
            if (left < 0) throw new Error(`zip: ${current} gave more bytes than asked`);
            controller.enqueue(value);
            return;
          }
          reader = null;
          if (left !== 0) throw new Error(`zip: ${current} came ${left} bytes short`);
        }
        const piece = pieces[next++];
        if (!piece) {
          controller.close();
          return;
        }
        if ("bytes" in piece) {
          controller.enqueue(piece.bytes);
          return;
        }
        const file = zip.files[piece.entry]!;
        if ("bytes" in file) {
          controller.enqueue(file.bytes.subarray(piece.from, piece.from + piece.length));
          return;
        }
        const stream = await source.read(file.key, file.etag, piece.from, piece.length);
        if (!stream) throw new Error(`zip: ${file.key} changed since the download began`);
        reader = stream.getReader();
        left = piece.length;
        current = file.key;
      }
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  });
}
