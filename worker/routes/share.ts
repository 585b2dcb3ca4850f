// Share pages: the SPA shell served with Open Graph and Twitter tags written into its <head>, so a
// link pasted into a chat app unfurls without running any JavaScript. /music/track/:id shows the
// track's title, album and cover; /social/post/:id only the beginning of the post's text.
// The landing page (/) and /events get the upcoming events' schema.org JSON-LD the same way.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { findTrack } from "../db/music";
import { SLUG_PATTERN, type AlbumsResponse, type TrackView } from "../contracts/music";
import { findPost } from "../db/feed";
import { POST_ID_PATTERN } from "../contracts/feed";
import { upcomingEventsJsonLd } from "../services/events";
import { HERO_IMAGE_SIZES, HERO_IMAGES, HERO_PORTRAIT_MEDIA, HERO_WIDE_MEDIA } from "../contracts/site";
import { CATALOG_EAGER_COVERS, FIRST_LOAD_PAGES, type FirstLoadPath } from "../contracts/first-load";
import { albumsJson } from "../services/catalog";
import { firstLoadHints } from "../lib/first-load";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function shareTags(track: TrackView, pageUrl: URL, brand: string) {
  const title = `${track.title} · ${track.albumTitle}`;
  const description = `${track.title}, from ${track.albumTitle} (${track.albumYear}). Listen on ${brand}.`;
  const image = track.coverUrl ? new URL(track.coverUrl, pageUrl).href : null;
  const tags: Tag[] = [
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
  if (image)
    tags.push(["property", "og:image", image], ["property", "og:image:width", "400"], ["property", "og:image:height", "400"], ["name", "twitter:image", image]);
  return {
    title: `${title} · ${brand}`,
    head: renderTags(tags),
  };
}

const spaShell = (c: Context<HonoEnv>) => c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));

/** The shell as it is, as a 404: the SPA shows its own 'Track not found'. */
const shellNotFound = async (c: Context<HonoEnv>) => {
  const shell = await spaShell(c);
  return new Response(shell.body, { status: 404, headers: shell.headers });
};

/** The SPA shell with `title` and the share tags in its head (a description tag is replaced). */
async function shellWithTags(c: Context<HonoEnv>, title: string, head: string) {
  const page = new HTMLRewriter()
    .on('meta[name="description"]', { element: (el) => void el.remove() })
    .on("title", { element: (el) => void el.setInnerContent(title) })
    .on("head", { element: (el) => void el.append(head, { html: true }) })
    .transform(await spaShell(c));
  return rewritten(page, "public, max-age=300");
}

/** A rewritten shell keeps the shell's headers, but not its length and validators: the page is different. */
function rewritten(page: Response, cacheControl: string) {
  const headers = new Headers(page.headers);
  headers.delete("content-length");
  headers.delete("etag");
  headers.delete("last-modified");
  headers.set("Cache-Control", cacheControl);
  return new Response(page.body, { status: 200, headers });
}

type Tag = [attr: "property" | "name", key: string, value: string];
const renderTags = (tags: Tag[]) => tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join("\n    ");

export const sharePageRoutes = new Hono<HonoEnv>()
  .get("/:trackId", async (c) => {
    const id = c.req.param("trackId");
    const track = SLUG_PATTERN.test(id) ? await findTrack(c.var.db, id) : null;
    if (!track) return shellNotFound(c);
    const { title, head } = shareTags(track, new URL(`/music/track/${id}`, c.req.url), readConfig(c.env).BRAND_NAME);
    return shellWithTags(c, title, head);
  })
  // /music/track/, a trailing slash or extra segments: a page, not the API's JSON 404.
  .get("*", shellNotFound);

/** How much of a post's text a link preview shows. */
const POST_EXCERPT_CHARS = 160;

/**
 * Mounted at /social/post: a post's permalink. The page itself needs a session (the SPA asks
 * for one); the preview a chat app unfurls shows only the beginning of the post's text and the
 * site's name: no author, no image, no comments. Posts by banned members get no preview.
 */
