// Types for demo-draw.mjs so TypeScript callers (tests) can import it.
export type Rgb = [number, number, number];
export function hsl(h: number, s: number, l: number): Rgb;
export function mixColor(a: readonly number[], b: readonly number[], t: number): Rgb;
export class Raster {
  constructor(width: number, height: number);
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
  readonly u32: Uint32Array;
  static pack(color: readonly number[]): number;
  span(y: number, x0: number, x1: number, packed: number): void;
  rect(x0: number, y0: number, x1: number, y1: number, packed: number): void;
  blend(x: number, y: number, color: readonly number[], alpha: number): void;
  add(x: number, y: number, color: readonly number[], k: number): void;
  blendRect(x0: number, y0: number, x1: number, y1: number, color: readonly number[], alpha: number): void;
  disc(cx: number, cy: number, r: number, color: readonly number[], alpha?: number): void;
  glowLine(x0: number, y0: number, x1: number, y1: number, color: readonly number[], k: number, width?: number): void;
}
export const GLYPH_WIDTH: number;
export const GLYPH_HEIGHT: number;
export function textWidth(text: string, scale: number): number;
export type TextMask = { width: number; height: number; pad: number; core: Float32Array; glow: Float32Array };
export function textMask(text: string, scale: number, glowRadius?: number): TextMask;
export function drawText(
  raster: Raster,
  mask: TextMask,
  x: number,
  y: number,
  color: readonly number[],
  glowColor: readonly number[],
  glowStrength?: number,
  opacity?: number,
): void;
