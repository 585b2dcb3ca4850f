// /api/favorites: the signed-in member's favorite tracks. Reading needs a session (a lapsed VIP
// still sees their collection, locked); adding and removing need VIP or admin (docs/features.md#music).
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser, requireVIP } from "../middleware/guards";
import { validate } from "../lib/validate";
import { badRequest, conflict } from "../lib/errors";
import { addFavorite, listFavorites, removeFavorite } from "../db/music/collections";
import { COLLECTION_MESSAGES, trackParamSchema, type FavoritesResponse } from "#contracts/music/collections.ts";

export const favoriteRoutes = new Hono<HonoEnv>()
  .get("/", requireUser, async (c) => c.json<FavoritesResponse>({ tracks: await listFavorites(c.var.db, c.var.user.id) }))

  // PUT and DELETE are idempotent: adding twice keeps one row, removing a missing one is a 204.
  .put("/:trackId", requireVIP, validate("param", trackParamSchema), async (c) => {
    const outcome = await addFavorite(c.var.db, c.var.user.id, c.req.valid("param").trackId);
    if (outcome === "unknown_track") throw badRequest(COLLECTION_MESSAGES.trackNotInCatalog, "unknown_track");
    if (outcome === "limit") throw conflict(COLLECTION_MESSAGES.tooManyFavorites, "favorites_limit");
    return c.body(null, 204);
  })

  .delete("/:trackId", requireVIP, validate("param", trackParamSchema), async (c) => {
    await removeFavorite(c.var.db, c.var.user.id, c.req.valid("param").trackId);
    return c.body(null, 204);
  });
