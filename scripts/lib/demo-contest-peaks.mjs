// The demo contests' entries' waveforms (decision 195), so the local default shows them without
// the Worker's job: the entry's remix is the tracks' audio generator's signal (what the media step
// encodes to its MP3), read here a block at a time into the Worker's own peak collector
// (worker/lib/peaks.ts). Rendering a 40-second signal takes about a second: each entry's peaks
// are made once per process.
import { trackSignal } from "./demo-audio.mjs";
import { PeakCollector, peaksToText } from "../../worker/lib/peaks.ts";

/** Samples per level, as the Worker's job reads a WAV (4096 frames a block). */
const BLOCK = 4096;
const made = new Map();

/**
 * The stored peaks (two hex digits each) of a demo entry's remix.
 * @param {{ id: string, durationSeconds: number }} entry
 * @returns {string}
 */
export function demoEntryPeaks(entry) {
  let peaks = made.get(entry.id);
  if (!peaks) {
    const signal = trackSignal(entry);
    const collector = new PeakCollector();
    for (let start = 0; start < signal.totalSamples; start += BLOCK) {
      let top = 0;
      for (let i = start; i < Math.min(start + BLOCK, signal.totalSamples); i++) top = Math.max(top, Math.abs(signal.sampleAt(i)));
      collector.add(top);
    }
    peaks = peaksToText(collector.peaks());
    made.set(entry.id, peaks);
  }
  return peaks;
}
