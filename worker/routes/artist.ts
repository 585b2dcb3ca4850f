// GET /api/artist: the artist's name, short bio, portrait and links (the back office's settings)
// and the landing's iconic hits' covers, for everyone. A minute in shared caches, like /api/config:
// a settings change shows within it.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { ArtistResponse } from "#contracts/admin/settings.ts";
import { readArtist } from "../services/artist";

export const artistRoutes = new Hono<HonoEnv>().get("/", async (c) => {
  const body = await readArtist(c.env, c.var.db);
  c.header("Cache-Control", "public, max-age=60");
  return c.json<ArtistResponse>(body);
});
