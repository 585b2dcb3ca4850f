// The two conversions a master needs, one piece at a time: a file goes in as a stream of chunks
// and comes out through `write`, so memory holds a few megabytes of input and one frame, whatever
// the track's length (a 10-minute 24-bit/96 kHz master is ~350 MB of PCM).
import { OutOfData } from "./bits";
import { decodeFrame, FlacError, readStreamHeader, type Frame, type StreamInfo } from "./decode";
import { ENCODE_BLOCK_SIZE, encodeFrame, encodeStreamHeader, type FlacTags } from "./encode";
import { channelsToPcm, pcmToChannels, readWavHeader, wavHeader, type PcmFormat } from "./wav";

/** Input kept at hand: refilled to FILL bytes when under LOW, so one frame (at most ~1.5 MB) always fits. */
export const LOW = 2 * 1024 * 1024;
export const FILL = 8 * 1024 * 1024;

export class ByteFeed {
  private buf = new Uint8Array(0);
  private start = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  get ended() {
    return this.done;
  }

  /** The unread bytes. */
  view(): Uint8Array {
    return this.buf.subarray(this.start);
  }

  consume(n: number) {
    this.start += n;
  }

  /** Reads on until `want` unread bytes are at hand or the input ends. */
  async fill(want: number): Promise<void> {
    if (this.buf.length - this.start >= want || this.done) return;
    const parts: Uint8Array[] = [this.buf.subarray(this.start)];
    let total = parts[0]!.length;
    while (total < want) {
      const next = await this.iterator.next();
      if (next.done) {
        this.done = true;
        break;
      }
      parts.push(next.value);
      total += next.value.length;
    }
    const joined = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    this.buf = joined;
    this.start = 0;
  }

  /** Reads a header with `parse`, reading more while it runs past the bytes at hand. */
  async parse<T>(parse: (bytes: Uint8Array) => T): Promise<T> {
    let want = 64 * 1024;
    for (;;) {
      await this.fill(want);
      try {
        return parse(this.view());
      } catch (err) {
        if (!(err instanceof OutOfData) || this.done) throw err instanceof OutOfData ? new FlacError("truncated header") : err;
        want *= 2;
      }
    }
  }
}

/**
 * The frame at the head of a FLAC feed (the caller consumes `frame.next` bytes after it), reading
 * more first when under LOW; FlacError when the stream ends mid-frame or a frame's channels differ
 * from STREAMINFO's.
 */
export async function nextFlacFrame(feed: ByteFeed, info: StreamInfo): Promise<Frame> {
  if (feed.view().length < LOW) await feed.fill(FILL);
  let frame: Frame;
  try {
    frame = decodeFrame(feed.view(), 0, info);
  } catch (err) {
    if (err instanceof OutOfData) throw new FlacError("flac: truncated stream");
    throw err;
  }
  if (frame.channels.length !== info.channels) throw new FlacError("flac: a frame's channels differ from STREAMINFO's");
  return frame;
}

export type Written = PcmFormat & { totalSamples: number };
type Write = (bytes: Uint8Array) => Promise<void>;

/** A FLAC stream to a WAV file of the same samples. */
export async function flacToWav(source: AsyncIterable<Uint8Array>, write: Write): Promise<Written> {
  const feed = new ByteFeed(source);
  const { info, audioOffset } = await feed.parse(readStreamHeader);
  if (info.totalSamples === 0) throw new FlacError("flac: stream length unknown");
  if (info.bitsPerSample % 8 !== 0 || info.bitsPerSample > 24) throw new FlacError("flac: a sample size WAV derivation does not take");
  const format: PcmFormat = { sampleRate: info.sampleRate, channels: info.channels, bitsPerSample: info.bitsPerSample };
  const dataLength = info.totalSamples * info.channels * (info.bitsPerSample / 8);
  await write(wavHeader(format, dataLength));
  feed.consume(audioOffset);
  let written = 0;
  while (written < info.totalSamples) {
    const frame = await nextFlacFrame(feed, info);
    const n = Math.min(frame.blockSize, info.totalSamples - written);
    await write(channelsToPcm(frame.channels, n, info.bitsPerSample));
    written += n;
    feed.consume(frame.next);
  }
  if (dataLength & 1) await write(new Uint8Array(1));
  return { ...format, totalSamples: info.totalSamples };
}

/** A WAV file (integer PCM) to a FLAC stream of the same samples, carrying `tags` when given. */
export async function wavToFlac(source: AsyncIterable<Uint8Array>, write: Write, tags?: FlacTags): Promise<Written> {
  const feed = new ByteFeed(source);
  const { format, dataOffset, dataLength } = await feed.parse(readWavHeader);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const totalSamples = Math.floor(dataLength / blockAlign);
  if (totalSamples === 0) throw new FlacError("wav: no samples");
  await write(encodeStreamHeader({ ...format, totalSamples }, tags));
  feed.consume(dataOffset);
  const frameBytes = ENCODE_BLOCK_SIZE * blockAlign;
  let done = 0;
  for (let frame = 0; done < totalSamples; frame++) {
    const n = Math.min(ENCODE_BLOCK_SIZE, totalSamples - done);
    const bytes = n * blockAlign;
    if (feed.view().length < bytes) await feed.fill(Math.max(bytes, Math.min(FILL, frameBytes * 64)));
    if (feed.view().length < bytes) throw new FlacError("wav: truncated samples");
    const channels = pcmToChannels(feed.view().subarray(0, bytes), format);
    await write(encodeFrame(frame, channels, n, format.bitsPerSample));
    feed.consume(bytes);
    done += n;
  }
  return { ...format, totalSamples };
}
