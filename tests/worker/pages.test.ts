// The public pages as the Worker renders them (worker/routes/pages.ts with app/ssr/render.tsx):
// each one's headline and main content in the HTML itself, in the language the browser will show,
// with the head a search engine or a chat app reads (title, description, Open Graph and Twitter
// tags, canonical address, language alternates) and the data the browser hydrates from. Unknown
// addresses, albums and tracks are 404s with the app's not-found page.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import ssr from "app-ssr";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import { createUser, ORIGIN, type TestUser } from "./helpers";
import { alternatesOf, decodeEntities, headOf, linksOf, metaContents, page, rootOf, SHELL, stateOf, textOf, titleOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
type Locale = "en" | "pt-BR";
const CATALOGS: Record<Locale, Record<string, string>> = { en, "pt-BR": ptBR as Record<string, string> };
// Both catalogs are plain records: the English is read from the source, and the Portuguese the
// plugin serves is app/i18n/pt-BR.json with the areas' site texts (a page's title and meta) added.
type MessageId = string;

/** A page: its headline (a message id, or a literal title) and what of its main content must be there. */
type PageCase = {
  path: string;
  headline: MessageId | { literal: string };
  messages?: MessageId[];
  literals?: string[];
  /** The Portuguese page's literals where they differ (a station's or channel's Portuguese name, decision 032). */
  literalsPtBr?: string[];
  /** The share picture: the site's wide one unless the page has its own. */
  image?: string;
  /** A square cover unfurls beside the text ("summary"), a wide picture above it. */
  card?: "summary";
  type?: string;
};

const PAGES: PageCase[] = [
  { path: "/", headline: "home.hero.title", messages: ["home.music.title"], literals: ["Spring Love"] },
  { path: "/events", headline: "pages.events.title", messages: ["pages.events.intro"], image: `${ORIGIN}/media/site/events-banner.jpg` },
  { path: "/music", headline: "music.hub.artist", messages: ["music.hub.featured"], literals: ["Waiting for Your Love"] },
  {
    path: "/music/catalog",
    headline: "music.catalog.title",
    messages: ["music.catalog.intro"],
    literals: ["City Lights Calling", "Freestyle Nights", "Satin & Neon"],
  },
  {
    path: "/music/catalog/freestyle-nights",
    headline: { literal: "Freestyle Nights" },
    literals: ["Say It on the Dance Floor", "Last Train to Your Heart"],
    image: `${ORIGIN}/media/covers/freestyle-nights.png`,
    card: "summary",
    type: "music.album",
  },
  {
    path: "/music/track/waiting-for-your-love",
    headline: { literal: "Waiting for Your Love" },
    messages: ["music.trackPage.listenVip"],
    image: `${ORIGIN}/media/covers/freestyle-nights.png`,
    card: "summary",
    type: "music.song",
  },
  { path: "/vip-signup", headline: "vip.signup.title", messages: ["vip.benefits.title"] },
  { path: "/signup-options", headline: "signupOptions.title", messages: ["signupOptions.intro"] },
  { path: "/privacy", headline: "meta.privacy.title" },
  { path: "/terms", headline: "meta.terms.title" },
  { path: "/copyright", headline: "meta.copyright.title" },
  {
    // The statement's standard and its contact: the contact form, rendered with the page.
    path: "/accessibility",
    headline: "meta.accessibility.title",
    messages: ["contact.form.heading", "contact.submit"],
    literals: ["We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA", "Known Limitations", "Last reviewed: November 28, 2026"],
    literalsPtBr: [
      "atender às Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.2 no nível AA",
      "Limitações conhecidas",
      "Última revisão: 28 de novembro de 2026",
    ],
  },
  {
    path: "/radio",
    headline: "pages.radio.title",
    messages: ["pages.radio.intro"],
    literals: ["Freestyle Lovers Radio"],
    literalsPtBr: ["Rádio Freestyle Lovers"],
  },
  {
    path: "/tv",
    headline: "pages.tv.title",
    messages: ["pages.tv.intro"],
    literals: ["Spring Love (Official Music Video)"],
    literalsPtBr: ["Spring Love (Clipe Oficial)", "Bastidores"],
  },
  { path: "/virtual-meet", headline: "pages.virtualMeet.title", messages: ["pages.virtualMeet.intro"] },
];
const SIGN_IN_PAGES: PageCase[] = [
  { path: "/social/login", headline: "auth.login.title", messages: ["auth.login.intro"] },
  { path: "/social/signup", headline: "auth.signup.title", messages: ["auth.signup.intro"] },
];

const headlineOf = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(rootOf(html))?.[1] ?? "");
const expected = (locale: Locale, id: MessageId) => CATALOGS[locale][id];

let member: TestUser | null = null;
async function memberCookie() {
  member ??= await createUser("user");
  return member.cookie;
}

