// Mounted at /media: catalog audio, TV videos and remote radio streams for whoever holds a valid
// signed URL (issued only to VIP and admin by the music, tv and radio routes), tracks' previews
// (URLs issued to anyone), and album covers, station images, channel thumbnails and the landing
// page's pictures and promo video for everyone.
import { Hono, type Context } from "hono";
import { audioMimeOfKey } from "../lib/audio-probe";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { errorBody } from "../lib/errors";
import { verifyMediaToken, type MediaKind } from "../lib/media-token";
import { serveR2Object } from "../lib/r2-range";
import { findMasterSource, findPreviewSource, findTrackAudio } from "../db/music/music";
import { attachmentHeader } from "../services/store/release-files";
import { findChannel } from "../db/broadcast";
import { findStationCached } from "../services/radio";
import { MEDIA_TOKEN_TTL_SECONDS, MUSIC_MESSAGES, SLUG_PATTERN } from "#contracts/music/music.ts";
import { TV_CAPTION_LANGS, tvCaptionsKey, type TvCaptionLang } from "#contracts/tv.ts";
import { checkRemoteAudioUrl, fetchRemoteAudio, parseAllowedHosts } from "../services/media/audio-proxy";
import { PUBLIC_IMAGE_FOLDERS, SITE_MEDIA_FOLDER } from "#contracts/areas/index.ts";

/** Image files are `<folder>/<id>.<ext>`: nothing a client sends reaches another R2 key. */
const IMAGE_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(png|jpg|webp)$/;
const IMAGE_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;

/**
 * The landing page's files in R2 under site/: hero pictures, the events banner, the promo video
 * and its poster. Public (the promo is an advert, not VIP content) and cacheable; same name rule
 * as the images, so nothing a client sends reaches another key.
 */
const SITE_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(png|jpg|webp|mp4)$/;
const SITE_TYPES = { ...IMAGE_TYPES, mp4: "video/mp4" } as const;
const PUBLIC_CACHE = "public, max-age=86400";

/** Video stored in R2 is MP4 unless the key says WebM. */
const videoTypeOf = (key: string) => (key.endsWith(".webm") ? "video/webm" : "video/mp4");

const notFoundJson = () => Response.json(errorBody("not_found", "Not found"), { status: 404 });
const forbiddenJson = () => Response.json(errorBody("media_token_invalid", MUSIC_MESSAGES.linkExpired), { status: 403 });

/** The signed-URL check every private media request passes, Range requests included. */
async function tokenAllows(c: Context<HonoEnv>, kind: MediaKind, id: string): Promise<boolean> {
  const token = c.req.query("token");
  if (!token || token.length > 2048) return false;
  return (await verifyMediaToken(readConfig(c.env).SESSION_SECRET, token, kind, id)) !== null;
}

/** The URL is private to one member and expires: no shared caches, and not beyond the token. */
const PRIVATE_CACHE = `private, max-age=${MEDIA_TOKEN_TTL_SECONDS}`;

