// Types for demo-live.mjs.
import type { Look } from "./demo-scene.mjs";
export const DEMO_LIVE_PREFIX: string;
export const DEMO_LIVE_MANIFEST_KEY: string;
export const DEMO_LIVE_INIT_KEY: string;
export function demoLiveSegmentKey(index: number): string;
export type DemoLive = { trackId: string; durationSeconds: number; look: Look; seed: string; variant: number; title: string; subtitle: string };
export const DEMO_LIVE: DemoLive;
export type DemoLiveManifest = { segmentSeconds: number; init: string; segments: { key: string; duration: number }[] };
export function topLevelBoxes(bytes: Uint8Array): { type: string; offset: number; size: number }[];
export function splitFragmentedMp4(fmp4: Uint8Array, totalSeconds: number): { init: Uint8Array; segments: { bytes: Uint8Array; duration: number }[] };
export function renderDemoLiveSource(
  live?: DemoLive,
): Promise<{ init: Uint8Array; segments: { bytes: Uint8Array; duration: number }[]; manifest: DemoLiveManifest }>;