/** Checks the page's body and head in `locale`; returns its HTML. */
async function expectPage(c: PageCase, locale: Locale, headers: Record<string, string>) {
  const res = await page(c.path, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("content-language")).toBe(locale);
  expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
  const html = await res.text();
  expect(html.startsWith(`<!doctype html><html lang="${locale}">`)).toBe(true);

  // The content, in the language asked for.
  const text = textOf(rootOf(html));
  expect(headlineOf(html)).toBe(typeof c.headline === "string" ? expected(locale, c.headline) : c.headline.literal);
  for (const id of c.messages ?? []) expect(text).toContain(expected(locale, id));
  for (const literal of (locale === "pt-BR" ? c.literalsPtBr : undefined) ?? c.literals ?? []) expect(text).toContain(literal);
  expect(stateOf(html).locale).toBe(locale);

  // The head: one title and description, the same in the share tags.
  const title = titleOf(html)!;
  expect(title).toMatch(/Freestyle Lovers/);
  expect(html.split("<title>")).toHaveLength(2);
  // Compared as a parser reads them: the tags escape ' and the rewritten description does not need to.
  const [description] = metaContents(html, "description").map(decodeEntities);
  expect(description).toBeTruthy();
  expect(description).not.toBe("x");
  expect(metaContents(html, "og:title")).toEqual([title]);
  expect(metaContents(html, "twitter:title")).toEqual([title]);
  expect(metaContents(html, "og:description").map(decodeEntities)).toEqual([description]);
  expect(metaContents(html, "og:site_name")).toEqual(["Freestyle Lovers"]);
  expect(metaContents(html, "og:locale")).toEqual([locale === "en" ? "en_US" : "pt_BR"]);
  expect(metaContents(html, "og:type")).toEqual([c.type ?? "website"]);
  const image = c.image ?? `${ORIGIN}/media/site/hero-1-1280.jpg`;
  expect(metaContents(html, "og:image")).toEqual([image]);
  expect(metaContents(html, "twitter:image")).toEqual([image]);
  expect(metaContents(html, "twitter:card")).toEqual([c.card ?? "summary_large_image"]);
  expect(alternatesOf(html)).toEqual({
    en: `${ORIGIN}${c.path}?lang=en`,
    "pt-BR": `${ORIGIN}${c.path}?lang=pt-BR`,
    "x-default": `${ORIGIN}${c.path}`,
  });
  const tags = headOf(html);
  expect(tags).toContain('property="og:title"');
  expect(tags).toContain('rel="canonical"');
  return html;
}

describe.each(["en", "pt-BR"] as const)("public pages in %s", (locale) => {
  const acceptLanguage = locale === "en" ? "en-US,en;q=0.9" : "pt-BR,pt;q=0.9";

  it.each([...PAGES, ...SIGN_IN_PAGES])("$path for a visitor (Accept-Language)", async (c) => {
    const html = await expectPage(c, locale, { "accept-language": acceptLanguage });
    expect(linksOf(html, "canonical")).toEqual([`${ORIGIN}${c.path}`]);
  });

  it.each([...PAGES, ...SIGN_IN_PAGES])("$path for a member who chose the language (cookie over Accept-Language)", async (c) => {
    const other = locale === "en" ? "pt-BR" : "en";
    const res = await page(c.path, { headers: { cookie: `${await memberCookie()}; locale=${locale}`, "accept-language": other } });
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    await res.body?.cancel();
    await expectPage(c, locale, { cookie: `${await memberCookie()}; locale=${locale}`, "accept-language": other });
  });
});

describe("the page's language", () => {
  it("?lang= wins over the cookie and Accept-Language, and is its own canonical address", async () => {
    const res = await page("/music/catalog?lang=pt-BR&utm_source=x", { headers: { cookie: "locale=en", "accept-language": "en" } });
    const html = await res.text();
    expect(res.headers.get("content-language")).toBe("pt-BR");
    expect(headlineOf(html)).toBe(ptBR["music.catalog.title"]);
    expect(linksOf(html, "canonical")).toEqual([`${ORIGIN}/music/catalog?lang=pt-BR`]);
    expect(metaContents(html, "og:url")).toEqual([`${ORIGIN}/music/catalog?lang=pt-BR`]);
  });

  it("ignores a cookie or ?lang= naming no language of the site", async () => {
    const html = await (await page("/events?lang=fr", { headers: { cookie: "locale=<script>", "accept-language": "pt-BR" } })).text();
    expect(html.startsWith('<!doctype html><html lang="pt-BR">')).toBe(true);
    expect(html).not.toContain("<script>");
  });

  it("is English without any hint", async () => {
    const res = await page("/tv");
    expect(res.headers.get("content-language")).toBe("en");
    expect(headlineOf(await res.text())).toBe(en["pages.tv.title"]);
  });
});

