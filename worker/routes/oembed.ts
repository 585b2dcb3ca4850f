// GET /oembed?url=…: the oEmbed answer (JSON, type "rich") for an album or track page of this
// site, so other sites and apps that read oEmbed show the embeddable player. Public; reads no
// session. Album and track pages announce it with a discovery link (routes/pages.ts).
import { Hono } from "hono";
import { z } from "#contracts/zod.ts";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { validate } from "../lib/validate";
import { notFound, routeError } from "../lib/errors";
import { detectImageType, readImageSize } from "../lib/images";
import { embeddableOf, oembedResponse, type OembedItem } from "../lib/oembed";
import { artistNameOf } from "#contracts/admin/settings.ts";
import { findAlbum, findTrack } from "../db/music/music";
import { readSettings } from "../db/settings";

const dimension = z.coerce.number().int().min(1).max(10_000).optional();
const oembedQuerySchema = z.object({
  url: z.string().min(1).max(2048),
  format: z.string().optional(),
  maxwidth: dimension,
  maxheight: dimension,
});

/** Enough of a cover's first bytes for its size in any format we store. */
const COVER_HEAD_BYTES = 64 * 1024;

/** The cover's pixel size read from its first bytes; null when it is remote, missing or unreadable. */
async function coverThumbnail(media: R2Bucket, coverUrl: string | null): Promise<OembedItem["thumbnail"]> {
  if (!coverUrl?.startsWith("/media/")) return null;
  const object = await media.get(coverUrl.slice("/media/".length), { range: { offset: 0, length: COVER_HEAD_BYTES } });
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  const kind = detectImageType(bytes);
  const size = kind && readImageSize(bytes, kind);
  return size ? { url: coverUrl, width: size.width, height: size.height } : null;
}

export const oembedRoutes = new Hono<HonoEnv>().get("/", validate("query", oembedQuerySchema), async (c) => {
  const { url, format, maxwidth, maxheight } = c.req.valid("query");
  // The spec's answer for a format the provider does not offer.
  if (format !== undefined && format !== "json") throw routeError("format_unsupported");
  const origin = new URL(c.req.url).origin;
  const target = embeddableOf(url, origin);
  if (!target) throw notFound();
  const db = c.var.db;
  let item: OembedItem | null = null;
  if (target.kind === "track") {
    const track = await findTrack(db, target.id);
    if (track) item = { ...target, title: `${track.title} · ${track.albumTitle}`, thumbnail: await coverThumbnail(c.env.MEDIA, track.coverUrl) };
  } else {
    const album = (await findAlbum(db, target.id))?.value;
    if (album) item = { ...target, title: album.title, thumbnail: await coverThumbnail(c.env.MEDIA, album.coverUrl) };
  }
  if (!item) throw notFound();
  const config = readConfig(c.env);
  const artist = artistNameOf(await readSettings(db), config);
  c.header("Cache-Control", "public, max-age=3600");
  c.header("Access-Control-Allow-Origin", "*");
  return c.json(oembedResponse(item, origin, config.BRAND_NAME, artist, { maxwidth, maxheight }));
});
