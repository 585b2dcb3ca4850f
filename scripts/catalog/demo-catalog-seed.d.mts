// Types for demo-catalog-seed.mjs.
import type { CatalogAlbum } from "./catalog.mjs";
import type { RadioStation, TvChannel } from "./broadcast.mjs";
export function sqlLiteral(value: string | number | null | undefined): string;
export const DEMO_MP3_KBPS: number;
export function catalogSeedStatements(catalog?: CatalogAlbum[]): string[];
export function broadcastSeedStatements(stations?: RadioStation[], channels?: TvChannel[]): string[];
export function demoCatalogStatements(): string[];
export function demoCatalogSql(): string;