export const postSharePageRoutes = new Hono<HonoEnv>()
  .get("/:postId", async (c) => {
    const id = c.req.param("postId");
    const post = POST_ID_PATTERN.test(id) ? await findPost(c.var.db, { id: "", isAdmin: false }, id) : null;
    if (!post) return shellNotFound(c);
    const brand = readConfig(c.env).BRAND_NAME;
    const text = post.content.replace(/\s+/g, " ").trim();
    // Cut whole characters (code points): half an emoji cannot be written as UTF-8.
    const chars = Array.from(text);
    const excerpt = chars.length > POST_EXCERPT_CHARS ? `${chars.slice(0, POST_EXCERPT_CHARS - 1).join("")}…` : text;
    const title = `A post on ${brand}`;
    const head = renderTags([
      ["property", "og:type", "article"],
      ["property", "og:site_name", brand],
      ["property", "og:title", title],
      ["property", "og:description", excerpt],
      ["property", "og:url", new URL(`/social/post/${id}`, c.req.url).href],
      ["name", "twitter:card", "summary"],
      ["name", "twitter:title", title],
      ["name", "twitter:description", excerpt],
      ["name", "description", excerpt],
    ]);
    return shellWithTags(c, `${title}`, head);
  })
  .get("*", shellNotFound);

/**
 * Mounted at /: the landing page, /events and /music/catalog, with the first-load hints of
 * worker/lib/first-load.ts in the head (and on /music/catalog preloads of its first covers);
 * / and /events also with a MusicEvent for every published
 * upcoming event (Google's event results read it without running the SPA). Revalidated on every
 * visit (the shell names the current build's asset files); the hints name the catalog of the
 * visitor's language, hence Vary: Accept-Language. With nothing to add the shell is served as it
 * is. If the events cannot be read, the page goes without the JSON-LD: it never costs a visitor
 * the page.
 */
async function shellWithFirstLoad(c: Context<HonoEnv>, page: FirstLoadPath) {
  const shell = await spaShell(c);
  const plain = () => new Response(shell.body, { status: shell.status, headers: shell.headers });
  if (!shell.ok) return plain();
  const withEvents = page === "/" || page === "/events";
  const [hints, covers, events] = await Promise.all([
    firstLoadHints(c.env.ASSETS, c.req.raw, page),
    page === "/music/catalog"
      ? coverPreloads(c).catch((error: unknown) => {
          console.error("cover preloads left out", error);
          return null;
        })
      : null,
    withEvents
      ? upcomingEventsJsonLd(c).catch((error: unknown) => {
          console.error("events JSON-LD left out", error);
          return null;
        })
      : null,
  ]);
  // The landing page's LCP is its first hero picture: the browser may fetch it before any script runs.
  const head = [page === "/" ? heroPreload() : null, hints.html, covers, events].filter(Boolean).join("");
  if (!head) return plain();
  const html = new HTMLRewriter()
    .on('link[rel="modulepreload"]', { element: (el) => void (hints.replaces.has(el.getAttribute("href") ?? "") && el.remove()) })
    .on("head", { element: (el) => void el.append(head, { html: true }) })
    .transform(shell);
  const res = rewritten(html, "public, max-age=0, must-revalidate");
  res.headers.append("Vary", "Accept-Language");
  return res;
}

/**
 * The first backdrop, as the hero's <picture> picks it: the portrait cut on phones, else the srcset.
 * At the browser's own priority for a preloaded image, not "high": the page paints only once its
 * scripts have run, so on a slow line the picture should not take their bandwidth; it still
 * arrives before they have.
 */
function heroPreload() {
  const first = HERO_IMAGES[0]!;
  return (
    `<link rel="preload" as="image" href="${first.portrait}" media="${HERO_PORTRAIT_MEDIA}">` +
    `<link rel="preload" as="image" href="${first.src}" imagesrcset="${first.srcSet}" imagesizes="${HERO_IMAGE_SIZES}" media="${HERO_WIDE_MEDIA}">`
  );
}

/** The catalog's LCP is one of its first covers: fetched with the scripts, not after the page renders. */
async function coverPreloads(c: Context<HonoEnv>) {
  const { albums } = JSON.parse(await albumsJson(c.var.db)) as AlbumsResponse;
  return albums
    .slice(0, CATALOG_EAGER_COVERS)
    .flatMap((album) => (album.coverUrl ? [`<link rel="preload" as="image" href="${escapeHtml(album.coverUrl)}">`] : []))
    .join("");
}

export const firstLoadPageRoutes = new Hono<HonoEnv>();
for (const page of Object.keys(FIRST_LOAD_PAGES) as FirstLoadPath[]) firstLoadPageRoutes.get(page, (c) => shellWithFirstLoad(c, page));
