// Types for png.mjs so TypeScript callers (the e2e and node suites) can import it.
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly number[]): Buffer;
export function avatarPng(seed: number, size?: number): Buffer;
export function encodePngRgba(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray): Buffer;
