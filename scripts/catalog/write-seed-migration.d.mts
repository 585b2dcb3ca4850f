// Types for write-seed-migration.mjs.
import type { CatalogAlbum } from "./catalog.mjs";
export const SEED_MIGRATION_FILE: string;
export function sqlLiteral(value: string | number | null | undefined): string;
export function buildCatalogSeedSql(catalog?: CatalogAlbum[]): string;
export const BROADCAST_SEED_MIGRATION_FILE: string;
export function buildBroadcastSeedSql(stations?: import("./broadcast.mjs").RadioStation[], channels?: import("./broadcast.mjs").TvChannel[]): string;
