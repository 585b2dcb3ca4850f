// Live shows (decision 113): the watch page's and the control room's request schemas and answers.
// The watch page reads GET /api/live/:eventId, then asks POST /api/live/:eventId/token for a
// playback token and plays its `playlistUrl` with hls.js, asking again before `expiresAt`.
import { z } from "./zod";
import { EVENT_ID_PATTERN } from "./events";
import {
  LIVE_ACCESS_KINDS,
  LIVE_CAPTION_LOCALES,
  LIVE_PINNED_PRODUCTS_MAX,
  LIVE_REPLAY_HOURS_DEFAULT,
  LIVE_REPLAY_HOURS_MAX,
  type LiveAccessKind,
  type LiveCaptionLocale,
  type LivePlaybackMode,
  type LiveProvider,
  type LiveRefusal,
  type LiveStoredState,
  type LiveViewState,
} from "./live-limits";

export * from "./live-limits";

export const liveCaptionParamSchema = z.object({ eventId: z.string().regex(EVENT_ID_PATTERN), locale: z.enum(LIVE_CAPTION_LOCALES) });

// ---------- The watch page ----------

export type LivePinnedProduct = { id: string; slug: string; name: string; priceCents: number; currency: string; imageUrl: string | null };
export type LiveCaption = { locale: LiveCaptionLocale; url: string };

/** GET /api/live/:eventId: the show as this viewer may see it (a visitor gets it, locked `sign_in`). */
export type LiveShowView = {
  eventId: string;
  /** In the viewer's language, as events answer. */
  title: string;
  description: string | null;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  imageUrl: string | null;
  state: LiveViewState;
  /** ISO; while (or until) a replay is watchable by everyone with access; null when there is none or it is kept by tier. */
  replayUntil: string | null;
  access: { kind: LiveAccessKind; tierId: string | null; tierName: { en: string; ptBR: string } | null };
  /** Null when this viewer may watch; else what opens the show. */
  locked: LiveRefusal | null;
  /** Where to buy a ticket: "/events/<id>" for a ticket show, else null. */
  buyUrl: string | null;
  /** The show's room (rooms' kind), or null. */
  roomId: string | null;
  /** Viewers whose token was issued or refreshed in the last 90 seconds. */
  viewers: number;
  /** The store's active products the admin pinned, in their order. */
  pinnedProducts: LivePinnedProduct[];
  /** WebVTT captions for the replay (empty while live or for a viewer who may not watch). */
  captions: LiveCaption[];
  /** This member asked to be told when the event starts ("Remind me"); false for a visitor. */
  reminded: boolean;
};

/**
 * POST /api/live/:eventId/token: 200 with a playback token; 401 `unauthorized` for a visitor,
 * 403 with LIVE_REFUSAL_CODES' code, 409 `not_live` before the start or after the end without a
 * replay, 503 `live_media_missing` when the local source has no media.
 */
export type LiveTokenResponse = {
  token: string;
  /** ISO; ask again before it. */
  expiresAt: string;
  /** Local: /api/live/<eventId>/hls/<token>/index.m3u8; Stream: https://customer-<code>.cloudflarestream.com/<token>/manifest/video.m3u8 */
  playlistUrl: string;
  mode: LivePlaybackMode;
  provider: LiveProvider;
};

// ---------- The control room (admins) ----------

export const liveShowInputSchema = z.strictObject({
  access: z.enum(LIVE_ACCESS_KINDS),
  /** For `tier`: that tier and above. */
  minTierId: z.string().min(1).max(64).nullish(),
  replayHours: z.int().min(0).max(LIVE_REPLAY_HOURS_MAX).default(LIVE_REPLAY_HOURS_DEFAULT),
  /** After the window the replay stays for this tier and above; null hides it. */
  replayKeepTierId: z.string().min(1).max(64).nullish(),
  pinnedProductIds: z.array(z.string().min(1).max(64)).max(LIVE_PINNED_PRODUCTS_MAX).default([]),
});
export type LiveShowInput = z.input<typeof liveShowInputSchema>;

/** A show's settings as stored. */
export type LiveShowSettings = {
  eventId: string;
  access: LiveAccessKind;
  minTierId: string | null;
  replayHours: number;
  replayKeepTierId: string | null;
  pinnedProductIds: string[];
  provider: LiveProvider;
  /** The stored state (what the control room's buttons act on): scheduled, live or ended. */
  state: LiveStoredState;
  /** ISO or null. */
  startedAt: string | null;
  endedAt: string | null;
  roomId: string | null;
};

/** GET /api/admin/live/:eventId (also the answer of PUT, start and end). */
export type LiveControlRoom = {
  eventId: string;
  title: string;
  show: LiveShowSettings | null;
  /** The show as everyone with access sees it now ('upcoming' before a show exists). */
  state: LiveViewState;
  /** True when the Worker's own local source plays (no Stream secrets). */
  local: boolean;
  /** The ingest details for OBS and friends: only with Stream, only to admins. */
  ingest: { rtmpsUrl: string; rtmpsKey: string; srtUrl: string | null } | null;
  viewers: number;
  /** One sample per minute while live; `minute` is ISO. */
  viewersSeries: { minute: string; viewers: number }[];
  roomId: string | null;
  captions: LiveCaption[];
};
