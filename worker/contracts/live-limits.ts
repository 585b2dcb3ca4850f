// Live shows (decision 113): streamed shows behind a ticket, a tier or membership, with a replay
// window. Zod-free limits, enums, paths and English texts, so the watch page's first load and the
// Worker's hot paths (the playlist) read them without building a schema. live.ts re-exports them.

/** Who a show is for: holders of a valid ticket to its event, a tier and higher, or every member. */
export const LIVE_ACCESS_KINDS = ["ticket", "tier", "members"] as const;
export type LiveAccessKind = (typeof LIVE_ACCESS_KINDS)[number];

/** What the database keeps: the show has not started, is on air, or has ended. */
export const LIVE_STORED_STATES = ["scheduled", "live", "ended"] as const;
export type LiveStoredState = (typeof LIVE_STORED_STATES)[number];

/** What a viewer is told: `replay` is an ended show whose recording they may watch now. */
export const LIVE_VIEW_STATES = ["upcoming", "live", "ended", "replay"] as const;
export type LiveViewState = (typeof LIVE_VIEW_STATES)[number];

/** `local`: the Worker's own HLS over the demo segments in R2; `stream`: Cloudflare Stream Live. */
export const LIVE_PROVIDERS = ["local", "stream"] as const;
export type LiveProvider = (typeof LIVE_PROVIDERS)[number];

/** What a token plays: the live edge, or the recording. */
export type LivePlaybackMode = "live" | "replay";

/** Why a viewer may not watch: what the page tells them opens the show. */
export const LIVE_REFUSALS = ["sign_in", "ticket", "tier", "membership", "banned", "not_found"] as const;
export type LiveRefusal = (typeof LIVE_REFUSALS)[number];

/**
 * The error code POST /api/live/:eventId/token (and the captions route) answers for each refusal:
 * 401 `unauthorized` for a visitor (a banned member's session is refused before the route, so they
 * are one), 403 with the code otherwise, 404 `not_found` for an unknown or unpublished event.
 */
export const LIVE_REFUSAL_CODES = {
  sign_in: "unauthorized",
  ticket: "ticket_required",
  tier: "tier_required",
  membership: "membership_required",
  banned: "unauthorized",
  not_found: "not_found",
} as const satisfies Record<LiveRefusal, string>;

/** A playback token lives five minutes; the player asks for a new one before it ends. */
export const LIVE_TOKEN_SECONDS = 5 * 60;

/**
 * How long a show whose source dropped stays on air for the encoder to reconnect: a short drop
 * (a network blip, an encoder restart) does not end the show. Without a reconnect the show ends
 * at the drop (decision 146).
 */
export const LIVE_RECONNECT_WINDOW_MS = 2 * 60_000;
/**
 * The player asks for a new token this often while it plays (well inside the token's life): each
 * ask counts the viewer, so the count (those asking within LIVE_VIEWER_WINDOW_MS) stays true.
 */
export const LIVE_TOKEN_REFRESH_SECONDS = 60;
/** A viewer counts while their last token was issued or refreshed within this long. */
export const LIVE_VIEWER_WINDOW_MS = 90_000;

/** The live playlist is a sliding window of this many segments. */
export const LIVE_PLAYLIST_WINDOW = 5;
/** The local live source's files in R2 (the demo media step renders them). */
export const LIVE_DEMO_MANIFEST_KEY = "live/demo/manifest.json";

/** Replay window in hours after the end: 0 is no replay, at most 30 days. */
export const LIVE_REPLAY_HOURS_DEFAULT = 48;
export const LIVE_REPLAY_HOURS_MAX = 720;
/** Store products pinned under the player. */
export const LIVE_PINNED_PRODUCTS_MAX = 6;

/** Captions for the replay: a WebVTT file per language. */
export const LIVE_CAPTION_LOCALES = ["en", "pt-BR"] as const;
export type LiveCaptionLocale = (typeof LIVE_CAPTION_LOCALES)[number];
export const LIVE_CAPTION_MAX_BYTES = 256 * 1024;

/** A ticket type is sold for a seat at the venue or for watching online (no seat, no door). */
export const TICKET_KINDS = ["venue", "online"] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

// ---------- Paths the app calls ----------

export const LIVE_API = "/api/live";
export const liveApiPath = (eventId: string) => `${LIVE_API}/${encodeURIComponent(eventId)}`;
export const liveTokenPath = (eventId: string) => `${liveApiPath(eventId)}/token`;
export const liveCaptionPath = (eventId: string, locale: LiveCaptionLocale) => `${liveApiPath(eventId)}/captions/${locale}.vtt`;
/** The watch page: what tickets-mine's `watchUrl` points at. */
export const livePagePath = (eventId: string) => `/live/${eventId}`;
export const ADMIN_LIVE_API = "/api/admin/live";
export const adminLivePath = (eventId: string) => `${ADMIN_LIVE_API}/${encodeURIComponent(eventId)}`;

export const LIVE_MESSAGES = {
  notLive: "This show is not on air and has no replay to watch now",
  alreadyLive: "This show has already started",
  badToken: "This playback link is not valid for this show or has expired",
  mediaMissing: "The live source's media is missing: render the demo media first",
  membershipRequired: "This show is for members of a paid tier",
  tierRequired: "This show is for a higher membership tier",
  captionInvalid: "Captions must be a WebVTT file (starting with WEBVTT)",
  captionTooLarge: "Captions must be at most 256 KiB",
  productUnknown: "One of the pinned products does not exist",
  streamFailed: "Cloudflare Stream refused the request",
  showNotSetUp: "This event has no live show yet",
} as const;
