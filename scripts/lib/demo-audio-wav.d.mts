// Types for demo-audio-wav.mjs so TypeScript callers (tests) can import it.
import type { DemoTrack } from "./demo-audio.mjs";
export function wavFile(pcm: Int16Array, sampleRate?: number): Uint8Array;
export function renderTrackWav(track: DemoTrack): Uint8Array;
