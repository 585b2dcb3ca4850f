// Just enough of the ISO base media file format (MP4, M4A) to tell a file's kind and its length:
// the ftyp box that opens it, and the movie header (moov/mvhd) that holds the duration. The moov
// box sits before the media data in a "fast start" file and after it otherwise, so uploads are
// watched as they stream (MoovWatcher) instead of being kept whole.

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const u32 = (b: Uint8Array, at: number) => (((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);

/** HEIF/AVIF pictures are ISO files too: these major brands are images, not audio or video. */
const IMAGE_BRANDS = new Set(["mif1", "msf1", "heic", "heix", "hevc", "hevx", "avif", "avis"]);

/** The major brand when the bytes open with an ftyp box of a movie (not a picture), else null. */
export function mp4Brand(head: Uint8Array): string | null {
  if (head.length < 12 || ascii(head, 4, 4) !== "ftyp") return null;
  const size = u32(head, 0);
  if (size < 16 || size > 4096) return null;
  const brand = ascii(head, 8, 4);
  if (!/^[\x20-\x7e]{4}$/.test(brand) || IMAGE_BRANDS.has(brand)) return null;
  return brand;
}

type BoxHeader = { type: string; size: number; header: number };

/** The box header at `at`, or null when it is cut off or malformed. size 0 runs to `end`. */
function boxAt(b: Uint8Array, at: number, end: number): BoxHeader | null {
  if (at + 8 > end) return null;
  let size = u32(b, at);
  const type = ascii(b, at + 4, 4);
  let header = 8;
  if (size === 1) {
    if (at + 16 > end) return null;
    size = u64(b, at + 8);
    header = 16;
  } else if (size === 0) size = end - at;
  return size >= header ? { type, size, header } : null;
}

/** Seconds from a moov box's bytes (header included), or null without a usable mvhd. */
export function moovDuration(moov: Uint8Array): number | null {
  const top = boxAt(moov, 0, moov.length);
  if (!top || top.type !== "moov") return null;
  const end = Math.min(moov.length, top.size);
  for (let at = top.header; at < end;) {
    const box = boxAt(moov, at, end);
    if (!box) return null;
    if (box.type === "mvhd") return mvhdDuration(moov.subarray(at + box.header, Math.min(end, at + box.size)));
    at += box.size;
  }
  return null;
}

/** mvhd: version, flags, then (32- or 64-bit) times, the timescale and the duration. */
function mvhdDuration(body: Uint8Array): number | null {
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 1 && body.length >= 32) {
    timescale = u32(body, 20);
    duration = u64(body, 24);
    if (u32(body, 24) === 0xffffffff && u32(body, 28) === 0xffffffff) return null; // unknown
  } else if (version === 0 && body.length >= 20) {
    timescale = u32(body, 12);
    duration = u32(body, 16);
    if (duration === 0xffffffff) return null;
  } else return null;
  if (timescale === 0 || duration === 0) return null; // a fragmented file keeps its length elsewhere
  return duration / timescale;
}

/** How much of the moov box is kept: mvhd is its first child in practice, and small. */
const MOOV_KEEP_BYTES = 64 * 1024;

/**
 * Follows the top-level boxes of a file as its bytes go by and keeps the start of the moov box,
 * wherever it is, without holding the rest. Feed every byte in order with push().
 */
export class MoovWatcher {
  /** Offset of the next top-level box header. */
  private next = 0;
  /** Bytes of that header seen so far (a header may straddle two chunks). */
  private header: number[] = [];
  private moovParts: Uint8Array[] = [];
  private moovLeft = 0;
  private done = false;
  private found: Uint8Array | null = null;

  push(chunk: Uint8Array, offset: number) {
    let i = 0;
    while (i < chunk.length && !this.done) {
      if (this.moovLeft > 0) {
        const part = chunk.subarray(i, i + this.moovLeft);
        this.moovParts.push(part.slice());
        this.moovLeft -= part.length;
        i += part.length;
        if (this.moovLeft === 0) this.finishMoov();
        continue;
      }
      const at = offset + i;
      if (at < this.next) {
        i += Math.min(chunk.length - i, this.next - at);
        continue;
      }
      this.header.push(chunk[i]!);
      i++;
      this.readHeader();
    }
  }

  /** The kept start of the moov box, once it has gone by. */
  get moov(): Uint8Array | null {
    return this.found;
  }

  private readHeader() {
    const h = Uint8Array.from(this.header);
    if (h.length < 8) return;
    const size32 = u32(h, 0);
    if (size32 === 1 && h.length < 16) return;
    const box = boxAt(h, 0, size32 === 0 ? Number.MAX_SAFE_INTEGER : h.length);
    this.header = [];
    if (!box || size32 === 0) {
      this.done = true; // malformed, or a box running to the end of the file: nothing follows
      return;
    }
    if (box.type === "moov") {
      this.moovParts = [h];
      this.moovLeft = Math.min(box.size, MOOV_KEEP_BYTES) - h.length;
      if (this.moovLeft <= 0) this.finishMoov();
      return;
    }
    this.next += box.size;
  }

  private finishMoov() {
    const total = this.moovParts.reduce((n, p) => n + p.length, 0);
    const moov = new Uint8Array(total);
    let at = 0;
    for (const part of this.moovParts) {
      moov.set(part, at);
      at += part.length;
    }
    this.found = moov;
    this.done = true;
  }
}
