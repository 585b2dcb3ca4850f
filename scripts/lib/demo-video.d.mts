// Types for demo-video.mjs so TypeScript callers (tests) can import it.
import type { Levels, Look } from "./demo-scene.mjs";
export const VIDEO_WIDTH: number;
export const VIDEO_HEIGHT: number;
export const VIDEO_FPS: number;
export const VIDEO_QP: number;
export const VIDEO_ENCODER_SPEED: number;
export const KEYFRAME_SECONDS: number;
export function h264LevelFor(width: number, height: number, fps: number): number;
export function rgbaToI420(rgba: ArrayLike<number>, width: number, height: number, out?: Uint8Array): Uint8Array;
export function analyzeLevels(samples: Float32Array, sampleRate: number, fps: number, frameCount: number, delaySamples?: number): Levels[];
export type VideoAudio = { mp3: Uint8Array; levels?: Levels[] };
export function trackVideoAudio(track: { id: string }, durationSeconds: number, options?: { fps?: number; gainDb?: number }): Required<VideoAudio>;
export type DemoVideoOptions = {
  look: Look;
  durationSeconds: number;
  seed?: string;
  variant?: number;
  width?: number;
  height?: number;
  fps?: number;
  title?: string | null;
  subtitle?: string | null;
  live?: boolean;
  quantizer?: number;
  maxBytes?: number;
  audio?: VideoAudio;
};
export function renderDemoVideo(options: DemoVideoOptions): Promise<Uint8Array>;
