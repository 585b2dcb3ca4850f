// An ID3v2.4 tag for the audio files we make or hand out: the MP3s (the import's, from a master; the
// demo media's) and the WAVs in the lossless zips (in an "id3 " RIFF chunk), so a buyer's music
// library files them under their artist and album. Our own writer: the maintained browser writer
// on npm (browser-id3-writer) writes only ID3v2.3, and v2.4 is what lets every text frame be UTF-8.
// A contract because the import page (in the browser) and the Worker both write it. Plain
// TypeScript with no imports: the demo media's scripts load this very file in node.

/**
 * What the tag says. The cover's bytes are anything with a size: bytes, a Blob in the page (the
 * dropped cover file, not read into memory), or a stand-in for stored bytes the Worker reads later.
 */
export type Id3Tags<Cover extends Sized = Uint8Array | Blob> = {
  title: string;
  artist?: string;
  album: string;
  trackNumber: number;
  trackCount?: number;
  discNumber: number;
  year?: number | null;
  isrc?: string | null;
  cover?: { mime: string; bytes: Cover } | null;
};

type Sized = Uint8Array | { readonly size: number };

const encoder = new TextEncoder();
// isView, not instanceof: bytes made in another realm (a test's DOM, a worker) are bytes too.
export const sizeOf = (part: Sized) => (ArrayBuffer.isView(part) ? part.byteLength : part.size);

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

const frame = <P extends Sized>(id: string, body: readonly P[]): (Uint8Array | P)[] => [
  concat([encoder.encode(id), synchsafe(body.reduce((sum, p) => sum + sizeOf(p), 0)), new Uint8Array([0, 0])]),
  ...body,
];

/** Text encoding 3 is UTF-8 (allowed from v2.4 on). */
const textFrame = (id: string, value: string) => frame(id, [new Uint8Array([3]), encoder.encode(value)]);

/** The tag's parts in order: header, text frames, then the cover's frame with its bytes as given (never copied). */
export function id3v24<Cover extends Sized>(tags: Id3Tags<Cover>): (Uint8Array | Cover)[] {
  const frames: (Uint8Array | Cover)[] = [...textFrame("TIT2", tags.title), ...textFrame("TALB", tags.album)];
  if (tags.artist) frames.push(...textFrame("TPE1", tags.artist));
  frames.push(...textFrame("TRCK", tags.trackCount ? `${tags.trackNumber}/${tags.trackCount}` : String(tags.trackNumber)));
  frames.push(...textFrame("TPOS", String(tags.discNumber)));
  if (tags.year) frames.push(...textFrame("TDRC", String(tags.year)));
  if (tags.isrc) frames.push(...textFrame("TSRC", tags.isrc));
  if (tags.cover) {
    // Encoding, MIME (Latin-1, NUL-ended), picture type 3 (front cover), empty description, bytes.
    const { mime, bytes } = tags.cover;
    frames.push(...frame<Uint8Array | Cover>("APIC", [concat([new Uint8Array([3]), encoder.encode(mime), new Uint8Array([0, 3, 0])]), bytes]));
  }
  const size = frames.reduce((sum, p) => sum + sizeOf(p), 0);
  return [concat([encoder.encode("ID3"), new Uint8Array([4, 0, 0]), synchsafe(size)]), ...frames];
}

/** The encoder's MP3 with the tag in front. */
export const taggedMp3 = (mp3: Blob, tags: Id3Tags): Blob => new Blob([...(id3v24(tags) as (Blob | Uint8Array<ArrayBuffer>)[]), mp3], { type: "audio/mpeg" });

/**
 * The tag alone as bytes, for node's demo media (scripts/lib/id3v24.mjs loads this file).
 * @public
 */
export function id3v24Bytes(tags: Id3Tags<Uint8Array>): Uint8Array {
  return concat(id3v24(tags));
}
