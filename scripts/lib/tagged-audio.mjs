// Tagged audio files written in code, for the folder import's tests, its e2e journey and its
// measurement: a FLAC (verbatim subframes, so any decoder plays it; VORBIS_COMMENT and PICTURE
// blocks), an MP3 (lamejs frames behind an ID3v2.4 tag with TRCK/TPOS/TSRC/USLT/SYLT/APIC) and a
// WAV (RIFF with LIST/INFO and an "id3 " chunk). Nothing is downloaded or committed as a binary.
import { Mp3Encoder } from "@breezystack/lamejs";

const encoder = new TextEncoder();
const utf8 = (text) => encoder.encode(text);

function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function be32(n) {
  return new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
}
function le32(n) {
  return new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]);
}
function le16(n) {
  return new Uint8Array([n & 255, (n >>> 8) & 255]);
}

/** One sample of a soft chord per channel: audible, not silence, and the same every run. */
function sampleAt(i, channel, sampleRate, seed) {
  const t = i / sampleRate;
  const base = 220 * (1 + (seed % 5) * 0.125);
  const v = 0.25 * Math.sin(2 * Math.PI * base * t) + 0.15 * Math.sin(2 * Math.PI * base * 1.5 * t + channel);
  return Math.round(v * 32767);
}

// --- FLAC -------------------------------------------------------------------------------------

const FLAC_BLOCK = 4096;
const SAMPLE_RATE_CODES = { 88200: 1, 176400: 2, 192000: 3, 8000: 4, 16000: 5, 22050: 6, 24000: 7, 32000: 8, 44100: 9, 48000: 10, 96000: 11 };

function crc8(bytes) {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 255 : (crc << 1) & 255;
  }
  return crc;
}

const CRC16_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    table[n] = crc;
  }
  return table;
})();

function crc16(bytes) {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >> 8) ^ b];
  return crc;
}

/** FLAC's "UTF-8" coding of a frame number (up to 31 bits here). */
function utf8Number(n) {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 63)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 63), 0x80 | (n & 63)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 63), 0x80 | ((n >> 6) & 63), 0x80 | (n & 63)];
}

function metadataBlock(type, body, last) {
  const header = new Uint8Array([(last ? 0x80 : 0) | type, (body.length >> 16) & 255, (body.length >> 8) & 255, body.length & 255]);
  return concat([header, body]);
}

function streamInfo({ sampleRate, channels, totalSamples }) {
  const b = new Uint8Array(34);
  const block = Math.min(FLAC_BLOCK, Math.max(16, totalSamples));
  b[0] = block >> 8;
  b[1] = block & 255;
  b[2] = block >> 8;
  b[3] = block & 255;
  // Frame sizes 0 (unknown) and an MD5 of zeros (not computed) are both allowed by the format.
  b[10] = (sampleRate >> 12) & 255;
  b[11] = (sampleRate >> 4) & 255;
  b[12] = ((sampleRate & 15) << 4) | ((channels - 1) << 1) | ((16 - 1) >> 4);
  b[13] = (((16 - 1) & 15) << 4) | Math.floor(totalSamples / 2 ** 32);
  b.set(be32(totalSamples >>> 0), 14);
  return b;
}

function vorbisComment(fields) {
  const parts = [le32(utf8("generated").length), utf8("generated")];
  const entries = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) entries.push(utf8(`${key}=${v}`));
  }
  parts.push(le32(entries.length));
  for (const e of entries) parts.push(le32(e.length), e);
  return concat(parts);
}

function flacPicture(cover) {
  const mime = utf8(cover.mime);
  return concat([
    be32(3),
    be32(mime.length),
    mime,
    be32(0),
    be32(cover.width ?? 0),
    be32(cover.height ?? 0),
    be32(24),
    be32(0),
    be32(cover.bytes.length),
    cover.bytes,
  ]);
}

function flacFrame(index, start, length, channels, sampleRate, seed) {
  const header = [
    0xff,
    0xf8,
    (7 << 4) | (SAMPLE_RATE_CODES[sampleRate] ?? 0),
    ((channels - 1) << 4) | (4 << 1),
    ...utf8Number(index),
    (length - 1) >> 8,
    (length - 1) & 255,
  ];
  header.push(crc8(header));
  const frame = new Uint8Array(header.length + channels * (1 + 2 * length) + 2);
  frame.set(header, 0);
  let at = header.length;
  for (let ch = 0; ch < channels; ch++) {
    frame[at++] = 0x02; // verbatim subframe, no wasted bits
    for (let i = 0; i < length; i++) {
      const s = sampleAt(start + i, ch, sampleRate, seed) & 0xffff;
      frame[at++] = s >> 8;
      frame[at++] = s & 255;
    }
  }
  const crc = crc16(frame.subarray(0, at));
  frame[at++] = crc >> 8;
  frame[at] = crc & 255;
  return frame;
}

/**
 * A FLAC file in pieces (so a large one is written to disk without sitting in memory).
 * tags: Vorbis comment fields (TITLE, ALBUM, TRACKNUMBER, LYRICS, ...; an array repeats a field).
 */
export function* flacChunks({ seconds, sampleRate = 44100, channels = 2, tags = {}, cover, seed = 1 }) {
  const totalSamples = Math.round(seconds * sampleRate);
  const blocks = [metadataBlock(0, streamInfo({ sampleRate, channels, totalSamples }), false), metadataBlock(4, vorbisComment(tags), !cover)];
  if (cover) blocks.push(metadataBlock(6, flacPicture(cover), true));
  yield concat([utf8("fLaC"), ...blocks]);
  for (let start = 0, index = 0; start < totalSamples; start += FLAC_BLOCK, index++) {
    yield flacFrame(index, start, Math.min(FLAC_BLOCK, totalSamples - start), channels, sampleRate, seed);
  }
}

