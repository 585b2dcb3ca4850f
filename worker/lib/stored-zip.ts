// A zip archive of STORED (uncompressed) entries whose every byte is known from its entries' names,
// sizes and CRC-32s alone, before any file is read: the exact length, and any byte range as
// generated header bytes and slices of the files (APPNOTE.TXT 6.3). No data descriptors (the CRC
// and sizes are in each local header, as `zip -0` writes them, which every unzip reads, streaming
// ones included); ZIP64 fields only where a size or an offset does not fit in 32 bits (or always,
// on request, so tests can see that path without 4 GiB of data). One fixed time for every entry,
// written from its UTC fields, so the same files give the same bytes on any machine.

export type ZipEntry = {
  /** The path in the archive (forward slashes); written as UTF-8, flagged so when not ASCII. */
  name: string;
  size: number;
  /** Only the header bytes need it: a layout made for its length alone may leave it 0. */
  crc32: number;
};

export type ZipOptions = {
  /** Every entry's modification time (the DOS format's 1980–2107, to the even second). */
  modified: Date;
  /** "always" writes ZIP64 fields even where 32 bits would do (tests of that path). */
  zip64?: "auto" | "always";
};

/** A run of the archive: header bytes it holds, or `length` bytes of entry `entry`'s file from `from`. */
export type ZipPiece = { offset: number; length: number } & ({ bytes: Uint8Array } | { entry: number; from: number });

export type ZipLayout = { size: number; pieces: ZipPiece[] };

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_LOCATOR = 20;
/** 32-bit fields hold up to this; the value itself means "see the ZIP64 field". */
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_NAME = 0x0800;
const ZIP64_TAG = 0x0001;
/** Made by 4.5 on Unix, so unzip gives the files ordinary permissions (rw-r--r--). */
const MADE_BY = (3 << 8) | 45;
const UNIX_FILE_MODE = 0o100644;

const utf8 = new TextEncoder();

/** DOS time and date of an instant, from its UTC fields (clamped to the format's years). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, at.getUTCFullYear()));
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1);
  const date = ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/** A little-endian writer over a buffer of known size. */
class Writer {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(value: number) {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
  }
  u32(value: number) {
    this.view.setUint32(this.at, value >>> 0, true);
    this.at += 4;
  }
  u64(value: number) {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
  }
  raw(bytes: Uint8Array) {
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }
  done(): Uint8Array {
    if (this.at !== this.bytes.length) throw new Error(`zip header: wrote ${this.at} of ${this.bytes.length} bytes`);
    return this.bytes;
  }
}

type Placed = { entry: ZipEntry; name: Uint8Array; flags: number; offset: number; localZip64: boolean };

/** ZIP64 in the local header: both sizes, always together (APPNOTE 4.5.3). */
function localHeader(p: Placed, when: { time: number; date: number }): Uint8Array {
  const extra = p.localZip64 ? 20 : 0;
  const w = new Writer(LOCAL_HEADER + p.name.length + extra);
  w.u32(0x04034b50);
  w.u16(p.localZip64 ? 45 : 20);
  w.u16(p.flags);
  w.u16(0); // stored
  w.u16(when.time);
  w.u16(when.date);
  w.u32(p.entry.crc32);
  w.u32(p.localZip64 ? MAX32 : p.entry.size);
  w.u32(p.localZip64 ? MAX32 : p.entry.size);
  w.u16(p.name.length);
  w.u16(extra);
  w.raw(p.name);
  if (p.localZip64) {
    w.u16(ZIP64_TAG);
    w.u16(16);
    w.u64(p.entry.size);
    w.u64(p.entry.size);
  }
  return w.done();
}

/** ZIP64 in the central header: only the fields that overflow, in the order the format fixes. */
function centralFields(p: Placed, always: boolean) {
  const bigSize = always || p.entry.size >= MAX32;
  const bigOffset = always || p.offset >= MAX32;
  const extra = (bigSize ? 16 : 0) + (bigOffset ? 8 : 0);
  return { bigSize, bigOffset, extraLength: extra === 0 ? 0 : 4 + extra };
}

