// Live shows (decision 113), mounted at /api/live.
//   GET  /:eventId                         the show as this viewer may see it (a visitor: locked sign_in)
//   POST /:eventId/token                   a playback token for those who may watch, while live or the replay is open
//   GET  /:eventId/hls/:token/index.m3u8   the local source's playlist (live: from the clock; replay: VOD)
//   GET  /:eventId/hls/:token/init.mp4     its initialisation segment
//   GET  /:eventId/hls/:token/:n.m4s       its segment n
//   GET  /:eventId/captions/:locale.vtt    the replay's captions, for those who may watch
// The playlist and segments check the token only: a member who loses access keeps the stream until
// the token they hold expires, and the player's next token is refused. The live playlist also
// reads whether the show has ended (one read, decision 146), so it stops there with ENDLIST.
// Stream's notices come to /api/webhooks/stream (routes/stream-webhook.ts).
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { notFound, routeError } from "../lib/errors";
import { requestLanguage } from "../middleware/content-language";
import { inLanguage, pickLanguage } from "../lib/content-language";
import { coverUrlOf } from "../db/music/music";
import { productImageUrl } from "../db/store/store";
import { countViewers, findLiveShow, findLiveStanding, findShowEnd, readPinnedProducts, recordWatch, setStreamVideoUid, type LiveShowRow } from "../db/live";
import { liveRefusal, liveViewState, replayWindowEnd } from "../services/live/access";
import { readLiveManifest } from "../services/live/local-media";
import { settleLostSource } from "../services/live/reconnect";
import { streamConfigOf } from "../services/live/stream-config";
import { signLiveToken, verifyLiveToken } from "../lib/live-token";
import { liveHeadSegment, livePlaylist, replayPlaylist, replaySegmentCount, segmentFileKey } from "../lib/hls-live";
import { DEFAULT_EVENT_HOURS, EVENT_ID_PATTERN } from "#contracts/events.ts";
import {
  LIVE_CAPTION_LOCALES,
  LIVE_PLAYLIST_WINDOW,
  LIVE_REFUSAL_CODES,
  liveCaptionPath,
  type LiveCaption,
  type LiveRefusal,
  type LiveShowView,
  type LiveTokenResponse,
} from "#contracts/live.ts";
import type { SessionUser } from "#contracts/auth.ts";
import { isLocale } from "#contracts/locale.ts";

type Ctx = Context<HonoEnv>;
type Show = NonNullable<LiveShowRow["show"]>;

/**
 * The event's show, if this viewer may know of it: an unknown event, one without a show or a draft
 * (to all but admins) is 404. A show whose source has been gone past the reconnect window ends here.
 */
async function showOf(c: Ctx, eventId: string): Promise<{ row: LiveShowRow; show: Show }> {
  const found = EVENT_ID_PATTERN.test(eventId) ? await findLiveShow(c.var.db, eventId) : null;
  if (!found?.show) throw notFound();
  const row = await settleLostSource(c.env, c.var.db, found, Date.now(), (work) => c.executionCtx.waitUntil(work));
  if (!row.show) throw notFound();
  if (row.eventStatus !== "published" && !c.var.user?.isAdmin) throw notFound();
  return { row, show: row.show };
}

/** The refusal as the token and captions routes answer it. */
const refusalError = (refusal: LiveRefusal) => routeError(LIVE_REFUSAL_CODES[refusal]);

/** The signed-in member who may watch the show now, with the show; else the refusal's error. */
async function watcher(c: Ctx, eventId: string) {
  const user = c.var.user;
  if (!user) throw routeError("unauthorized");
  const { row, show } = await showOf(c, eventId);
  const { holdsTicket } = await findLiveStanding(c.var.db, row.eventId, user.id);
  const refusal = liveRefusal(user, show, holdsTicket);
  if (refusal) throw refusalError(refusal);
  return { user, row, show };
}

const captionsOf = (eventId: string, show: Show): LiveCaption[] =>
  LIVE_CAPTION_LOCALES.filter((locale) => show.captions[locale]).map((locale) => ({ locale, url: liveCaptionPath(eventId, locale) }));

async function viewOf(c: Ctx, row: LiveShowRow, show: Show, user: SessionUser | null | undefined, now: number): Promise<LiveShowView> {
  const locale = requestLanguage(c);
  const db = c.var.db;
  const [standing, viewers, products] = await Promise.all([
    user ? findLiveStanding(db, row.eventId, user.id) : { holdsTicket: false, reminded: false },
    countViewers(db, row.eventId, now),
    readPinnedProducts(db, show.pinnedProductIds),
  ]);
  const locked = liveRefusal(user ?? null, show, standing.holdsTicket);
  const state = liveViewState(show, user ?? null, now);
  const windowEnd = replayWindowEnd(show);
  return {
    eventId: row.eventId,
    title: pickLanguage(locale, row.title, row.titlePtBr).value,
    description: inLanguage(locale, row.description, row.descriptionPtBr),
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt ?? row.startsAt + DEFAULT_EVENT_HOURS * 3_600_000).toISOString(),
    imageUrl: coverUrlOf(row.imageKey),
    state,
    replayUntil: windowEnd === null ? null : new Date(windowEnd).toISOString(),
    access: { kind: show.access, tierId: show.minTierId, tierName: show.access === "tier" ? show.minTierName : null },
    locked,
    buyUrl: show.access === "ticket" ? `/events/${row.eventId}` : null,
    roomId: show.roomId,
    viewers,
    pinnedProducts: products.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: inLanguage(locale, p.title, p.title_pt_br) ?? p.title,
      priceCents: p.price_usd_cents,
      currency: "usd",
      imageUrl: p.image_key ? productImageUrl(p.image_key) : null,
    })),
    captions: state === "replay" && locked === null ? captionsOf(row.eventId, show) : [],
    reminded: standing.reminded,
  };
}

