// Types for broadcast.mjs so TypeScript callers (tests, other scripts) can import it.
export type Look = { hue: number; accent: number };
export type RadioStation = {
  id: string;
  name: string;
  namePtBr: string;
  description: { en: string; "pt-BR": string };
  imageKey: string;
  features: string[];
  sourceType: "catalog" | "stream";
  streamUrl: string | null;
  albumIds: string[] | null;
  seed: number;
  position: number;
  look: Look;
};
export type TvChannel = {
  id: string;
  name: string;
  namePtBr: string;
  description: { en: string; "pt-BR": string };
  category: "music_video" | "live" | "behind_the_scenes";
  type: "video" | "live";
  thumbnailKey: string;
  videoKey: string;
  embedUrl: string | null;
  durationSeconds: number;
  audioTrackId: string | null;
  position: number;
  look: Look;
};
export const STATION_FEATURES: string[];
export const RADIO_STATIONS: RadioStation[];
export const TV_CHANNELS: TvChannel[];
