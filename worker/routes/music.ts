// The music catalog (public), signed stream URLs and play counts (VIP and admin, and a member who
// bought the track's release: their collection's Play), and the tracks' 30-second previews and
// their play counts (anyone).
import { Hono, type Context } from "hono";
import { publicCacheControl } from "../lib/cache-control";
import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { requireUser } from "../middleware/guards";
import { validate } from "../lib/validate";
import { notFound, routeError } from "../lib/errors";
import { ANYONE, signMediaToken, signTrackToken } from "../lib/media-token";
import { previewOf } from "../services/media/previews";
import { visitorKeys } from "../services/analytics/visitor";
import { clientIp, hitEdgeLimit, knownClientIp } from "../services/rate-limit";
import { forget, rememberUntil } from "../lib/memo";
import { albumsJson, publicAlbum, publicTrack } from "../services/catalog";
import { albumView, findMasterSource, findStreamSource, listTracks, recordPlay, recordPreviewPlay, totalPlays, type Timed } from "../db/music/music";
import { answerLanguage } from "../middleware/content-language";
import { ownsTrack } from "../db/store/downloads";
import { logBoughtStream } from "../db/order-access-log";
import { readTiers } from "../db/tiers/tiers";
import { findLyricsAccess, readCredits, readLyrics } from "../db/music/track-details";
import type { TrackCreditsResponse, TrackLyricsResponse } from "#contracts/music/track-details.ts";
import { HIDDEN_TRACK, trackRefusal, type TrackStanding } from "../db/music/track-gate";
import type { DB } from "../db/client";
import type { SessionUser } from "#contracts/auth.ts";
import { admitsTier, losslessRuleOf } from "#contracts/tiers/tiers.ts";
import {
  MUSIC_MESSAGES,
  SLUG_PATTERN,
  albumIdParamSchema,
  trackIdParamSchema,
  type AlbumResponse,
  type MusicStatsResponse,
  type PlayResponse,
  type PreviewPlayResponse,
  type PreviewResponse,
  type LosslessResponse,
  type PlayingQuality,
  type StreamResponse,
  type TrackResponse,
  type TracksResponse,
} from "#contracts/music/music.ts";

const TRACKS_KEY = "music:tracks";

const AUDIO_FORMATS: readonly PlayingQuality["format"][] = ["mp3", "aac", "m4a", "ogg", "flac", "wav"];

/** The full stream's quality for the player's label (decision 121): the format its key was stored under, the bitrate its probe gave; none for a remote URL. */
function qualityOfAudio(key: string | null, kbps: number | null): PlayingQuality | null {
  if (!key || key.startsWith("https://")) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() as PlayingQuality["format"] | undefined;
  if (!ext || !AUDIO_FORMATS.includes(ext)) return null;
  return { format: ext, kbps, sampleRate: null, bitDepth: null };
}

const albumNotFound = () => notFound(MUSIC_MESSAGES.albumNotFound, "album_not_found");
const trackNotFound = () => notFound(MUSIC_MESSAGES.trackNotFound, "track_not_found");

/**
 * Full tracks (after requireUser): VIP members and admins play every one; a member who owns the
 * track's release (a live entitlement to its album or to the track) plays that one. Anyone else is
 * refused as requireVIP refuses them, before the id is even validated.
 */
const fullListener = createMiddleware<HonoEnv>(async (c, next) => {
  const user = c.var.user!;
  if (user.isVIP || user.isAdmin) return next();
  const id = c.req.param("id") ?? "";
  if (SLUG_PATTERN.test(id) && (await ownsTrack(c.var.db, user.id, id))) return next();
  throw routeError("vip_required");
});

/** Throws what the track gate (decision 151) answers `user` for the track as it stands. */
async function passTrackGate(db: DB, user: SessionUser | null, id: string, standing: TrackStanding) {
  const refusal = await trackRefusal(db, user, id, standing);
  if (refusal === "track_not_found") throw trackNotFound();
  if (refusal) throw routeError(refusal);
}

/** Play counts move with every play: the tracks list is reused for a few seconds at most. */
const TRACKS_TTL_MS = 5_000;

