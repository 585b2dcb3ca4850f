// The MP3 encoder off the page's thread: "start" makes an encoder, each "chunk" (samples per
// channel, transferred) answers its MP3 bytes, "end" answers the last bytes. One track at a time.
import { ChunkedMp3Encoder } from "./mp3Encode";

export type Mp3WorkerRequest =
  | { type: "start"; channels: number; sampleRate: number }
  | { type: "chunk"; left: Float32Array; right?: Float32Array }
  | { type: "end" };
export type Mp3WorkerAnswer = { type: "data"; bytes: Uint8Array } | { type: "done"; bytes: Uint8Array } | { type: "failed"; message: string };

let encoder: ChunkedMp3Encoder | null = null;

const answer = (message: Mp3WorkerAnswer) => (self as unknown as Worker).postMessage(message, "bytes" in message ? [message.bytes.buffer as ArrayBuffer] : []);

self.onmessage = ({ data }: MessageEvent<Mp3WorkerRequest>) => {
  try {
    if (data.type === "start") encoder = new ChunkedMp3Encoder(data.channels, data.sampleRate);
    else if (data.type === "chunk") answer({ type: "data", bytes: encoder!.encode(data.left, data.right).slice() });
    else {
      answer({ type: "done", bytes: encoder!.finish().slice() });
      encoder = null;
    }
  } catch (error) {
    answer({ type: "failed", message: String(error) });
  }
};
