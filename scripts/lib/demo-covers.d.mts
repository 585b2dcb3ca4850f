// Types for demo-covers.mjs so TypeScript callers (tests) can import it.
export const COVER_SIZE: number;
export const DEMO_COVER_VERSION: number;
export function designCover(album: { id: string }): Record<string, unknown>;
export function renderCoverPng(album: { id: string }): Uint8Array;
