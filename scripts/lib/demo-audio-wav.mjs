// A catalog track's lossless master for the store's downloads (decision 054): the very signal its
// demo MP3 encodes (scripts/lib/demo-audio.mjs trackSignal), as 16-bit PCM in a WAV file, 22.05 kHz
// mono like the demo audio, exactly `track.durationSeconds` long, with the same fades. A module of
// its own, so the MP3s' cache version (their renderer's code) does not move with it.
import { pcmRegion, SAMPLE_RATE, trackSignal } from "./demo-audio.mjs";

/** Mono 16-bit PCM in a RIFF/WAVE file (the canonical 44-byte header). */
export function wavFile(pcm, sampleRate = SAMPLE_RATE) {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true); // bytes per sample frame
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + i * 2, pcm[i], true);
  return bytes;
}

/**
 * @param {{ id: string, durationSeconds: number }} track
 * @returns {Uint8Array}
 */
export function renderTrackWav(track) {
  if (!Number.isFinite(track.durationSeconds) || track.durationSeconds <= 0) throw new Error(`bad duration for ${track.id}`);
  const signal = trackSignal(track);
  return wavFile(pcmRegion(signal, 0, signal.totalSamples));
}
