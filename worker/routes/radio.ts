// Radio stations (docs/features.md#radio-and-tv): the list and what each plays are public; the audio (signed URLs)
// and the live socket (listener count, now-playing pushes) are for VIP and admin only.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { slugIdParamSchema } from "#contracts/music/music.ts";
import { readConfig } from "../env";
import { requireVIP } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { validate } from "../lib/validate";
import { notFound, routeError } from "../lib/errors";
import { signMediaToken } from "../lib/media-token";
import { listenerCount, STATION_ID_HEADER, stationHub } from "../services/realtime/station-hub";
import { findStationCached, nowPlayingOf } from "../services/radio";
import { stationsCached, stationView } from "../db/broadcast";
import { findStreamSource } from "../db/music/music";
import { HIDDEN_TRACK, trackRefusal } from "../db/music/track-gate";
import { answerLanguage } from "../middleware/content-language";
import { RADIO_MESSAGES, type NowPlayingResponse, type StationsResponse, type TuneResponse } from "#contracts/radio.ts";

const stationNotFound = () => notFound(RADIO_MESSAGES.stationNotFound, "station_not_found");

export const radioRoutes = new Hono<HonoEnv>()
  .get("/stations", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    const locale = answerLanguage(c);
    return c.json<StationsResponse>({ stations: (await stationsCached(c.var.db)).map((station) => stationView(station, locale)) });
  })

  .get("/stations/:id/now-playing", validate("param", slugIdParamSchema), async (c) => {
    const station = await findStationCached(c.var.db, c.req.valid("param").id);
    if (!station) throw stationNotFound();
    const listeners = await listenerCount(c.env, station.id);
    return c.json<NowPlayingResponse>({ nowPlaying: await nowPlayingOf(c.var.db, station, Date.now(), listeners) });
  })

  .post("/stations/:id/tune", requireVIP, validate("param", slugIdParamSchema), async (c) => {
    const station = await findStationCached(c.var.db, c.req.valid("param").id);
    if (!station) throw stationNotFound();
    const secret = readConfig(c.env).SESSION_SECRET;
    const listeners = await listenerCount(c.env, station.id);
    const now = Date.now();
    const nowPlaying = await nowPlayingOf(c.var.db, station, now, listeners);
    if (station.sourceType === "stream") {
      const { token, expiresAt } = await signMediaToken(secret, c.var.user.id, "station", station.id, now);
      return c.json<TuneResponse>({
        kind: "stream",
        nowPlaying,
        url: `/media/radio/${station.id}?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      });
    }
    const current = nowPlaying.current;
    if (!current) throw routeError("empty_rotation");
    // The rotation holds only what every VIP hears; the track gate still has the last word (decision 151).
    const refusal = await trackRefusal(c.var.db, c.var.user, current.track.id, (await findStreamSource(c.var.db, current.track.id, now)) ?? HIDDEN_TRACK);
    if (refusal) throw routeError(refusal === "track_not_found" ? "empty_rotation" : refusal);
    const { token, expiresAt } = await signMediaToken(secret, c.var.user.id, "track", current.track.id, now);
    return c.json<TuneResponse>({
      kind: "catalog",
      nowPlaying,
      url: `/media/tracks/${current.track.id}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    });
  })

  .get("/stations/:id/live", requireVIP, websocketUpgrade, validate("param", slugIdParamSchema), async (c) => {
    const station = await findStationCached(c.var.db, c.req.valid("param").id);
    if (!station) throw stationNotFound();
    const identity = { userId: c.var.user.id, sessionHash: c.var.sessionHash };
    return forwardUpgrade(c.req.raw, identity, stationHub(c.env, station.id), { [STATION_ID_HEADER]: station.id });
  });
