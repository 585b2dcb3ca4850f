// Tags for a stored WAV as the lossless zips hand it out: the catalog's title, artist, album,
// track n/N, disc, year, ISRC and cover, in an "id3 " chunk holding an ID3v2.4 tag (what most
// players and taggers read) and a LIST/INFO chunk (INAM, IART, IPRD, ITRK, ICRD: for those that
// read only INFO), both put right after the fmt chunk, so a player reading from the start meets
// them before the samples. The stored file is never rewritten: the tagged file is described as
// pieces (bytes made here, stretches of the stored file, the cover object) that the zip reads in
// turn, so its length is known from the stored size and the tags alone, and any range of it is a
// few ranged reads. The file's own tag chunks (LIST/INFO, "id3 ", "ID3 ") are renamed JUNK in
// place, which every reader skips: the catalog is what the store sells (as for the FLAC and MP3
// we make), and renaming keeps the length independent of what the file held. The data chunk and
// every other chunk are the stored bytes, unchanged.
import { id3v24, sizeOf, type Id3Tags } from "#contracts/id3v24.ts";

/** A stretch of the tagged file: bytes made here, or `length` bytes from `from` of the stored WAV or of the cover. */
export type WavPiece = { bytes: Uint8Array } | { object: "wav" | "cover"; from: number; length: number };

/** What the stored file holds that the tagging must know: where its RIFF body ends, where the tags go, the chunks to rename. */
export type WavLayout = { riffEnd: number; insertAt: number; ownTags: number[] };

/** The cover as the tags need it before its bytes are read: its length. */
type CoverSize = { readonly size: number };

const encoder = new TextEncoder();

function le32(n: number): Uint8Array {
  return new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]);
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
const u32le = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;

/** A RIFF chunk's header: its ID and its body's length (the pad byte after an odd body is not counted). */
const chunkHeader = (id: string, length: number) => new Uint8Array([...encoder.encode(id), ...le32(length)]);

/** A whole small chunk, padded to an even length. */
function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  out.set(chunkHeader(id, body.length));
  out.set(body, 8);
  return out;
}

/** LIST/INFO: NUL-ended UTF-8 values (RIFF names no charset; ffmpeg and most taggers write UTF-8). */
function infoChunk(tags: Id3Tags<CoverSize>): Uint8Array {
  const fields: [string, string | undefined][] = [
    ["INAM", tags.title],
    ["IART", tags.artist],
    ["IPRD", tags.album],
    ["ITRK", tags.trackCount ? `${tags.trackNumber}/${tags.trackCount}` : String(tags.trackNumber)],
    ["ICRD", tags.year ? String(tags.year) : undefined],
  ];
  const subchunks = fields.flatMap(([id, value]) => (value ? [chunk(id, encoder.encode(`${value}\0`))] : []));
  const body = new Uint8Array(4 + subchunks.reduce((sum, c) => sum + c.length, 0));
  body.set(encoder.encode("INFO"));
  let at = 4;
  for (const c of subchunks) {
    body.set(c, at);
    at += c.length;
  }
  return chunk("LIST", body);
}

/** The chunks added to the file, in order: LIST/INFO, then "id3 " with the tag (the cover as given, never copied) and its pad byte. */
export function wavTagChunks<Cover extends CoverSize>(tags: Id3Tags<Cover>): (Uint8Array | Cover)[] {
  const tag = id3v24(tags);
  const length = tag.reduce((sum, part) => sum + sizeOf(part), 0);
  return [infoChunk(tags), chunkHeader("id3 ", length), ...tag, ...(length & 1 ? [new Uint8Array(1)] : [])];
}

/** The start of the stored file read at once: its header and, nearly always, every chunk header before the samples. */
const HEAD_BYTES = 64 * 1024;
/** Chunk headers read one by one past the head (after the samples, or past a large chunk) before giving up renaming. */
const MAX_CHUNKS = 256;

