// Which pages the service worker keeps as offline copies (app/sw/shared.ts, decision 058): only
// public pages the Worker rendered for a visitor, with their data; never a member's page, an
// account, back-office, checkout or chat page, a redirect or an error; and how a copy is marked.
import { describe, expect, it } from "vitest";
import {
  isKeptPageAddress,
  isMembersPublicPage,
  isPublicAnswer,
  isRecentCopy,
  markOfflineCopy,
  mayKeepPage,
  mayKeepPageByHeaders,
  MEMBER_COPY_REFRESH_SECONDS,
  OFFLINE_COPY_META,
  pageBuildFiles,
  type PageAnswer,
} from "../../app/sw/shared";
import { APP_MODULES_ID, SSR_STATE_ID } from "../../worker/contracts/ssr";

const VISITORS_PAGE = "public, max-age=0, must-revalidate";
const MEMBERS_PAGE = "private, no-cache";
const RENDERED = `<!doctype html><html lang="en"><head><title>Events</title></head><body><div id="root"><h1>Events</h1></div><script type="application/json" id="${SSR_STATE_ID}">{}</script></body></html>`;

const answer = (overrides: Partial<PageAnswer> = {}): PageAnswer => ({
  pathname: "/events",
  status: 200,
  redirected: false,
  cacheControl: VISITORS_PAGE,
  contentType: "text/html; charset=utf-8",
  body: RENDERED,
  ...overrides,
});

describe("isKeptPageAddress", () => {
  it.each([
    "/",
    "/events",
    "/events/",
    "/music",
    "/music/",
    "/music/catalog",
    "/music/catalog/freestyle-nights",
    "/music/track/spring-love",
    "/radio",
    "/tv",
    "/virtual-meet",
    "/privacy",
    "/terms",
    "/copyright",
    "/accessibility",
    "/store",
    "/store/tour-tee",
    "/perks",
    "/social/post/00000000-0000-4000-9000-00000000b001",
  ])("%s: a public page, kept", (path) => expect(isKeptPageAddress(path)).toBe(true));

  it.each([
    // Account, back office, checkout, chat, tickets, a member's pages.
    "/settings",
    "/admin",
    "/admin/users",
    "/check-in",
    "/chat",
    "/collection",
    "/notifications",
    "/tickets",
    "/tickets/abc",
    "/social",
    "/social/profile/00000000-0000-4000-9000-000000000001",
    "/music/favorites",
    "/vip-membership/manage",
    "/vip-checkout/test",
    "/store/cart/extra",
    "/redeem/card/ABCD",
    "/newsletter/confirm",
    // Sign-in and sign-up forms, and the embeds other sites frame.
    "/social/login",
    "/social/signup",
    "/signup-options",
    "/vip-signup",
    "/embed/track/spring-love",
    "/embed/album/freestyle-nights",
    // Not pages, or not ours to keep.
    "/api/events",
    "/events/2026/extra",
    "/eventsx",
    "/music/catalog/a/b",
  ])("%s: never kept", (path) => expect(isKeptPageAddress(path)).toBe(false));
});

describe("isPublicAnswer", () => {
  it.each([
    [VISITORS_PAGE, true],
    ["public, max-age=60", true],
    ["PUBLIC", true],
    [MEMBERS_PAGE, false],
    ["public, private", false],
    ["public, no-store", false],
    ["no-store", false],
    ["max-age=60", false],
    ["publicity", false],
    [null, false],
  ] as const)("%s → %s", (cacheControl, expected) => expect(isPublicAnswer(cacheControl)).toBe(expected));
});

