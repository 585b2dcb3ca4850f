// Types for jpeg.mjs so TypeScript callers (tests) can import it.
export const JPEG_QUALITY: number;
export function encodeJpeg(width: number, height: number, rgba: ArrayLike<number>, quality?: number): Uint8Array;
export function halveRgba(width: number, height: number, rgba: ArrayLike<number>): Uint8ClampedArray;
export function cropRgba(
  width: number,
  height: number,
  rgba: Uint8ClampedArray,
  rect: { x: number; y: number; width: number; height: number },
): Uint8ClampedArray;
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null;
