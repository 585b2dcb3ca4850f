// Types for demo-audio.mjs so TypeScript callers (tests) can import it.
import type { Id3Tags } from "./id3v24.mjs";

export const ENCODER_QUALITY: number;
export const DEMO_AUDIO_VERSION: number;
export const SAMPLE_RATE: number;
export const BITRATE_KBPS: number;
export const SAMPLES_PER_FRAME: number;
export type TrackDesign = {
  bpm: number;
  periodFrames: number;
  periodSamples: number;
  stepSamples: number;
  tonic: number;
  scale: number[];
  progression: number[];
  kick: string;
  snare: string;
  hats: string;
  bass: string;
  arpOrder: string;
  [more: string]: unknown;
};
export type DemoTrack = { id: string; title?: string; durationSeconds: number };
export type DemoAlbum = { title?: string; year?: number };
export type Mp3Frame = { offset: number; length: number; samples: number; sampleRate: number; kbps: number; mainDataBegin: number };
export function designTrack(track: Pick<DemoTrack, "id">): TrackDesign;
export function renderStems(design: TrackDesign): Record<"drums" | "bass" | "pad" | "melodic" | "reverb", Float32Array>;
export function trackSignal(track: DemoTrack): {
  design: TrackDesign;
  introSamples: number;
  totalSamples: number;
  fadeOutSamples: number;
  sampleAt(index: number): number;
};
export function pcmRegion(signal: ReturnType<typeof trackSignal>, start: number, length: number): Int16Array;
export function encodePcm(pcm: Int16Array): Uint8Array;
export function id3Length(bytes: Uint8Array, offset?: number): number;
export function parseMp3Frames(bytes: Uint8Array): Mp3Frame[];
export function mp3DurationSeconds(bytes: Uint8Array): number;
export function quieterFrame(frame: Uint8Array, steps: number): Uint8Array;
export function renderTrackMp3(track: DemoTrack, tags?: Id3Tags<Uint8Array>): Uint8Array;
