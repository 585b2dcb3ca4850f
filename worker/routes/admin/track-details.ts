// The back office's lyrics and credits (decision 112), under /api/admin/catalog: a track's lyrics
// per language (plain or synced LRC), its credits with ISRC, label and recording day, and whether
// a release's lyrics are public or for VIP and above. Each write is audited in its batch.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { actorOf } from "../../middleware/guards";
import { validate } from "../../lib/validate";
import { routeError, validationError } from "../../lib/errors";
import { syncedLines } from "../../lib/lrc";
import { catalogIdParamSchema } from "#contracts/music/admin-catalog.ts";
import {
  creditsBodySchema,
  lyricsAccessBodySchema,
  lyricsBodySchema,
  lyricsLocaleParamSchema,
  TRACK_DETAILS_MESSAGES,
  type AdminTrackDetailsResponse,
  type TrackCreditsResponse,
} from "#contracts/music/track-details.ts";
import { findLyricsAccess, readCredits, readLyrics, removeLyrics, saveCredits, saveLyrics, saveLyricsAccess } from "../../db/music/track-details";

const idParam = validate("param", catalogIdParamSchema);

export const trackDetailsRoutes = new Hono<HonoEnv>()
  // What the back office's editor starts from, for any track (unreleased ones too).
  .get("/tracks/:id/details", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const [credits, lyrics, lyricsAccess] = await Promise.all([readCredits(c.var.db, id), readLyrics(c.var.db, id), findLyricsAccess(c.var.db, id)]);
    if (!credits || !lyricsAccess) throw routeError("track_not_found");
    return c.json<AdminTrackDetailsResponse>({ ...credits, lyrics, lyricsAccess });
  })

  .put("/tracks/:id/lyrics/:locale", validate("param", lyricsLocaleParamSchema), validate("json", lyricsBodySchema), async (c) => {
    const { id, locale } = c.req.valid("param");
    const lyrics = c.req.valid("json");
    if (lyrics.synced && syncedLines(lyrics.body).length === 0) throw validationError({ message: TRACK_DETAILS_MESSAGES.lyricsNotSynced, path: ["body"] });
    if (!(await saveLyrics(c.var.db, actorOf(c), id, locale, lyrics))) throw routeError("track_not_found");
    return c.json({ lyrics: await readLyrics(c.var.db, id) });
  })

  .delete("/tracks/:id/lyrics/:locale", validate("param", lyricsLocaleParamSchema), async (c) => {
    const { id, locale } = c.req.valid("param");
    if (!(await removeLyrics(c.var.db, actorOf(c), id, locale))) throw routeError("lyrics_not_found");
    return c.json({ lyrics: await readLyrics(c.var.db, id) });
  })

  .put("/tracks/:id/credits", idParam, validate("json", creditsBodySchema), async (c) => {
    const { id } = c.req.valid("param");
    const result = await saveCredits(c.var.db, actorOf(c), id, c.req.valid("json"));
    if (!result.saved) throw result.reason === "isrc_taken" ? routeError("isrc_taken") : routeError("track_not_found");
    return c.json<TrackCreditsResponse>((await readCredits(c.var.db, id))!);
  })

  .put("/albums/:id/lyrics-access", idParam, validate("json", lyricsAccessBodySchema), async (c) => {
    const { id } = c.req.valid("param");
    const { access } = c.req.valid("json");
    if (!(await saveLyricsAccess(c.var.db, actorOf(c), id, access))) throw routeError("album_not_found");
    return c.json({ access });
  });
