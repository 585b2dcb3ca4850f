// Types for demo-broadcast-images.mjs so TypeScript callers (tests) can import it.
import type { Look } from "./demo-scene.mjs";
export const STATION_IMAGE_SIZE: number;
export const THUMBNAIL_WIDTH: number;
export const THUMBNAIL_HEIGHT: number;
export function splitChannelName(name: string): { title: string; subtitle: string | null };
export function splitStationName(name: string): { title: string; subtitle: string };
type ChannelLike = { id: string; name: string; type: string; position: number; look: Look };
export function channelScene(channel: ChannelLike): { look: Look; seed: string; variant: number; title: string; subtitle: string | null; live: boolean };
export function renderStationPng(station: { id: string; name: string; position?: number; look: Look }): Uint8Array;
export function renderChannelThumbnailPng(channel: ChannelLike & { durationSeconds: number }): Uint8Array;
