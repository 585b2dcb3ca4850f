// Types for png.mjs so TypeScript callers (the e2e suite) can import it.
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly number[]): Buffer;
export function avatarPng(seed: number, size?: number): Buffer;
