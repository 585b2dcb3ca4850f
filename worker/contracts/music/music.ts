// The music catalog, streaming and play counts: shapes shared by the Worker and the SPA.
import { z } from "../zod";
import { SLUG_PATTERN } from "../ids";

/** Album and track ids are lowercase slugs (`spring-love`, `freestyle-nights-3`); zod-free in ids.ts. */
export { SLUG_PATTERN };

export { MUSIC_MESSAGES } from "./limits";

const slug = z.string().min(1).max(100).regex(SLUG_PATTERN);

export const albumIdParamSchema = z.object({ id: slug });
export const trackIdParamSchema = z.object({ id: slug });
/** Radio station and TV channel ids are slugs too. */
export const slugIdParamSchema = z.object({ id: slug });

export type AlbumType = "Album" | "Single";

/** A track as every list shows it. No audio location: that comes only from the stream route. */
export type TrackView = {
  id: string;
  title: string;
  number: number;
  albumId: string;
  albumTitle: string;
  albumYear: number;
  /** Public cover image URL, or null for the default artwork. */
  coverUrl: string | null;
  durationSeconds: number;
  plays: number;
  /** False for a track without audio yet: it cannot be played. */
  playable: boolean;
  /** True when anyone may play its 30-second preview (POST /api/music/tracks/:id/preview). */
  preview: boolean;
  /** Before its public release: VIPs and admins hear it in full, everyone else sees it coming. */
  earlyAccess: boolean;
  /** The public release while in early access (ISO); null once released. */
  releaseAt: string | null;
  /**
   * Only on a track of an album sold as a pre-order, listed before its early access (decision 152):
   * on sale with its album and heard by nobody yet, so nothing says VIPs are listening.
   */
  preorder?: true;
  /** 0-4 for the five featured tracks, else null. */
  featuredPosition: number | null;
};

export type AlbumSummary = {
  id: string;
  title: string;
  year: number;
  type: AlbumType;
  coverUrl: string | null;
  position: number;
  trackCount: number;
  /** Before its public release: VIPs and admins hear it in full, everyone else sees it coming. */
  earlyAccess: boolean;
  /** The public release while in early access (ISO); null once released. */
  releaseAt: string | null;
  /** Sold as a pre-order until its release (decision 152): its page sells it, its teasers play. */
  preorder: boolean;
};

export type AlbumDetail = AlbumSummary & {
  tracks: TrackView[];
  /** The album's notes in the answer's language (Content-Language), English when there is no Portuguese; null: none. */
  notes: string | null;
};

/** GET /api/music/albums */
export type AlbumsResponse = { albums: AlbumSummary[] };
/** GET /api/music/albums/:id */
export type AlbumResponse = { album: AlbumDetail };
/** GET /api/music/tracks: featured tracks first (by position), then album tracks in catalog order. */
export type TracksResponse = { tracks: TrackView[]; totalPlays: number };
/** GET /api/music/tracks/:id */
export type TrackResponse = { track: TrackView };
/** GET /api/music/stats */
export type MusicStatsResponse = { totalPlays: number };

/**
 * What the player's quality label names (decision 121): the file's format and what the Worker read
 * of it when it was stored (an MP3's bitrate, a master's sample rate and bit depth); null: unknown.
 */
export type PlayingQuality = {
  format: "mp3" | "aac" | "m4a" | "ogg" | "flac" | "wav";
  kbps: number | null;
  sampleRate: number | null;
  bitDepth: number | null;
};

/** POST /api/music/tracks/:id/stream (VIP/admin): a short-lived URL the <audio> element can use. */
export type StreamResponse = {
  url: string;
  expiresAt: string;
  /** The full stream's answer: whether this member may hear the track's lossless master (decision 105). */
  lossless?: boolean;
  /** What the URL plays, for the player's label (absent: a remote or unknown file). */
  quality?: PlayingQuality;
};

/**
 * POST /api/music/tracks/:id/lossless (a tier with lossless listening, and admins): the lossless
 * stream (FLAC where the catalog has it, decision 121) and the same file as a download, both short-lived.
 */
export type LosslessResponse = { url: string; downloadUrl: string; format: "flac" | "wav"; quality: PlayingQuality; expiresAt: string };

/** POST /api/music/tracks/:id/plays (VIP/admin): whether this play counted, and the new counters. */
export type PlayResponse = { counted: boolean; plays: number; totalPlays: number };

export { PREVIEW_SECONDS } from "../preview";

/**
 * POST /api/music/tracks/:id/preview (anyone): a short-lived URL of the track's preview, which
 * holds only the preview's own bytes, and where in the track it starts.
 */
export type PreviewResponse = { url: string; expiresAt: string; startSeconds: number; durationSeconds: number };

/** POST /api/music/tracks/:id/preview-plays (anyone): whether this preview play counted. */
export type PreviewPlayResponse = { counted: boolean };

/** How long a signed media URL stays valid. */
export const MEDIA_TOKEN_TTL_SECONDS = 10 * 60;
