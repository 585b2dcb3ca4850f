// Offline demo images for the radio stations and TV channels (scripts/catalog/broadcast.mjs): a
// square station image and a 16:9 channel thumbnail, PNG, drawn with the synthwave scene of
// scripts/lib/demo-scene.mjs in the station's or channel's `look` colours, with its name in the
// built-in bitmap font. A channel's thumbnail is a still of its demo video's scene (same layout,
// title and LIVE badge; see channelScene). Nothing downloaded; the same input gives the same bytes.
import { createScene, syntheticLevels } from "./demo-scene.mjs";
import { encodePngRgba } from "./png.mjs";

export const STATION_IMAGE_SIZE = 400;
export const THUMBNAIL_WIDTH = 640;
export const THUMBNAIL_HEIGHT = 360;

/** "Spring Love (Official Music Video)" → title "Spring Love", subtitle "Official Music Video". */
export function splitChannelName(name) {
  const match = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(name);
  return match ? { title: match[1], subtitle: match[2] } : { title: name, subtitle: null };
}

/** "NYC Rhythm Radio" → title "NYC Rhythm", subtitle "Radio" (a name without "Radio" keeps it whole). */
export function splitStationName(name) {
  const match = /^(.*?)\s+radio$/i.exec(name);
  return match ? { title: match[1], subtitle: "Radio" } : { title: name, subtitle: "Radio" };
}

/**
 * The scene options a channel's video and thumbnail share: its look, a layout seeded by its id,
 * the emblem by its position (neighbours differ), its name as title and subtitle, and the LIVE
 * badge for a live channel.
 * @param {{ id: string, name: string, type: string, position: number, look: { hue: number, accent: number } }} channel
 */
export function channelScene(channel) {
  const { title, subtitle } = splitChannelName(channel.name);
  return { look: channel.look, seed: `tv:${channel.id}`, variant: channel.position, title, subtitle, live: channel.type === "live" };
}

/**
 * A radio station's image: 400x400 PNG (sharp on a 2x screen at the cards' size, light on a phone), the scene with the station's name big in the middle.
 * @param {{ id: string, name: string, position?: number, look: { hue: number, accent: number } }} station
 * @returns {Uint8Array}
 */
export function renderStationPng(station) {
  const { title, subtitle } = splitStationName(station.name);
  const seed = `station:${station.id}`;
  const size = STATION_IMAGE_SIZE;
  const scene = createScene({ look: station.look, seed, variant: station.position, width: size, height: size, title, subtitle, layout: "logo" });
  const p = 0.1; // on a beat of the synthetic levels: the bars up, the rings bright
  return encodePngRgba(size, size, scene.draw(p, syntheticLevels(p, 30, seed)).rgba);
}

/**
 * A TV channel's thumbnail: 640x360 PNG, a still of its demo video's scene.
 * @param {{ id: string, name: string, type: string, position: number, durationSeconds: number, look: { hue: number, accent: number } }} channel
 * @returns {Uint8Array}
 */
export function renderChannelThumbnailPng(channel) {
  const options = channelScene(channel);
  const loopSeconds = channel.durationSeconds;
  const scene = createScene({ ...options, width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, loopSeconds, layout: "video" });
  const p = 0.25; // on a beat of the synthetic levels
  return encodePngRgba(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, scene.draw(p, syntheticLevels(p, loopSeconds, options.seed)).rgba);
}
