// Small audio and video files built byte by byte, for the catalog's upload and probe tests. Each is
// well-formed at the level the probes read (frame headers, boxes, chunks, pages with their CRCs,
// EBML elements) and says how long it lasts the way its format does. Payloads are silence/zeros.

const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));

function concat(parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u64be = (n: number) => [...u32be(Math.floor(n / 2 ** 32)), ...u32be(n >>> 0)];

/** An ID3v2.3 tag of `size` bytes in all (a padded, empty tag, as taggers leave room for art). */
export function id3Tag(size: number): Uint8Array {
  const body = size - 10;
  return concat([ascii("ID3"), [3, 0, 0], [(body >> 21) & 0x7f, (body >> 14) & 0x7f, (body >> 7) & 0x7f, body & 0x7f], new Uint8Array(body)]);
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/** An MPEG-1 Layer III stereo frame at 48 kHz (no padding needed: 144 x bitrate / 48000 is whole). */
function mpegFrame(kbps: number, body: number[] = []): Uint8Array {
  const index = MPEG1_L3_KBPS.indexOf(kbps);
  if (index < 1) throw new Error(`no MPEG-1 Layer III bitrate ${kbps}`);
  const length = (144 * kbps * 1000) / 48000;
  const frame = new Uint8Array(length);
  frame.set([0xff, 0xfb, (index << 4) | (1 << 2), 0x00]); // sync, MPEG-1, Layer III, no CRC; 48 kHz; stereo
  frame.set(body, 4);
  return frame;
}

/** Constant bitrate MP3 lasting `seconds` (48 kHz, 1152 samples a frame), optionally tagged. */
export function mp3Cbr({ seconds, kbps = 128, id3 = 0, id3v1 = false }: { seconds: number; kbps?: number; id3?: number; id3v1?: boolean }): Uint8Array {
  const frames = Math.round((seconds * 48000) / 1152);
  const frame = mpegFrame(kbps);
  return concat([id3 ? id3Tag(id3) : [], ...Array.from({ length: frames }, () => frame), id3v1 ? concat([ascii("TAG"), new Uint8Array(125)]) : []]);
}

/**
 * Variable bitrate MP3 with a Xing (or VBRI) header: the first frame says how many frames follow,
 * and the frames' bitrates vary, so frame math from the first frame's bitrate would be wrong.
 */
export function mp3Vbr({ seconds, header = "Xing" }: { seconds: number; header?: "Xing" | "VBRI" }): Uint8Array {
  const frames = Math.round((seconds * 48000) / 1152);
  const audio = Array.from({ length: frames }, (_, i) => mpegFrame([96, 192, 320][i % 3]!));
  const bytes = audio.reduce((n, f) => n + f.length, 0);
  const info =
    header === "Xing"
      ? [...new Array<number>(32).fill(0), ...ascii("Xing"), ...u32be(0x3), ...u32be(frames), ...u32be(bytes)]
      : [...new Array<number>(32).fill(0), ...ascii("VBRI"), 0, 1, 0, 0, 0, 75, ...u32be(bytes), ...u32be(frames)];
  return concat([mpegFrame(128, info), ...audio]);
}

/** PCM WAV of silence, with a LIST chunk before the data (chunks must be walked, not assumed). */
export function wav({
  seconds,
  sampleRate = 8000,
  channels = 1,
  bits = 16,
}: {
  seconds: number;
  sampleRate?: number;
  channels?: number;
  bits?: number;
}): Uint8Array {
  const blockAlign = (channels * bits) / 8;
  const data = new Uint8Array(Math.round(seconds * sampleRate) * blockAlign);
  const list = concat([ascii("INFO"), ascii("ISFT"), u32le(6), ascii("tests\0")]);
  const fmt = [...u16le(1), ...u16le(channels), ...u32le(sampleRate), ...u32le(sampleRate * blockAlign), ...u16le(blockAlign), ...u16le(bits)];
  const body = concat([ascii("WAVE"), ascii("fmt "), u32le(fmt.length), fmt, ascii("LIST"), u32le(list.length), list, ascii("data"), u32le(data.length), data]);
  return concat([ascii("RIFF"), u32le(body.length), body]);
}

function box(type: string, ...parts: (Uint8Array | number[])[]): Uint8Array {
  const body = concat(parts);
  return concat([u32be(8 + body.length), ascii(type), body]);
}

function mvhd(seconds: number, timescale: number, version: 0 | 1): Uint8Array {
  const duration = Math.round(seconds * timescale);
  const times =
    version === 1 ? [...u64be(0), ...u64be(0), ...u32be(timescale), ...u64be(duration)] : [...u32be(0), ...u32be(0), ...u32be(timescale), ...u32be(duration)];
  // rate 1.0, volume 1.0, reserved, unity matrix, pre_defined, next_track_ID
  const rest = [
    ...u32be(0x00010000),
    0x01,
    0x00,
    ...new Array<number>(10).fill(0),
    ...u32be(0x00010000),
    ...new Array<number>(12).fill(0),
    ...u32be(0x00010000),
    ...new Array<number>(12).fill(0),
    ...u32be(0x40000000),
    ...new Array<number>(24).fill(0),
    ...u32be(2),
  ];
  return box("mvhd", [version, 0, 0, 0], times, rest);
}

/**
 * An ISO media file (M4A, or MP4 video by brand): ftyp, then the moov box with its movie header
 * before the media data ("fast start") or after it, as many encoders write it.
 */
export function isoMedia({
  seconds,
  brand = "M4A ",
  moovAtEnd = false,
  timescale = 44100,
  version = 0,
  mdatBytes = 4096,
}: {
  seconds: number;
  brand?: string;
  moovAtEnd?: boolean;
  timescale?: number;
  version?: 0 | 1;
  mdatBytes?: number;
}): Uint8Array {
  const ftyp = box("ftyp", ascii(brand), u32be(0), ascii(brand), ascii("isom"), ascii("mp42"));
  const moov = box("moov", mvhd(seconds, timescale, version), box("udta", box("free", [0, 0, 0, 0])));
  const mdat = box("mdat", new Uint8Array(mdatBytes));
  return moovAtEnd ? concat([ftyp, mdat, moov]) : concat([ftyp, moov, mdat]);
}

/** A FLAC stream's signature and STREAMINFO (the one block that says how many samples there are). */
export function flac({ seconds, sampleRate = 44100, id3 = 0 }: { seconds: number; sampleRate?: number; id3?: number }): Uint8Array {
  const total = Math.round(seconds * sampleRate);
  const info = new Uint8Array(34);
  info.set([0x10, 0x00, 0x10, 0x00]); // min/max block size 4096
  // sample rate (20 bits), channels-1 (3 bits: 1 = stereo), bits-1 (5 bits: 15), total samples (36 bits)
  info[10] = (sampleRate >> 12) & 0xff;
  info[11] = (sampleRate >> 4) & 0xff;
  info[12] = ((sampleRate & 0x0f) << 4) | (1 << 1) | 0;
  info[13] = (15 << 4) | (Math.floor(total / 2 ** 32) & 0x0f);
  info.set(u32be(total >>> 0), 14);
  return concat([id3 ? id3Tag(id3) : [], ascii("fLaC"), [0x80, 0, 0, 34], info, new Uint8Array(256)]);
}

// Ogg pages carry a CRC-32 (polynomial 0x04c11db7, not reflected) over the page with the field zeroed.
const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggPage({
  serial,
  sequence,
  granule,
  packet,
  flags,
}: {
  serial: number;
  sequence: number;
  granule: number;
  packet: Uint8Array;
  flags: number;
}): Uint8Array {
  const segments: number[] = [];
  for (let left = packet.length; ; left -= 255) {
    segments.push(Math.min(left, 255));
    if (left < 255) break;
  }
  const page = concat([
    ascii("OggS"),
    [0, flags],
    u32le(granule >>> 0),
    u32le(Math.floor(granule / 2 ** 32)),
    u32le(serial),
    u32le(sequence),
    u32le(0),
    [segments.length],
    segments,
    packet,
  ]);
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  page.set(u32le(crc), 22);
  return page;
}

/** Ogg Opus: OpusHead, OpusTags, then audio pages up to the last granule (48 kHz, plus pre-skip). */
export function oggOpus({ seconds, preSkip = 312, pages = 20 }: { seconds: number; preSkip?: number; pages?: number }): Uint8Array {
  const serial = 0x1234abcd;
  const head = concat([ascii("OpusHead"), [1, 2], u16le(preSkip), u32le(48000), u16le(0), [0]]);
  const tags = concat([ascii("OpusTags"), u32le(5), ascii("tests"), u32le(0)]);
  const total = Math.round(seconds * 48000) + preSkip;
  const out: Uint8Array[] = [
    oggPage({ serial, sequence: 0, granule: 0, packet: head, flags: 2 }),
    oggPage({ serial, sequence: 1, granule: 0, packet: tags, flags: 0 }),
  ];
  for (let i = 1; i <= pages; i++) {
    out.push(oggPage({ serial, sequence: i + 1, granule: Math.round((total * i) / pages), packet: new Uint8Array(300), flags: i === pages ? 4 : 0 }));
  }
  return concat(out);
}

/** An EBML element: id bytes, a size (8-byte vint), the body. */
function ebml(id: number[], ...parts: (Uint8Array | number[])[]): Uint8Array {
  const body = concat(parts);
  return concat([id, [0x01, ...u64be(body.length).slice(1)], body]);
}

/** WebM: the EBML header (DocType webm), then a segment whose Info gives the duration in ms. */
export function webm({ seconds }: { seconds: number }): Uint8Array {
  const duration = new Uint8Array(8);
  new DataView(duration.buffer).setFloat64(0, seconds * 1000);
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x86], [1]), ebml([0x42, 0x82], ascii("webm")), ebml([0x42, 0x87], [4]), ebml([0x42, 0x85], [2]));
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], u32be(1_000_000)), ebml([0x44, 0x89], duration));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], [0]), new Uint8Array(2048));
  // The segment's size is "unknown" (all ones), as a live recorder writes it.
  return concat([header, [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], info, cluster]);
}

/** `size` bytes of something that is no media format at all. */
export function notMedia(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(ascii("just some text, not a sound\n"));
  return bytes;
}

/** A streaming converter of the Worker's (`wavToFlac`, `flacToWav`): reads `source`, hands each piece it makes to `write`. */
type AudioConverter = (source: AsyncIterable<Uint8Array>, write: (bytes: Uint8Array) => Promise<void>) => Promise<unknown>;

/** What `run` makes of `bytes`, in one array (each piece copied, as the converter may reuse its buffer). */
export async function convertAudio(run: AudioConverter, bytes: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  await run(
    (async function* () {
      yield bytes;
    })(),
    async (b) => void parts.push(b.slice()),
  );
  return concat(parts);
}