/**
 * Answers with JSON serialised once per isolate and time to live, or until the value's release
 * times change it (see lib/memo.ts), kept by browsers and the edge as a catalog answer; null when
 * `compute` found nothing.
 */
async function cachedJson(c: Context<HonoEnv>, key: string, ttlMs: number, compute: () => Promise<Timed<unknown> | null>) {
  const cached = await rememberUntil<Timed<string> | null>(key, ttlMs, async () => {
    const timed = await compute();
    const value = timed === null ? null : { value: JSON.stringify(timed.value), changesAt: timed.changesAt };
    return { value, changesAt: value?.changesAt ?? null };
  });
  if (cached === null) return null;
  c.header("Cache-Control", publicCacheControl(cached.changesAt));
  return c.body(cached.value, 200, { "content-type": "application/json; charset=UTF-8" });
}

export const musicRoutes = new Hono<HonoEnv>()
  .get("/albums", async (c) => {
    const { body, changesAt } = await albumsJson(c.var.db);
    c.header("Cache-Control", publicCacheControl(changesAt));
    return c.body(body, 200, { "content-type": "application/json; charset=UTF-8" });
  })

  .get("/albums/:id", validate("param", albumIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const locale = answerLanguage(c);
    const cached = await publicAlbum(c.var.db, id);
    if (!cached) throw albumNotFound();
    c.header("Cache-Control", publicCacheControl(cached.changesAt));
    return c.json<AlbumResponse>({ album: albumView(cached.value, locale) });
  })

  .get(
    "/tracks",
    async (c) =>
      (await cachedJson(c, TRACKS_KEY, TRACKS_TTL_MS, async (): Promise<Timed<TracksResponse>> => {
        const { value: tracks, changesAt } = await listTracks(c.var.db);
        return { value: { tracks, totalPlays: tracks.reduce((sum, t) => sum + t.plays, 0) }, changesAt };
      }))!,
  )

  .get("/tracks/:id", validate("param", trackIdParamSchema), async (c) => {
    const found = await publicTrack(c.var.db, c.req.valid("param").id);
    if (!found) throw trackNotFound();
    c.header("Cache-Control", publicCacheControl(found.changesAt));
    return c.json<TrackResponse>({ track: found.value });
  })

  // Credits are public wherever the track is out; lyrics follow their release's setting (decision
  // 112). A track still in early access keeps both for those who hear it in full (decision 151).
  .get("/tracks/:id/credits", validate("param", trackIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const found = await publicTrack(c.var.db, id);
    if (!found) throw trackNotFound();
    if (found.value.earlyAccess) await passTrackGate(c.var.db, c.var.user ?? null, id, (await findStreamSource(c.var.db, id)) ?? HIDDEN_TRACK);
    c.header("Cache-Control", found.value.earlyAccess ? "private, no-store" : publicCacheControl(found.changesAt));
    return c.json<TrackCreditsResponse>((await readCredits(c.var.db, id))!);
  })

  .get("/tracks/:id/lyrics", validate("param", trackIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const user = c.var.user;
    const [found, access] = await Promise.all([publicTrack(c.var.db, id), findLyricsAccess(c.var.db, id)]);
    if (!found || !access) throw trackNotFound();
    const forVipOnly = access === "vip" || found.value.earlyAccess;
    if (forVipOnly && !user) throw routeError("unauthorized");
    // An early-access track's lyrics ask what its stream asks: its release's tier, or its purchase.
    if (found.value.earlyAccess) await passTrackGate(c.var.db, user ?? null, id, (await findStreamSource(c.var.db, id)) ?? HIDDEN_TRACK);
    else if (forVipOnly && !user!.isVIP && !user!.isAdmin) throw routeError("vip_required");
    c.header("Cache-Control", forVipOnly ? "private, no-store" : publicCacheControl(found.changesAt));
    return c.json<TrackLyricsResponse>({ access, lyrics: await readLyrics(c.var.db, id) });
  })

  .get("/stats", async (c) => c.json<MusicStatsResponse>({ totalPlays: await totalPlays(c.var.db) }))

  .post("/tracks/:id/stream", requireUser, fullListener, validate("param", trackIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const source = await findStreamSource(c.var.db, id);
    if (!source) throw trackNotFound();
    // Before its early access a track is the admins' alone; in early access, a release for a named
    // tier plays for that tier and above, and for its buyers (decisions 108, 151).
    await passTrackGate(c.var.db, c.var.user, id, source);
    if (source.audioKey === null) throw routeError("not_playable");
    const { token, expiresAt } = await signTrackToken(readConfig(c.env).SESSION_SECRET, c.var.user.id, id);
    // A buyer's full-track stream goes in the bought order's access log (decision 094), after the answer.
    c.executionCtx.waitUntil(logBoughtStream(c.var.db, c.var.user.id, id, Date.now(), knownClientIp(c.req)));
    // The player offers the master only where the lossless route would answer it.
    const lossless = admitsTier(c.var.user, losslessRuleOf(await readTiers(c.var.db))) && Boolean((await findMasterSource(c.var.db, id))?.masterKey);
    const quality = qualityOfAudio(source.audioKey, source.audioKbps);
    return c.json<StreamResponse>({
      url: `/media/tracks/${id}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
      lossless,
      ...(quality && { quality }),
    });
  })

  // A tier with lossless listening (decision 105), and admins: the master streamed, or kept as a
  // file, without buying it. The tier is checked before the id, as the full stream's gate is.
  .post("/tracks/:id/lossless", requireUser, validate("param", trackIdParamSchema), async (c) => {
    const user = c.var.user;
    if (!admitsTier(user, losslessRuleOf(await readTiers(c.var.db)))) throw routeError("tier_required");
    const { id } = c.req.valid("param");
    const source = await findMasterSource(c.var.db, id);
    if (!source) throw trackNotFound();
    // During early access the master follows the full stream's gate (decisions 116, 151).
    await passTrackGate(c.var.db, user, id, source);
    if (!source.stream) throw routeError("lossless_unavailable");
    const { token, expiresAt } = await signMediaToken(readConfig(c.env).SESSION_SECRET, user.id, "master", id);
    const url = `/media/masters/${id}?token=${encodeURIComponent(token)}`;
    const quality = { format: source.stream.format, ...source.facts };
    return c.json<LosslessResponse>({ url, downloadUrl: `${url}&download=1`, format: source.stream.format, quality, expiresAt: expiresAt.toISOString() });
  })

  // Anyone, VIPs included (the embeddable player plays previews): a URL that serves only the
  // preview's own file, bound to the track and to nobody.
  .post("/tracks/:id/preview", validate("param", trackIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await previewOf(c.env, c.var.db, id);
    if (outcome.kind === "unknown_track") throw trackNotFound();
    if (outcome.kind === "unavailable") throw routeError("preview_unavailable");
    const { token, expiresAt } = await signMediaToken(readConfig(c.env).SESSION_SECRET, ANYONE, "preview", id);
    const { startSeconds, durationSeconds } = outcome.preview;
    return c.json<PreviewResponse>({
      url: `/media/previews/${id}?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
      startSeconds,
      durationSeconds,
    });
  })

  // Counted apart from full plays; a visitor is counted by the day's cookieless id, never an IP.
  .post("/tracks/:id/preview-plays", validate("param", trackIdParamSchema), async (c) => {
    const db = c.var.db;
    const now = Date.now();
    await hitEdgeLimit(c.env, "previewPlaysPerIp", clientIp(c.req));
    const listener = c.var.user?.id ?? (await visitorKeys(db, clientIp(c.req), c.req.header("user-agent") ?? "", now)).visitorId;
    const result = await recordPreviewPlay(db, listener, c.req.valid("param").id, now);
    if (!result) throw trackNotFound();
    return c.json<PreviewPlayResponse>(result);
  })

  // A play is counted only for who may hear the track in full: during early access, the stream's gate (decision 116).
  .post("/tracks/:id/plays", requireUser, fullListener, validate("param", trackIdParamSchema), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const source = await findStreamSource(db, id);
    if (!source) throw trackNotFound();
    await passTrackGate(db, c.var.user, id, source);
    const result = await recordPlay(db, c.var.user.id, id);
    if (!result) throw trackNotFound();
    if (result.counted) forget(TRACKS_KEY);
    return c.json<PlayResponse>({ ...result, totalPlays: await totalPlays(db) });
  });
