// An ID3v2.4 tag for the MP3s we make (the import's, from a master; the demo media's), so a buyer's
// music library files the file under its artist and album. Our own writer: the maintained browser
// writer on npm (browser-id3-writer) writes only ID3v2.3, and v2.4 is what lets every text frame be
// UTF-8. Plain TypeScript with no imports: the demo media's scripts load this very file in node.

export type Mp3Tags = {
  title: string;
  artist?: string;
  album: string;
  trackNumber: number;
  trackCount?: number;
  discNumber: number;
  year?: number | null;
  isrc?: string | null;
  /** A Blob in the page (the dropped cover file, not read into memory), bytes in node. */
  cover?: { mime: string; bytes: Uint8Array | Blob } | null;
};

type Part = Uint8Array | Blob;

const encoder = new TextEncoder();
// isView, not instanceof: bytes made in another realm (a test's DOM, a worker) are bytes too.
const sizeOf = (part: Part) => (ArrayBuffer.isView(part) ? part.byteLength : part.size);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** ID3v2.4 sizes are "synchsafe": 7 bits a byte, so no size byte looks like a frame sync. */
function synchsafe(n: number): Uint8Array {
  if (n >= 2 ** 28) throw new RangeError("ID3v2.4 tag too large");
  return new Uint8Array([(n >> 21) & 127, (n >> 14) & 127, (n >> 7) & 127, n & 127]);
}

const frame = (id: string, body: readonly Part[]): Part[] => [
  concat([encoder.encode(id), synchsafe(body.reduce((sum, p) => sum + sizeOf(p), 0)), new Uint8Array([0, 0])]),
  ...body,
];

/** Text encoding 3 is UTF-8 (allowed from v2.4 on). */
const textFrame = (id: string, value: string) => frame(id, [new Uint8Array([3]), encoder.encode(value)]);

/** The tag's parts in order: header, text frames, then the cover's frame with its bytes as given. */
function id3v24(tags: Mp3Tags): Part[] {
  const frames = [...textFrame("TIT2", tags.title), ...textFrame("TALB", tags.album)];
  if (tags.artist) frames.push(...textFrame("TPE1", tags.artist));
  frames.push(...textFrame("TRCK", tags.trackCount ? `${tags.trackNumber}/${tags.trackCount}` : String(tags.trackNumber)));
  frames.push(...textFrame("TPOS", String(tags.discNumber)));
  if (tags.year) frames.push(...textFrame("TDRC", String(tags.year)));
  if (tags.isrc) frames.push(...textFrame("TSRC", tags.isrc));
  if (tags.cover) {
    // Encoding, MIME (Latin-1, NUL-ended), picture type 3 (front cover), empty description, bytes.
    const { mime, bytes } = tags.cover;
    frames.push(...frame("APIC", [concat([new Uint8Array([3]), encoder.encode(mime), new Uint8Array([0, 3, 0])]), bytes]));
  }
  const size = frames.reduce((sum, p) => sum + sizeOf(p), 0);
  return [concat([encoder.encode("ID3"), new Uint8Array([4, 0, 0]), synchsafe(size)]), ...frames];
}

/** The encoder's MP3 with the tag in front. */
export const taggedMp3 = (mp3: Blob, tags: Mp3Tags): Blob => new Blob([...(id3v24(tags) as (Blob | Uint8Array<ArrayBuffer>)[]), mp3], { type: "audio/mpeg" });

/**
 * The tag alone as bytes, for node's demo media (scripts/lib/id3v24.mjs loads this file).
 * @public
 */
export function id3v24Bytes(tags: Mp3Tags & { cover?: { mime: string; bytes: Uint8Array } | null }): Uint8Array {
  return concat(id3v24(tags) as Uint8Array[]);
}
