// Types for demo-masters.mjs so TypeScript callers (tests) can import it.
import type { CatalogAlbum } from "./catalog.mjs";
export const DEMO_MASTER_RELEASES: string[];
export function masterKeyOf(trackId: string): string;
export function flacKeyOf(trackId: string): string;
export const DEMO_ARTIST: string;
export function demoMasterTracks(catalog?: CatalogAlbum[]): {
  id: string;
  albumId: string;
  title: string;
  number: number;
  isrc: string;
  album: Pick<CatalogAlbum, "id" | "title" | "year" | "type">;
  durationSeconds: number;
  key: string;
}[];
export function demoMastersSql(catalog?: CatalogAlbum[]): string;