export function taggedFlac(options) {
  return concat([...flacChunks(options)]);
}

// --- ID3v2.4 ----------------------------------------------------------------------------------

function synchsafe(n) {
  return new Uint8Array([(n >> 21) & 127, (n >> 14) & 127, (n >> 7) & 127, n & 127]);
}

function id3Frame(id, body) {
  return concat([utf8(id), synchsafe(body.length), new Uint8Array([0, 0]), body]);
}

const UTF8_ENCODING = new Uint8Array([3]);
const NUL = new Uint8Array([0]);

/**
 * An ID3v2.4 tag (UTF-8 text). tags: { title, album, artist, year, track: "1/3", disc: "1/1",
 * isrc, composer, lyricist, producer, lyrics, synced: [{ ms, text }], cover: { mime, bytes } }.
 */
export function id3v24(tags) {
  const frames = [];
  const text = (id, value) => value !== undefined && frames.push(id3Frame(id, concat([UTF8_ENCODING, utf8(String(value))])));
  text("TIT2", tags.title);
  text("TALB", tags.album);
  text("TPE1", tags.artist);
  text("TDRC", tags.year);
  text("TRCK", tags.track);
  text("TPOS", tags.disc);
  text("TSRC", tags.isrc);
  text("TCOM", tags.composer);
  text("TEXT", tags.lyricist);
  if (tags.producer) frames.push(id3Frame("TIPL", concat([UTF8_ENCODING, utf8("producer"), NUL, utf8(tags.producer)])));
  if (tags.lyrics) frames.push(id3Frame("USLT", concat([UTF8_ENCODING, utf8("por"), NUL, utf8(tags.lyrics)])));
  if (tags.synced) {
    // Timestamps in milliseconds (format 2), content type 1 (lyrics); each line then its time.
    const lines = tags.synced.flatMap(({ ms, text: line }) => [utf8(line), NUL, be32(ms)]);
    frames.push(id3Frame("SYLT", concat([UTF8_ENCODING, utf8("por"), new Uint8Array([2, 1]), NUL, ...lines])));
  }
  if (tags.cover) frames.push(id3Frame("APIC", concat([UTF8_ENCODING, utf8(tags.cover.mime), NUL, new Uint8Array([3]), NUL, tags.cover.bytes])));
  const body = concat(frames);
  return concat([utf8("ID3"), new Uint8Array([4, 0, 0]), synchsafe(body.length), body]);
}

// --- MP3 --------------------------------------------------------------------------------------

/** Mono 16-bit PCM of the test signal. */
export function testPcm(seconds, sampleRate = 44100, seed = 1) {
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = sampleAt(i, 0, sampleRate, seed);
  return pcm;
}

/** An MP3 (128 kb/s mono lamejs frames) behind an ID3v2.4 tag. */
export function taggedMp3({ seconds, sampleRate = 44100, tags = {}, seed = 1 }) {
  const mp3 = new Mp3Encoder(1, sampleRate, 128);
  const pcm = testPcm(seconds, sampleRate, seed);
  const parts = [id3v24(tags)];
  for (let i = 0; i < pcm.length; i += 1152 * 16) parts.push(mp3.encodeBuffer(pcm.subarray(i, i + 1152 * 16)));
  parts.push(mp3.flush());
  return concat(parts);
}

// --- WAV --------------------------------------------------------------------------------------

function riffChunk(id, body) {
  const pad = body.length % 2 ? NUL : new Uint8Array(0);
  return concat([utf8(id), le32(body.length), body, pad]);
}

/** A 16-bit PCM WAV with LIST/INFO (title, album, artist, year, track) and an "id3 " chunk. */
export function taggedWav({ seconds, sampleRate = 44100, channels = 2, tags = {}, seed = 1, id3 = true, infoEncoding = "utf-8" }) {
  const frames = Math.round(seconds * sampleRate);
  const data = new Uint8Array(frames * channels * 2);
  const view = new DataView(data.buffer);
  for (let i = 0; i < frames; i++) for (let ch = 0; ch < channels; ch++) view.setInt16((i * channels + ch) * 2, sampleAt(i, ch, sampleRate, seed), true);
  const fmt = concat([le16(1), le16(channels), le32(sampleRate), le32(sampleRate * channels * 2), le16(channels * 2), le16(16)]);
  const info = [];
  // RIFF INFO has no charset of its own: ffmpeg and most taggers write UTF-8, older ones Latin-1.
  const encode = (text) => (infoEncoding === "latin1" ? Uint8Array.from(text, (c) => c.charCodeAt(0)) : utf8(text));
  const infoText = (id, value) => value !== undefined && info.push(riffChunk(id, concat([encode(String(value)), NUL])));
  infoText("INAM", tags.title);
  infoText("IPRD", tags.album);
  infoText("IART", tags.artist);
  infoText("ICRD", tags.year);
  infoText("ITRK", tags.track);
  const body = concat([
    utf8("WAVE"),
    riffChunk("fmt ", fmt),
    riffChunk("data", data),
    riffChunk("LIST", concat([utf8("INFO"), ...info])),
    ...(id3 ? [riffChunk("id3 ", id3v24(tags))] : []),
  ]);
  return concat([utf8("RIFF"), le32(body.length), body]);
}

/** LRC text of timed lines ([mm:ss.xx]). */
export function lrcOf(lines) {
  const stamp = (ms) =>
    `${String(Math.floor(ms / 60000)).padStart(2, "0")}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}.${String(Math.floor((ms % 1000) / 10)).padStart(2, "0")}`;
  return lines.map(({ ms, text }) => `[${stamp(ms)}]${text}`).join("\n");
}
