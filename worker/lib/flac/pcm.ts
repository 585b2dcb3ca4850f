// A WAV or FLAC file as blocks of samples, one piece at a time: what a contest entry's streaming
// copy and waveform are made from (services/contests/entry-stream-job.ts). Like the conversions
// beside it, it holds a few megabytes of input and one block, whatever the file's length.
import { ByteFeed, FILL, nextFlacFrame } from "./convert";
import { FlacError, readStreamHeader } from "./decode";
import { pcmToChannels, readWavHeader, type PcmFormat } from "./wav";

/** Samples per channel, each at the format's bits per sample (signed). */
export type PcmBlock = { channels: Int32Array[]; frames: number };
export type PcmStream = { format: PcmFormat; totalFrames: number; blocks: AsyncGenerator<PcmBlock> };

/** Sample frames per block read from a WAV. */
const WAV_BLOCK_FRAMES = 4096;

/** The file's format and its samples; FlacError when it is not the WAV or FLAC it should be. */
export async function readPcm(source: AsyncIterable<Uint8Array>, kind: "wav" | "flac"): Promise<PcmStream> {
  const feed = new ByteFeed(source);
  return kind === "wav" ? wavPcm(feed) : flacPcm(feed);
}

async function wavPcm(feed: ByteFeed): Promise<PcmStream> {
  const { format, dataOffset, dataLength } = await feed.parse(readWavHeader);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const totalFrames = Math.floor(dataLength / blockAlign);
  if (totalFrames === 0) throw new FlacError("wav: no samples");
  feed.consume(dataOffset);
  async function* blocks(): AsyncGenerator<PcmBlock> {
    for (let done = 0; done < totalFrames;) {
      const frames = Math.min(WAV_BLOCK_FRAMES, totalFrames - done);
      const bytes = frames * blockAlign;
      if (feed.view().length < bytes) await feed.fill(Math.max(bytes, FILL));
      if (feed.view().length < bytes) throw new FlacError("wav: truncated samples");
      yield { channels: pcmToChannels(feed.view().subarray(0, bytes), format), frames };
      feed.consume(bytes);
      done += frames;
    }
  }
  return { format, totalFrames, blocks: blocks() };
}

async function flacPcm(feed: ByteFeed): Promise<PcmStream> {
  const { info, audioOffset } = await feed.parse(readStreamHeader);
  if (info.totalSamples === 0) throw new FlacError("flac: stream length unknown");
  if (info.bitsPerSample > 24) throw new FlacError("flac: a sample size the streaming copy does not take");
  const format: PcmFormat = { sampleRate: info.sampleRate, channels: info.channels, bitsPerSample: info.bitsPerSample };
  feed.consume(audioOffset);
  async function* blocks(): AsyncGenerator<PcmBlock> {
    for (let done = 0; done < info.totalSamples;) {
      const frame = await nextFlacFrame(feed, info);
      const frames = Math.min(frame.blockSize, info.totalSamples - done);
      yield { channels: frame.channels, frames };
      feed.consume(frame.next);
      done += frames;
    }
  }
  return { format, totalFrames: info.totalSamples, blocks: blocks() };
}
