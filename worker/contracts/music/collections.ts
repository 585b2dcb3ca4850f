// Favorites and playlists: shapes shared by the Worker and the SPA. Every route is scoped to the
// signed-in member; reading needs a session, changing needs VIP or admin (docs/features.md#music).
import { z } from "../zod";
import { SLUG_PATTERN, type TrackView } from "./music";
import { userText } from "../text";
import { MAX_TRACKS_PER_PLAYLIST, PLAYLIST_NAME_MAX } from "./collection-limits";
import { COLLECTION_MESSAGES } from "./collection-limits";
export { COLLECTION_MESSAGES } from "./collection-limits";

export { MAX_TRACKS_PER_PLAYLIST, PLAYLIST_NAME_MAX };

/** Playlist ids are UUIDs (crypto.randomUUID). */
export const PLAYLIST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const trackId = z.string().min(1).max(100).regex(SLUG_PATTERN);
const playlistId = z.string().regex(PLAYLIST_ID_PATTERN, COLLECTION_MESSAGES.playlistNotFound);

export const playlistNameSchema = userText({
  min: 1,
  minMessage: COLLECTION_MESSAGES.playlistNameRequired,
  max: PLAYLIST_NAME_MAX,
  maxMessage: COLLECTION_MESSAGES.playlistNameTooLong,
});

export const trackParamSchema = z.object({ trackId });
export const playlistParamSchema = z.object({ id: playlistId });
export const playlistTrackParamSchema = z.object({ id: playlistId, trackId });

/** POST /api/playlists and PATCH /api/playlists/:id */
export const playlistBodySchema = z.strictObject({ name: playlistNameSchema });
/** POST /api/playlists/:id/tracks */
export const addTrackBodySchema = z.strictObject({ trackId });
/** PUT /api/playlists/:id/order: the whole new order, first to last. */
export const reorderBodySchema = z.strictObject({ trackIds: z.array(trackId).max(MAX_TRACKS_PER_PLAYLIST) });

export type FavoritesResponse = { tracks: TrackView[] };

export type PlaylistView = {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  /** In playlist order (position 0 first). */
  tracks: TrackView[];
};

/** GET /api/playlists: the member's playlists, oldest first, each with its tracks. */
export type PlaylistsResponse = { playlists: PlaylistView[] };
export type PlaylistResponse = { playlist: PlaylistView };