function writeCentralHeader(w: Writer, p: Placed, when: { time: number; date: number }, always: boolean) {
  const { bigSize, bigOffset, extraLength } = centralFields(p, always);
  w.u32(0x02014b50);
  w.u16(MADE_BY);
  w.u16(extraLength > 0 ? 45 : 20);
  w.u16(p.flags);
  w.u16(0);
  w.u16(when.time);
  w.u16(when.date);
  w.u32(p.entry.crc32);
  w.u32(bigSize ? MAX32 : p.entry.size);
  w.u32(bigSize ? MAX32 : p.entry.size);
  w.u16(p.name.length);
  w.u16(extraLength);
  w.u16(0); // comment
  w.u16(0); // disk
  w.u16(0); // internal attributes
  w.u32(UNIX_FILE_MODE * 0x10000);
  w.u32(bigOffset ? MAX32 : p.offset);
  w.raw(p.name);
  if (extraLength > 0) {
    w.u16(ZIP64_TAG);
    w.u16(extraLength - 4);
    if (bigSize) {
      w.u64(p.entry.size);
      w.u64(p.entry.size);
    }
    if (bigOffset) w.u64(p.offset);
  }
}

/** The central directory and the end records after it, which start at `offset`. */
function directory(placed: Placed[], offset: number, when: { time: number; date: number }, always: boolean): Uint8Array {
  const centralSize = placed.reduce((sum, p) => sum + CENTRAL_HEADER + p.name.length + centralFields(p, always).extraLength, 0);
  const zip64 = always || placed.length >= MAX16 || centralSize >= MAX32 || offset >= MAX32;
  const w = new Writer(centralSize + (zip64 ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD);
  for (const p of placed) writeCentralHeader(w, p, when, always);
  if (zip64) {
    const recordAt = offset + centralSize;
    w.u32(0x06064b50);
    w.u64(ZIP64_END_RECORD - 12);
    w.u16(MADE_BY);
    w.u16(45);
    w.u32(0);
    w.u32(0);
    w.u64(placed.length);
    w.u64(placed.length);
    w.u64(centralSize);
    w.u64(offset);
    w.u32(0x07064b50);
    w.u32(0);
    w.u64(recordAt);
    w.u32(1);
  }
  w.u32(0x06054b50);
  w.u16(0);
  w.u16(0);
  w.u16(zip64 ? MAX16 : placed.length);
  w.u16(zip64 ? MAX16 : placed.length);
  w.u32(zip64 ? MAX32 : centralSize);
  w.u32(zip64 ? MAX32 : offset);
  w.u16(0);
  return w.done();
}

/** The archive of `entries`, in their order: its length and the pieces that make it, end to end. */
export function zipLayout(entries: readonly ZipEntry[], { modified, zip64 = "auto" }: ZipOptions): ZipLayout {
  const when = dosDateTime(modified);
  const always = zip64 === "always";
  const names = new Set<string>();
  const pieces: ZipPiece[] = [];
  const placed: Placed[] = [];
  let offset = 0;
  entries.forEach((entry, index) => {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new Error(`zip entry ${entry.name}: bad size ${entry.size}`);
    if (names.has(entry.name)) throw new Error(`zip entry ${entry.name} is there twice`);
    names.add(entry.name);
    const name = utf8.encode(entry.name);
    if (name.length === 0 || name.length > MAX16) throw new Error(`zip entry name of ${name.length} bytes`);
    const p: Placed = {
      entry,
      name,
      flags: name.length === entry.name.length ? 0 : UTF8_NAME,
      offset,
      localZip64: always || entry.size >= MAX32,
    };
    placed.push(p);
    const header = localHeader(p, when);
    pieces.push({ offset, length: header.length, bytes: header });
    offset += header.length;
    if (entry.size > 0) pieces.push({ offset, length: entry.size, entry: index, from: 0 });
    offset += entry.size;
  });
  const tail = directory(placed, offset, when, always);
  pieces.push({ offset, length: tail.length, bytes: tail });
  return { size: offset + tail.length, pieces };
}

/**
 * The pieces of bytes [offset, offset + length) of the archive, each cut to the range: header
 * bytes as a view of the layout's, file data as the entry and where in it to read.
 */
export function piecesInRange(layout: ZipLayout, offset: number, length: number): ZipPiece[] {
  const end = offset + length;
  const cut: ZipPiece[] = [];
  for (const piece of layout.pieces) {
    const start = Math.max(offset, piece.offset);
    const stop = Math.min(end, piece.offset + piece.length);
    if (start >= stop) continue;
    const skip = start - piece.offset;
    if ("bytes" in piece) cut.push({ offset: start, length: stop - start, bytes: piece.bytes.subarray(skip, skip + stop - start) });
    else cut.push({ offset: start, length: stop - start, entry: piece.entry, from: piece.from + skip });
  }
  return cut;
}
