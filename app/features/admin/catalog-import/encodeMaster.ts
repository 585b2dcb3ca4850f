// The streaming MP3 of a track that has only a lossless master, made in the admin's browser
// (decision 120: the Worker cannot run a native encoder). The master is decoded by the browser
// (WebAudio, at the master's rate when MP3 has it) and handed to the encoder's Web Worker in
// blocks, so the page stays responsive and holds one track's PCM at a time. A 5.1 master is folded
// down to stereo (downmix.ts).
import type { Mp3WorkerAnswer, Mp3WorkerRequest } from "./mp3.worker";
import { downmixGain, stereoBlock } from "./downmix";
import { FRAME_SAMPLES, mp3SampleRate } from "./mp3Rates";

/** Samples per block sent to the worker: about 1.5 s at 44.1 kHz. */
const BLOCK = FRAME_SAMPLES * 64;

export async function encodeMaster(master: Blob, sampleRate: number | undefined, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Blob> {
  const rate = mp3SampleRate(sampleRate ?? 44100);
  const context = new OfflineAudioContext({ numberOfChannels: 2, length: 1, sampleRate: rate });
  const audio = await context.decodeAudioData(await master.arrayBuffer());
  const worker = new Worker(new URL("./mp3.worker.ts", import.meta.url), { type: "module" });
  const parts: BlobPart[] = [];
  try {
    return await new Promise<Blob>((resolve, reject) => {
      const send = (message: Mp3WorkerRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
      const sources = Array.from({ length: audio.numberOfChannels }, (_, c) => audio.getChannelData(c));
      const channels = Math.min(2, sources.length);
      const gain = downmixGain(sources);
      let sent = 0;
      let answered = 0;
      const blocks = Math.ceil(audio.length / BLOCK);
      // One block in flight at a time: the worker's queue never holds more than one block of PCM.
      const next = () => {
        if (signal?.aborted) return reject(signal.reason);
        if (sent >= blocks) return send({ type: "end" });
        const from = sent * BLOCK;
        const { left, right } = stereoBlock(sources, from, from + BLOCK, gain);
        sent++;
        send({ type: "chunk", left, ...(right ? { right } : {}) }, right ? [left.buffer, right.buffer] : [left.buffer]);
      };
      worker.onmessage = ({ data }: MessageEvent<Mp3WorkerAnswer>) => {
        if (data.type === "failed") return reject(new Error(data.message));
        parts.push(data.bytes as Uint8Array<ArrayBuffer>);
        if (data.type === "done") return resolve(new Blob(parts, { type: "audio/mpeg" }));
        answered++;
        onProgress(answered / blocks);
        next();
      };
      worker.onerror = (event) => reject(new Error(event.message));
      send({ type: "start", channels, sampleRate: rate });
      next();
    });
  } finally {
    worker.terminate();
  }
}
