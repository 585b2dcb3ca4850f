// /api/playlists: the signed-in member's playlists. Reading needs a session; every change needs
// VIP or admin. Another member's playlist is a 404 for every verb, exactly like a missing one.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser, requireVIP } from "../middleware/guards";
import { validate } from "../lib/validate";
import { badRequest, conflict, notFound, routeError } from "../lib/errors";
import type { DB } from "../db/client";
import {
  addPlaylistTrack,
  createPlaylist,
  deletePlaylist,
  findPlaylist,
  listPlaylists,
  removePlaylistTrack,
  renamePlaylist,
  reorderPlaylist,
} from "../db/music/collections";
import {
  COLLECTION_MESSAGES,
  addTrackBodySchema,
  playlistBodySchema,
  playlistParamSchema,
  playlistTrackParamSchema,
  reorderBodySchema,
  type PlaylistResponse,
  type PlaylistsResponse,
} from "#contracts/music/collections.ts";
import { isUniqueViolation } from "../db/d1";

const playlistNotFound = () => notFound(COLLECTION_MESSAGES.playlistNotFound, "playlist_not_found");
const nameTaken = () => conflict(COLLECTION_MESSAGES.playlistNameTaken, "playlist_name_taken");

/** The member's playlist as it is now, or 404. */
async function ownPlaylist(db: DB, userId: string, playlistId: string) {
  const playlist = await findPlaylist(db, userId, playlistId);
  if (!playlist) throw playlistNotFound();
  return playlist;
}

/** A write whose name collided with another of the member's playlists (any case) is a 409. */
async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export const playlistRoutes = new Hono<HonoEnv>()
  .get("/", requireUser, async (c) => c.json<PlaylistsResponse>({ playlists: await listPlaylists(c.var.db, c.var.user.id) }))

  .post("/", requireVIP, validate("json", playlistBodySchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const created = await withNameCheck(() => createPlaylist(db, userId, c.req.valid("json").name));
    if (created === "limit") throw conflict(COLLECTION_MESSAGES.tooManyPlaylists, "playlists_limit");
    return c.json<PlaylistResponse>({ playlist: await ownPlaylist(db, userId, created.id) }, 201);
  })

  .patch("/:id", requireVIP, validate("param", playlistParamSchema), validate("json", playlistBodySchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const { id } = c.req.valid("param");
    if (!(await withNameCheck(() => renamePlaylist(db, userId, id, c.req.valid("json").name)))) throw playlistNotFound();
    return c.json<PlaylistResponse>({ playlist: await ownPlaylist(db, userId, id) });
  })

  .delete("/:id", requireVIP, validate("param", playlistParamSchema), async (c) => {
    if (!(await deletePlaylist(c.var.db, c.var.user.id, c.req.valid("param").id))) throw playlistNotFound();
    return c.body(null, 204);
  })

  .post("/:id/tracks", requireVIP, validate("param", playlistParamSchema), validate("json", addTrackBodySchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const { id } = c.req.valid("param");
    const { trackId } = c.req.valid("json");
    const outcome = await addPlaylistTrack(db, userId, id, trackId);
    if (outcome === "not_found") throw playlistNotFound();
    if (outcome === "unknown_track") throw badRequest(COLLECTION_MESSAGES.trackNotInCatalog, "unknown_track");
    if (outcome === "exists") throw conflict(COLLECTION_MESSAGES.trackAlreadyInPlaylist, "track_in_playlist");
    if (outcome === "full") throw conflict(COLLECTION_MESSAGES.playlistFull, "playlist_full");
    return c.json<PlaylistResponse>({ playlist: await ownPlaylist(db, userId, id) }, 201);
  })

  .delete("/:id/tracks/:trackId", requireVIP, validate("param", playlistTrackParamSchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const { id, trackId } = c.req.valid("param");
    const playlist = await ownPlaylist(db, userId, id);
    if (!playlist.tracks.some((t) => t.id === trackId)) throw notFound(COLLECTION_MESSAGES.trackNotInPlaylist, "track_not_in_playlist");
    await removePlaylistTrack(db, userId, id, trackId);
    return c.json<PlaylistResponse>({ playlist: await ownPlaylist(db, userId, id) });
  })

  .put("/:id/order", requireVIP, validate("param", playlistParamSchema), validate("json", reorderBodySchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const { id } = c.req.valid("param");
    const { trackIds } = c.req.valid("json");
    const current = await ownPlaylist(db, userId, id);
    const currentIds = new Set(current.tracks.map((t) => t.id));
    const isPermutation = new Set(trackIds).size === trackIds.length && trackIds.length === currentIds.size && trackIds.every((t) => currentIds.has(t));
    if (!isPermutation) throw badRequest(COLLECTION_MESSAGES.notAPermutation, "not_a_permutation");
    // Checked again inside the update: a track added or removed since then makes it change nothing.
    if (!(await reorderPlaylist(db, userId, id, trackIds))) {
      throw routeError("playlist_changed");
    }
    return c.json<PlaylistResponse>({ playlist: await ownPlaylist(db, userId, id) });
  });
