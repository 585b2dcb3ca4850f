// Mounted at /media: catalog audio for whoever holds a valid signed track URL (issued only to VIP
// and admin by POST /api/music/tracks/:id/stream), and album covers for everyone.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { errorBody } from "../lib/errors";
import { verifyTrackToken } from "../lib/media-token";
import { serveR2Object } from "../lib/r2-range";
import { findTrackAudio } from "../db/music";
import { MEDIA_TOKEN_TTL_SECONDS, MUSIC_MESSAGES, SLUG_PATTERN } from "../contracts/music";
import { checkRemoteAudioUrl, fetchRemoteAudio, parseAllowedHosts } from "../services/media/audio-proxy";

/** Cover files are `covers/<albumId>.<ext>`: nothing a client sends reaches another R2 key. */
const COVER_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(png|jpg|webp)$/;
const COVER_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;

/** Audio stored in R2 is MP3 (audio/mpeg) unless the key says otherwise. */
const audioTypeOf = (key: string) => (key.endsWith(".m4a") ? "audio/mp4" : key.endsWith(".ogg") ? "audio/ogg" : "audio/mpeg");

const notFoundJson = () => Response.json(errorBody("not_found", "Not found"), { status: 404 });
const forbiddenJson = () => Response.json(errorBody("media_token_invalid", MUSIC_MESSAGES.linkExpired), { status: 403 });

export const mediaRoutes = new Hono<HonoEnv>()
  .get("/tracks/:id", async (c) => {
    const id = c.req.param("id");
    if (!SLUG_PATTERN.test(id)) return notFoundJson();
    // Every request, Range requests included, must carry a token for this member and this track.
    const token = c.req.query("token");
    if (!token || token.length > 2048) return forbiddenJson();
    const config = readConfig(c.env);
    if (!(await verifyTrackToken(config.SESSION_SECRET, token, id))) return forbiddenJson();

    const source = await findTrackAudio(c.var.db, id);
    if (!source) return notFoundJson();
    if (source.startsWith("https://")) {
      const allowed = parseAllowedHosts(c.env.AUDIO_PROXY_HOSTS);
      return fetchRemoteAudio(checkRemoteAudioUrl(source, allowed), { range: c.req.header("range"), ifRange: c.req.header("if-range"), allowed });
    }
    const response = await serveR2Object(c.env.MEDIA, source, c.req.raw, {
      contentType: audioTypeOf(source),
      // The URL is private to one member and expires: no shared caches, and not beyond the token.
      cacheControl: `private, max-age=${MEDIA_TOKEN_TTL_SECONDS}`,
    });
    return response ?? notFoundJson();
  })

  .get("/covers/:file", async (c) => {
    const file = c.req.param("file");
    const ext = COVER_FILE_PATTERN.exec(file)?.[1] as keyof typeof COVER_TYPES | undefined;
    if (!ext) return notFoundJson();
    const response = await serveR2Object(c.env.MEDIA, `covers/${file}`, c.req.raw, {
      contentType: COVER_TYPES[ext],
      cacheControl: "public, max-age=86400",
    });
    return response ?? notFoundJson();
  });