describe("mayKeepPage", () => {
  it("keeps a visitor's server-rendered public page with its data", () => {
    expect(mayKeepPage(answer())).toBe(true);
  });

  it.each<[string, Partial<PageAnswer>]>([
    ["a signed-in member's page (their session's data is in it)", { cacheControl: MEMBERS_PAGE }],
    ["an answer without Cache-Control", { cacheControl: null }],
    ["a not-found page", { status: 404 }],
    ["a server error", { status: 500 }],
    ["a redirect's target", { redirected: true }],
    ["the bare shell (no data to hydrate from)", { body: '<!doctype html><html><head></head><body><div id="root"></div></body></html>' }],
    ["something other than HTML", { contentType: "application/json" }],
    ["a personal page, even marked public", { pathname: "/settings" }],
    ["a checkout page", { pathname: "/vip-checkout/test" }],
    // Shaped like a product's address, but the browser renders the cart: the Worker sends the shell.
    ["the cart", { pathname: "/store/cart", body: '<!doctype html><html><head></head><body><div id="root"></div></body></html>' }],
  ])("never keeps %s", (_, overrides) => {
    expect(mayKeepPage(answer(overrides))).toBe(false);
  });

  it("refuses on the headers alone, before the body is read, all but the shell's case", () => {
    expect(mayKeepPageByHeaders(answer())).toBe(true);
    expect(mayKeepPageByHeaders(answer({ cacheControl: MEMBERS_PAGE }))).toBe(false);
    expect(mayKeepPageByHeaders(answer({ pathname: "/settings" }))).toBe(false);
    expect(mayKeepPageByHeaders(answer({ status: 0 }))).toBe(false);
  });
});

describe("isMembersPublicPage", () => {
  it("is a member's copy of a kept address: the worker fetches the visitor's instead", () => {
    expect(isMembersPublicPage(answer({ cacheControl: MEMBERS_PAGE }))).toBe(true);
  });

  it.each<Partial<PageAnswer>>([
    { cacheControl: VISITORS_PAGE },
    { pathname: "/settings", cacheControl: MEMBERS_PAGE },
    { status: 404, cacheControl: MEMBERS_PAGE },
  ])("not when %o", (overrides) => expect(isMembersPublicPage(answer(overrides))).toBe(false));
});

describe("isRecentCopy", () => {
  const now = Date.parse("2026-11-25T12:00:00.000Z");
  it("is recent within the member's refresh interval, not after it", () => {
    expect(isRecentCopy("2026-11-25T11:59:00.000Z", now)).toBe(true);
    expect(isRecentCopy(new Date(now - MEMBER_COPY_REFRESH_SECONDS * 1000 + 1).toISOString(), now)).toBe(true);
    expect(isRecentCopy(new Date(now - MEMBER_COPY_REFRESH_SECONDS * 1000).toISOString(), now)).toBe(false);
  });

  it.each([null, "", "yesterday", "2026-11-25T12:05:00.000Z"])("%s is no recent copy (none, unreadable, or from the future)", (copiedAt) => {
    expect(isRecentCopy(copiedAt, now)).toBe(false);
  });
});

describe("markOfflineCopy", () => {
  it("puts the copy's time first in the head, for the app's banner", () => {
    const marked = markOfflineCopy(RENDERED, "2026-11-25T11:44:20.047Z");
    expect(marked).toContain(`<head><meta name="${OFFLINE_COPY_META}" content="2026-11-25T11:44:20.047Z"><title>Events</title>`);
    expect(marked.replace(/<meta name="offline-copy"[^>]*>/, "")).toBe(RENDERED);
  });

  it("finds a head with attributes, and escapes what it writes", () => {
    expect(markOfflineCopy('<html><head data-x="1"><title>t</title>', '"><script>')).toBe(
      '<html><head data-x="1"><meta name="offline-copy" content="&quot;>&lt;script>"><title>t</title>',
    );
  });
});

describe("the build files a copy needs", () => {
  it("are the page's listed modules and its stylesheets, build files only, each once", () => {
    const modules = ["/assets/index-A1.js", "/assets/store-B2.js", "/assets/index-A1.js", "https://elsewhere.example/x.js", "/api/config", 7];
    const html = `<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-C3.css"><link rel="canonical" href="/store"><link rel="preload" as="image" href="/media/x.png"/><link rel="stylesheet" crossorigin href="/assets/store-D4.css"></head><body><div id="root"></div><script type="application/json" id="${APP_MODULES_ID}">${JSON.stringify(modules)}</script></body></html>`;
    expect(pageBuildFiles(html)).toEqual(["/assets/index-A1.js", "/assets/store-B2.js", "/assets/index-C3.css", "/assets/store-D4.css"]);
  });

  it("are none for a page that lists none, or a list that is not one", () => {
    expect(pageBuildFiles(RENDERED)).toEqual([]);
    expect(pageBuildFiles(`<script type="application/json" id="${APP_MODULES_ID}">{"not":"a list"</script>`)).toEqual([]);
  });
});