/** Stream's playback token: the live input while live, the recording for the replay (asked of Stream once, then kept). */
async function streamToken(c: Ctx, row: LiveShowRow, show: Show, mode: "live" | "replay", now: number) {
  const config = streamConfigOf(c.env);
  if (!config || !show.streamInputId) throw routeError("stream_failed");
  const stream = await import("../services/live/stream");
  let sub: string | null = mode === "live" ? show.streamInputId : show.streamVideoUid;
  if (sub === null) {
    sub = await stream.latestRecording(config, show.streamInputId).catch((err: unknown) => {
      console.error("live: asking Stream for the recording failed", err);
      throw routeError("stream_failed");
    });
    if (sub === null) throw routeError("not_live");
    await setStreamVideoUid(c.var.db, row.eventId, sub);
  }
  const { token, expiresAt } = await stream.signStreamToken(config, sub, now);
  return { token, expiresAt, playlistUrl: stream.streamPlaylistUrl(config, token) };
}

const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
const SEGMENT_CACHE = "private, max-age=60";

export const liveRoutes = new Hono<HonoEnv>()
  .get("/:eventId", async (c) => {
    const { row, show } = await showOf(c, c.req.param("eventId"));
    return c.json<LiveShowView>(await viewOf(c, row, show, c.var.user, Date.now()));
  })

  .post("/:eventId/token", async (c) => {
    const now = Date.now();
    const { user, row, show } = await watcher(c, c.req.param("eventId"));
    const state = liveViewState(show, user, now);
    if (state !== "live" && state !== "replay") throw routeError("not_live");
    const mode = state;
    let answer: Omit<LiveTokenResponse, "mode" | "provider" | "expiresAt"> & { expiresAt: Date };
    if (show.provider === "stream") answer = await streamToken(c, row, show, mode, now);
    else {
      if (!(await readLiveManifest(c.env, now))) throw routeError("live_media_missing");
      const signed = await signLiveToken(
        readConfig(c.env).SESSION_SECRET,
        { eventId: row.eventId, userId: user.id, mode, startedAt: show.startedAt ?? now, endedAt: mode === "replay" ? show.endedAt : null },
        now,
      );
      answer = { ...signed, playlistUrl: `/api/live/${row.eventId}/hls/${signed.token}/index.m3u8` };
    }
    await recordWatch(c.var.db, row.eventId, user.id, now, mode === "live");
    return c.json<LiveTokenResponse>({ ...answer, expiresAt: answer.expiresAt.toISOString(), mode, provider: show.provider });
  })

  .get("/:eventId/hls/:token/:file", async (c) => {
    const now = Date.now();
    const { eventId, token, file } = c.req.param();
    if (!EVENT_ID_PATTERN.test(eventId)) throw notFound();
    const claims = await verifyLiveToken(readConfig(c.env).SESSION_SECRET, token, eventId, now);
    if (!claims) throw routeError("bad_token");
    const manifest = await readLiveManifest(c.env, now);
    if (!manifest) throw routeError("live_media_missing");
    if (file === "index.m3u8") {
      const text =
        claims.mode === "live"
          ? livePlaylist(manifest, claims.startedAt, now, LIVE_PLAYLIST_WINDOW, await findShowEnd(c.var.db, eventId))
          : replayPlaylist(manifest, claims.startedAt, claims.endedAt!);
      return c.body(text, 200, { "content-type": PLAYLIST_TYPE, "cache-control": "no-store" });
    }
    let key: string;
    let type: string;
    if (file === "init.mp4") [key, type] = [manifest.init, "video/mp4"];
    else {
      const n = /^(\d{1,9})\.m4s$/.exec(file)?.[1];
      if (n === undefined) throw notFound();
      // Segments read no database: one after the show's end is never listed, so no player asks for it.
      const last =
        claims.mode === "live" ? liveHeadSegment(manifest, claims.startedAt, now) : replaySegmentCount(manifest, claims.startedAt, claims.endedAt!) - 1;
      if (Number(n) > last) throw notFound();
      [key, type] = [segmentFileKey(manifest, Number(n)), "video/iso.segment"];
    }
    const object = await c.env.MEDIA.get(key);
    if (!object) throw routeError("live_media_missing");
    return c.body(object.body, 200, { "content-type": type, "content-length": String(object.size), "cache-control": SEGMENT_CACHE });
  })

  .get("/:eventId/captions/:file", async (c) => {
    const locale = /^(.+)\.vtt$/.exec(c.req.param("file"))?.[1];
    if (!isLocale(locale)) throw notFound();
    const { show } = await watcher(c, c.req.param("eventId"));
    const key = show.captions[locale];
    const object = key ? await c.env.MEDIA.get(key) : null;
    if (!object) throw notFound();
    return c.body(object.body, 200, { "content-type": "text/vtt; charset=utf-8", "cache-control": "private, max-age=300" });
  });