/**
 * The stored WAV's layout, from its head and each later chunk's header (a ranged read of 12 bytes
 * each: after the samples there are few). `read` gives `length` bytes from `offset`. A file that
 * is not RIFF/WAVE throws: the master upload (detectAudioType) and the FLAC-to-WAV job store only
 * RIFF/WAVE files under a WAV format.
 */
export async function readWavLayout(read: (offset: number, length: number) => Promise<Uint8Array>, size: number): Promise<WavLayout> {
  const head = await read(0, Math.min(size, HEAD_BYTES));
  if (head.length < 12 || ascii(head, 0) !== "RIFF" || ascii(head, 8) !== "WAVE") throw new Error("wav: the stored file is not RIFF/WAVE");
  // A RIFF size past the file (a writer that never came back to it) ends the body at the file's end.
  const riffEnd = Math.min(size, 8 + u32le(head, 4));
  let insertAt = 12;
  const ownTags: number[] = [];
  let at = 12;
  for (let seen = 0; at + 8 <= riffEnd && seen < MAX_CHUNKS; seen++) {
    const header = at + 12 <= head.length ? head.subarray(at, at + 12) : await read(at, Math.min(12, riffEnd - at));
    const id = ascii(header, 0);
    const length = u32le(header, 4);
    const next = at + 8 + length + (length & 1);
    if (id === "id3 " || id === "ID3 " || (id === "LIST" && header.length >= 12 && ascii(header, 8) === "INFO")) ownTags.push(at);
    if (id === "fmt " && insertAt === 12 && next <= riffEnd) insertAt = next;
    at = next;
  }
  return { riffEnd, insertAt, ownTags };
}

/**
 * The tagged file as pieces: the stored bytes with the RIFF size grown by the tags and the file's
 * own tag chunks renamed JUNK, and the tag chunks at the layout's place.
 */
export function taggedWavPieces(layout: WavLayout, size: number, chunks: readonly (Uint8Array | CoverSize)[]): WavPiece[] {
  const added = chunks.reduce((sum, part) => sum + sizeOf(part), 0);
  const tagPieces: WavPiece[] = chunks.map((part) => (ArrayBuffer.isView(part) ? { bytes: part } : { object: "cover", from: 0, length: part.size }));
  // In file order; the tags go in before a patch at the same place (a tag chunk of the file's own right after fmt).
  const edits = [
    { at: 4, pieces: [{ bytes: le32(layout.riffEnd - 8 + added) }], skip: 4 },
    { at: layout.insertAt, pieces: tagPieces, skip: 0 },
    ...layout.ownTags.map((at) => ({ at, pieces: [{ bytes: encoder.encode("JUNK") }], skip: 4 })),
  ].sort((a, b) => a.at - b.at || a.skip - b.skip);
  const pieces: WavPiece[] = [];
  let cursor = 0;
  for (const edit of edits) {
    if (edit.at > cursor) pieces.push({ object: "wav", from: cursor, length: edit.at - cursor });
    pieces.push(...edit.pieces);
    cursor = edit.at + edit.skip;
  }
  if (size > cursor) pieces.push({ object: "wav", from: cursor, length: size - cursor });
  return pieces;
}

const pieceLength = (piece: WavPiece) => ("bytes" in piece ? piece.bytes.length : piece.length);

/** The pieces of bytes [from, from + length) of the whole, cut at both ends. */
export function piecesInWavRange(pieces: readonly WavPiece[], from: number, length: number): WavPiece[] {
  const out: WavPiece[] = [];
  const end = from + length;
  let at = 0;
  for (const piece of pieces) {
    const size = pieceLength(piece);
    const start = Math.max(from, at);
    const stop = Math.min(end, at + size);
    if (stop > start) {
      const skip = start - at;
      out.push("bytes" in piece ? { bytes: piece.bytes.subarray(skip, skip + stop - start) } : { ...piece, from: piece.from + skip, length: stop - start });
    }
    at += size;
    if (at >= end) break;
  }
  return out;
}
