// Types for demo-scene.mjs so TypeScript callers (tests) can import it.
import type { Raster } from "./demo-draw.mjs";
export type Look = { hue: number; accent: number };
export type Levels = { bass: number; mid: number; high: number; bands: ArrayLike<number> };
export const DEMO_SCENE_VERSION: number;
export const SCENE_BANDS: number;
export const EMBLEMS: readonly ("sun" | "rings" | "moon")[];
export function designScene(look: Look, seed: string, variant?: number): { emblem: "sun" | "rings" | "moon"; mountains: boolean; [more: string]: unknown };
export function syntheticLevels(p: number, loopSeconds: number, seed?: string): Levels;
export type SceneOptions = {
  look: Look;
  seed: string;
  variant?: number;
  width: number;
  height: number;
  loopSeconds?: number;
  title?: string | null;
  subtitle?: string | null;
  live?: boolean;
  layout?: "video" | "logo";
};
export function createScene(options: SceneOptions): { raster: Raster; design: ReturnType<typeof designScene>; draw(p: number, levels: Levels): Raster };
