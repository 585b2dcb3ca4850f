// Types for catalog.mjs so TypeScript callers (tests, other scripts) can import it.
export type CatalogTrack = {
  id: string;
  albumId: string;
  title: string;
  number: number;
  durationSeconds: number;
  audioKey: string;
  featuredPosition: number | null;
  /** A demo ISRC: country "XX" (user-assigned, held by no agency), registrant "DEM". */
  isrc: string;
};
export type CatalogAlbum = {
  id: string;
  title: string;
  year: number;
  type: "Album" | "Single";
  coverKey: string;
  position: number;
  tracks: CatalogTrack[];
};
export const CATALOG: CatalogAlbum[];
export const FEATURED_TRACK_IDS: string[];
export const ICONIC_TRACK_IDS: string[];
export function allTracks(catalog?: CatalogAlbum[]): CatalogTrack[];
export function findTrack(trackId: string, catalog?: CatalogAlbum[]): { album: CatalogAlbum; track: CatalogTrack } | undefined;
