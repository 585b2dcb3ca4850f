// Mounted at /music/track: the shareable track page. The SPA shell is served with Open Graph and
// Twitter tags for the track written into its <head>, so a link pasted into a chat app unfurls
// with the title, album and cover without running any JavaScript.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { findTrack } from "../db/music";
import { SLUG_PATTERN, type TrackView } from "../contracts/music";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function shareTags(track: TrackView, pageUrl: URL, brand: string) {
  const title = `${track.title} · ${track.albumTitle}`;
  const description = `${track.title}, from ${track.albumTitle} (${track.albumYear}). Listen on ${brand}.`;
  const image = track.coverUrl ? new URL(track.coverUrl, pageUrl).href : null;
  const tags: [attr: "property" | "name", key: string, value: string][] = [
    ["property", "og:type", "music.song"],
    ["property", "og:site_name", brand],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", pageUrl.href],
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "description", description],
  ];
  if (image) tags.push(["property", "og:image", image], ["property", "og:image:width", "400"], ["property", "og:image:height", "400"], ["name", "twitter:image", image]);
  return {
    title: `${title} · ${brand}`,
    head: tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join("\n    "),
  };
}

const spaShell = (c: Context<HonoEnv>) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

/** The shell as it is, as a 404: the SPA shows its own 'Track not found'. */
const shellNotFound = async (c: Context<HonoEnv>) => {
  const shell = await spaShell(c);
  return new Response(shell.body, { status: 404, headers: shell.headers });
};

export const sharePageRoutes = new Hono<HonoEnv>()
  .get("/:trackId", async (c) => {
    const id = c.req.param("trackId");
    const track = SLUG_PATTERN.test(id) ? await findTrack(c.var.db, id) : null;
    if (!track) return shellNotFound(c);
    const shell = await spaShell(c);

    const pageUrl = new URL(`/music/track/${id}`, c.req.url);
    const { title, head } = shareTags(track, pageUrl, readConfig(c.env).BRAND_NAME);
    const page = new HTMLRewriter()
      .on('meta[name="description"]', { element: (el) => void el.remove() })
      .on("title", { element: (el) => void el.setInnerContent(title) })
      .on("head", { element: (el) => void el.append(head, { html: true }) })
      .transform(shell);
    const headers = new Headers(page.headers);
    // The rewritten page is longer and different: the shell's length and validators no longer apply.
    headers.delete("content-length");
    headers.delete("etag");
    headers.delete("last-modified");
    headers.set("Cache-Control", "public, max-age=300");
    return new Response(page.body, { status: 200, headers });
  })
  // /music/track/, a trailing slash or extra segments: a page, not the API's JSON 404.
  .get("*", shellNotFound);
