// Radio stations: shapes shared by the Worker and the SPA (docs/features.md#radio-and-tv: the radio page, a station's fields, the shared
// radio state, the radio's error texts). The station list and what is playing are public; the audio and the live socket
// are for VIP and admin only.
import type { TrackView } from "./music/music";

/** The spec's texts (docs/features.md#radio-and-tv), English fallbacks; the SPA shows its own translations. */
export const RADIO_MESSAGES = {
  stationNotFound: "Station not found",
  streamUnavailable: "Unable to connect to radio stream. Please try again later.",
  emptyRotation: "This station has no tracks to play yet",
} as const;

export const STATION_FEATURES = ["commercial_free", "high_quality", "vip_access", "curated"] as const;
export type StationFeature = (typeof STATION_FEATURES)[number];

export type RadioStationView = {
  id: string;
  /** The name and description in the answer's language (?lang=, the locale cookie, Accept-Language). */
  name: string;
  description: string;
  imageUrl: string | null;
  features: StationFeature[];
  /** catalog: a rotation of catalog tracks, in sync for every listener; stream: a remote stream. */
  sourceType: "catalog" | "stream";
  position: number;
};

export type StationsResponse = { stations: RadioStationView[] };

export type RadioTrack = Pick<TrackView, "id" | "title" | "albumId" | "albumTitle" | "albumYear" | "coverUrl" | "durationSeconds">;

/** One track of a station's rotation, with when it started and ends (ISO instants). */
export type RadioSlot = { track: RadioTrack; startedAt: string; endsAt: string };

/**
 * What a station plays at `serverTime`. A listener's offset into the current track is
 * serverTime - current.startedAt (plus the time since the answer arrived). Stream stations have
 * no current, next or history: their titles are not known.
 */
export type NowPlaying = {
  stationId: string;
  serverTime: string;
  current: RadioSlot | null;
  next: RadioSlot | null;
  /** The last tracks played before the current one, most recent first (at most RADIO_HISTORY_SIZE). */
  history: RadioSlot[];
  listeners: number;
};

export type NowPlayingResponse = { nowPlaying: NowPlaying };

/** POST /api/radio/stations/:id/tune (VIP, admin): what to play now and a signed URL for it. */
export type TuneResponse = { kind: RadioStationView["sourceType"]; nowPlaying: NowPlaying; url: string; expiresAt: string };

export const RADIO_HISTORY_SIZE = 10;
/** The SPA's loading static on a station change, and how long an error stays (docs/features.md#radio-and-tv: 2 s of static, errors shown 5 s). */
export const RADIO_STATIC_MS = 2000;
export const RADIO_ERROR_MS = 5000;

/** Frames the station hub sends on /api/radio/stations/:id/live (besides the text "pong"). */
export type RadioServerFrame = { type: "listeners"; count: number } | { type: "now_playing"; nowPlaying: NowPlaying } | { type: "error"; code: "bad_frame" };