export const mediaRoutes = new Hono<HonoEnv>()
  .get("/tracks/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    if (!(await tokenAllows(c, "track", id))) return forbiddenJson();
    const source = await findTrackAudio(c.var.db, id);
    if (!source) return notFoundJson();
    if (source.startsWith("https://")) {
      const allowed = parseAllowedHosts(c.env.AUDIO_PROXY_HOSTS);
      return fetchRemoteAudio(checkRemoteAudioUrl(source, allowed), { range: c.req.header("range"), ifRange: c.req.header("if-range"), allowed });
    }
    const response = await serveR2Object(c.env.MEDIA, source, c.req.raw, { contentType: audioMimeOfKey(source), cacheControl: PRIVATE_CACHE });
    return response ?? notFoundJson();
  })

  // A track's lossless master (decision 105), for a URL the lossless route issued: FLAC where the
  // catalog has it (decision 121), with Range; `download=1` serves it as a file to keep.
  .get("/masters/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    if (!(await tokenAllows(c, "master", id))) return forbiddenJson();
    const stream = (await findMasterSource(c.var.db, id))?.stream;
    if (!stream) return notFoundJson();
    const contentType = stream.format === "flac" ? "audio/flac" : "audio/wav";
    const response = await serveR2Object(c.env.MEDIA, stream.key, c.req.raw, { contentType, cacheControl: PRIVATE_CACHE });
    if (response && c.req.query("download") === "1") response.headers.set("Content-Disposition", attachmentHeader(`${id}.${stream.format}`));
    return response ?? notFoundJson();
  })

  // A preview's own file: whatever Range is asked, no byte of the track outside the preview.
  .get("/previews/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    if (!(await tokenAllows(c, "preview", id))) return forbiddenJson();
    const source = await findPreviewSource(c.var.db, id);
    // A token issued before previews were turned off, or before the track was moved to a later
    // release, opens nothing.
    if (!source?.previewEnabled || !source.previewKey || source.state !== "released") return notFoundJson();
    const response = await serveR2Object(c.env.MEDIA, source.previewKey, c.req.raw, {
      contentType: audioMimeOfKey(source.previewKey),
      cacheControl: PRIVATE_CACHE,
    });
    return response ?? notFoundJson();
  })

  .get("/tv/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    if (!(await tokenAllows(c, "video", id))) return forbiddenJson();
    const channel = await findChannel(c.var.db, id);
    if (!channel?.videoKey) return notFoundJson();
    const response = await serveR2Object(c.env.MEDIA, channel.videoKey, c.req.raw, { contentType: videoTypeOf(channel.videoKey), cacheControl: PRIVATE_CACHE });
    return response ?? notFoundJson();
  })

  // A video's captions (WebVTT): the same signed URL as the video opens them, private like it.
  .get("/tv/:id/captions/:lang", async (c) => {
    const { id, lang } = c.req.param();
    if (!SLUG_PATTERN.test(id) || !TV_CAPTION_LANGS.includes(lang as TvCaptionLang)) return notFoundJson();
    if (!(await tokenAllows(c, "video", id))) return forbiddenJson();
    const response = await serveR2Object(c.env.MEDIA, tvCaptionsKey(id, lang as TvCaptionLang), c.req.raw, {
      contentType: "text/vtt; charset=utf-8",
      cacheControl: PRIVATE_CACHE,
    });
    return response ?? notFoundJson();
  })

  // A remote (Icecast/Shoutcast) station, relayed through the audio proxy's host allowlist.
  .get("/radio/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    if (!(await tokenAllows(c, "station", id))) return forbiddenJson();
    const station = await findStationCached(c.var.db, id);
    if (station?.sourceType !== "stream" || !station.streamUrl) return notFoundJson();
    const allowed = parseAllowedHosts(c.env.AUDIO_PROXY_HOSTS);
    return fetchRemoteAudio(checkRemoteAudioUrl(station.streamUrl, allowed), { range: c.req.header("range"), ifRange: c.req.header("if-range"), allowed });
  });

// The public image folders the areas declare (worker/contracts/areas/): album covers, station
// images, channel thumbnails, perk pictures (teasers show them to everyone), newsletter pictures
// (mail clients load them from anywhere).
for (const folder of PUBLIC_IMAGE_FOLDERS) {
  mediaRoutes.get(`/${folder}/:file`, async (c) => {
    const file = c.req.param("file");
    const ext = IMAGE_FILE_PATTERN.exec(file)?.[1] as keyof typeof IMAGE_TYPES | undefined;
    if (!ext) return notFoundJson();
    const response = await serveR2Object(c.env.MEDIA, `${folder}/${file}`, c.req.raw, {
      contentType: IMAGE_TYPES[ext],
      cacheControl: PUBLIC_CACHE,
    });
    return response ?? notFoundJson();
  });
}

// Images and the promo video alike: serveR2Object answers Range (206), If-Range and ETag, which
// the <video> element needs to seek.
mediaRoutes.get(`/${SITE_MEDIA_FOLDER}/:file`, async (c) => {
  const file = c.req.param("file");
  const ext = SITE_FILE_PATTERN.exec(file)?.[1] as keyof typeof SITE_TYPES | undefined;
  if (!ext) return notFoundJson();
  const response = await serveR2Object(c.env.MEDIA, `${SITE_MEDIA_FOLDER}/${file}`, c.req.raw, { contentType: SITE_TYPES[ext], cacheControl: PUBLIC_CACHE });
  return response ?? notFoundJson();
});