describe("caching", () => {
  it("lets a visitor's page be revalidated by shared caches, never a member's", async () => {
    const visitor = await page("/music/catalog");
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(visitor.headers.get("etag")).toBeNull();
    expect(visitor.headers.get("content-length")).toBeNull();
    await visitor.body?.cancel();
    const signedIn = await page("/music/catalog", { headers: { cookie: await memberCookie() } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    // The member's own session is in the page's data, for the header to render signed in.
    const me = stateOf(await signedIn.text()).queries.queries.find((q) => q.queryKey[0] === "me");
    expect(me?.state.data).toMatchObject({ user: { username: member!.username } });
  });
});

describe("a page the server fails to render", () => {
  it("is the shell, for the browser to render, and the failure is logged", async () => {
    const failed = vi.spyOn(ssr, "renderPage").mockRejectedValueOnce(new Error("render broke"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await page("/music/catalog");
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL);
      expect(logged).toHaveBeenCalledWith("page render failed", "/music/catalog", expect.any(Error));
    } finally {
      failed.mockRestore();
      logged.mockRestore();
    }
  });
});

describe("signed-in-only and back-office pages", () => {
  it.each(["/social", "/admin", "/music/favorites", "/chat", "/vip-membership/manage"])("%s is the shell, rendered by the browser", async (path) => {
    const res = await page(path, { headers: { cookie: await memberCookie() } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

describe("a visitor opening a signed-in or back-office page", () => {
  it.each([
    ["/check-in", "/social/login?redirect=%2Fcheck-in"],
    ["/settings", "/social/login?redirect=%2Fsettings"],
    ["/social", "/social/login?redirect=%2Fsocial"],
    ["/tickets", "/social/login?redirect=%2Ftickets"],
    ["/notifications", "/social/login?redirect=%2Fnotifications"],
    ["/music/favorites", "/social/login?redirect=%2Fmusic%2Ffavorites"],
    ["/admin", "/social/login?redirect=%2Fadmin"],
    ["/admin/users", "/social/login?redirect=%2Fadmin%2Fusers"],
    ["/vip-membership/manage?from=mail", "/social/login?redirect=%2Fvip-membership%2Fmanage%3Ffrom%3Dmail"],
  ])("%s is sent to sign in at once, with the way back, not a blank shell", async (path, signIn) => {
    const res = await page(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(signIn);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it("a member still gets the shell, and so does a session the Worker no longer knows (the browser's guard sends it on)", async () => {
    const member = await page("/check-in", { headers: { cookie: await memberCookie() } });
    expect(member.status).toBe(200);
    expect(await member.text()).toContain('<div id="root"></div>');
    const stale = await page("/check-in", { headers: { cookie: "__Host-sid=gone" } });
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
  });

  it.each(["/chat", "/store/cart"])("%s has no sign-in guard of its own: a visitor gets the shell, as before", async (path) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

describe("not found", () => {
  it.each(["/nope", "/music/nope/deeper", "/events/2026", "/social/post"])("%s is a 404 with the app's not-found page", async (path) => {
    const res = await page(path, { headers: { "accept-language": "pt-BR" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(textOf(rootOf(html))).toContain(ptBR["notFound.body"]);
    // Nothing to unfurl and nothing to index.
    expect(metaContents(html, "og:title")).toEqual([]);
    expect(linksOf(html, "canonical")).toEqual([]);
  });

  it.each([
    "/music/catalog/no-such-album",
    "/music/track/no-such-track",
    `/music/track/${"a".repeat(101)}`,
    "/music/track/Bad_ID!",
    "/music/track/..%2Fspring-love",
    "/music/catalog/%3Cscript%3E",
  ])("%s is a 404", async (path) => {
    const res = await page(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("<script>");
    expect(metaContents(html, "og:title")).toEqual([]);
  });

  it("leaves /api, /media and /uploads to their own 404s", async () => {
    const res = await page("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    await res.body?.cancel();
  });
});

describe("hostile titles", () => {
  const undo: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (undo.length) await undo.pop()!();
  });

  it("stay text in the head and the page: no tag can start inside a title or an attribute", async () => {
    const trackTitle = `</title><script>alert("t")</script> & 'q'`;
    const albumTitle = `"><script>alert('a')</script>`;
    await D1.batch([
      D1.prepare("UPDATE tracks SET title = ? WHERE id = 'because-i-love-you'").bind(trackTitle),
      D1.prepare("UPDATE albums SET title = ? WHERE id = 'letters-in-the-rain'").bind(albumTitle),
    ]);
    undo.push(() =>
      D1.batch([
        D1.prepare("UPDATE tracks SET title = 'Because I Love You' WHERE id = 'because-i-love-you'"),
        D1.prepare("UPDATE albums SET title = 'Letters in the Rain' WHERE id = 'letters-in-the-rain'"),
      ]),
    );
    const res = await page("/music/track/because-i-love-you");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script>alert");
    expect(html.split("<title>")).toHaveLength(2);
    expect(html.split("</title>")).toHaveLength(2);
    expect(titleOf(html)).not.toMatch(/[<>]/);
    expect(metaContents(html, "og:title").map(decodeEntities)).toEqual([`${trackTitle} · ${albumTitle} · Freestyle Lovers`]);
    expect(headlineOf(html)).toBe(trackTitle);
    // The data island still parses to the same titles.
    const track = stateOf(html).queries.queries.find((q) => JSON.stringify(q.state.data ?? null).includes("because-i-love-you"));
    expect(JSON.stringify(track?.state.data)).toContain(JSON.stringify(trackTitle).slice(1, -1));
  });
});
