// Composes middleware and route modules. Kept apart from index.ts so tests can build it too.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { readConfig } from "./env";
import { onError, onNotFound } from "./middleware/errors";
import { allowFraming, refusalsNotStored, securityHeaders } from "./middleware/security-headers";
import { csrfGuard } from "./middleware/csrf";
import { loadSession } from "./middleware/session";
import { d1Session } from "./middleware/d1-session";
import { requestLog } from "./middleware/request-log";
import { edgeCache, renewVersionAfterChanges } from "./middleware/edge-cache";
import { fromThePage } from "./middleware/page-reads";
import { localModeHostGuard } from "./middleware/local-only";
import { routeError } from "./lib/errors";
import { declaredUploadLimit } from "./lib/upload-body";
import { JSON_BODY_MAX_BYTES } from "#contracts/limits.ts";
import { COLLECT_PATH } from "#contracts/collect.ts";
import type { HonoEnv } from "./types";
import { at, lazyGroup, mountLazily, type Mounts } from "./middleware/lazy-routes";

// Upload routes declare their own, larger, limit in their chain (uploadBody, worker/lib/upload-body.ts).
const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw routeError("payload_too_large");
  },
});

/**
 * An API group's own middleware: the JSON body limit, which an upload route's declared limit
 * replaces (it is found among the group's matched routes, which the app above cannot see).
 */
const apiGroup = (load: () => Promise<Mounts>) =>
  lazyGroup(load, (group) => group.use("*", async (c, next) => (declaredUploadLimit(c) === undefined ? jsonLimit(c, next) : next())));

/**
 * The API's route modules by the paths they answer, each group loaded with its first request
 * (decision 078). The groups' prefixes do not overlap; inside a group, modules are tried in order.
 */
const API_GROUPS: ReadonlyArray<readonly [prefixes: readonly string[], group: ReturnType<typeof apiGroup>]> = [
  [["/api/health"], apiGroup(async () => [at("/api/health", (await import("./routes/health")).healthRoutes)])],
  [["/api/config"], apiGroup(async () => [at("/api/config", (await import("./routes/config")).configRoutes)])],
  [["/api/artist"], apiGroup(async () => [at("/api/artist", (await import("./routes/artist")).artistRoutes)])],
  [["/api/site"], apiGroup(async () => [at("/api/site", (await import("./routes/site-status")).siteStatusRoutes)])],
  [
    ["/api/auth"],
    apiGroup(async () => [
      at("/api/auth", (await import("./routes/auth")).authRoutes),
      at("/api/auth", (await import("./routes/email-verification")).emailVerificationRoutes),
    ]),
  ],
  [["/api/profiles"], apiGroup(async () => [at("/api/profiles", (await import("./routes/profiles")).profileRoutes)])],
  [["/api/uploads"], apiGroup(async () => [at("/api/uploads", (await import("./routes/uploads")).uploadRoutes)])],
  [["/api/dev"], apiGroup(async () => [at("/api/dev", (await import("./routes/dev")).devRoutes)])],
  [["/api/feed"], apiGroup(async () => [at("/api/feed", (await import("./routes/feed-live")).feedLiveRoutes)])],
  [["/api/payments"], apiGroup(async () => [at("/api/payments", (await import("./routes/payments")).paymentRoutes)])],
  [["/api/stripe"], apiGroup(async () => [at("/api/stripe", (await import("./routes/payments-webhook")).stripeWebhookRoutes)])],
  [["/api/offers"], apiGroup(async () => [at("/api/offers", (await import("./routes/tier-offers")).tierOfferRoutes)])],
  [["/api/music"], apiGroup(async () => [at("/api/music", (await import("./routes/music")).musicRoutes)])],
  [["/api/search"], apiGroup(async () => [at("/api/search", (await import("./routes/search")).searchRoutes)])],
  [["/api/proxy-audio"], apiGroup(async () => [at("/api/proxy-audio", (await import("./routes/proxy-audio")).proxyAudioRoutes)])],
  [["/api/favorites"], apiGroup(async () => [at("/api/favorites", (await import("./routes/favorites")).favoriteRoutes)])],
  [["/api/playlists"], apiGroup(async () => [at("/api/playlists", (await import("./routes/playlists")).playlistRoutes)])],
  [["/api/posts"], apiGroup(async () => [at("/api/posts", (await import("./routes/posts")).postRoutes)])],
  [["/api/radio"], apiGroup(async () => [at("/api/radio", (await import("./routes/radio")).radioRoutes)])],
  [["/api/tv"], apiGroup(async () => [at("/api/tv", (await import("./routes/tv")).tvRoutes)])],
  [
    // A reminder is asked for on its event's path (/api/events/:id/reminder) and confirmed on its own.
    ["/api/events", "/api/reminders"],
    apiGroup(async () => [at("/api/events", (await import("./routes/events")).eventRoutes), at("/api", (await import("./routes/reminders")).reminderRoutes)]),
  ],
  [["/api/notify-me"], apiGroup(async () => [at("/api/notify-me", (await import("./routes/notify-me")).notifyMeRoutes)])],
  [["/api/contact"], apiGroup(async () => [at("/api/contact", (await import("./routes/contact")).contactRoutes)])],
  [["/api/newsletter"], apiGroup(async () => [at("/api/newsletter", (await import("./routes/newsletter")).newsletterRoutes)])],
  [["/api/webhooks/mail"], apiGroup(async () => [at("/api/webhooks/mail", (await import("./routes/mail-webhooks")).mailWebhookRoutes)])],
  [["/api/webhooks/stream"], apiGroup(async () => [at("/api/webhooks/stream", (await import("./routes/stream-webhook")).streamWebhookRoutes)])],
  [["/api/chat"], apiGroup(async () => [at("/api/chat", (await import("./routes/chat")).chatRoutes)])],
  [["/api/admin"], apiGroup(async () => [at("/api/admin", (await import("./routes/admin")).adminRoutes)])],
  [["/api/parties"], apiGroup(async () => [at("/api/parties", (await import("./routes/parties")).partyRoutes)])],
  // Community rooms (decision 106).
  [["/api/rooms"], apiGroup(async () => [at("/api/rooms", (await import("./routes/rooms")).roomRoutes)])],
  // Live shows (decision 113); Stream's signed notices come to /api/webhooks/stream.
  [["/api/live"], apiGroup(async () => [at("/api/live", (await import("./routes/live")).liveRoutes)])],
  [["/api/vip-pass"], apiGroup(async () => [at("/api/vip-pass", (await import("./routes/vip-pass")).vipPassRoutes)])],
  [["/api/check-in"], apiGroup(async () => [at("/api/check-in", (await import("./routes/check-in")).checkInRoutes)])],
  [["/api/perks"], apiGroup(async () => [at("/api/perks", (await import("./routes/perks")).perkRoutes)])],
  // Remix contests (decision 184).
  [
    ["/api/contests"],
    apiGroup(async () => [
      // The co-authors' answers and the profiles' entries first: their paths would otherwise read as a contest's.
      at("/api/contests", (await import("./routes/contests-social")).contestSocialRoutes),
      // An entry's audio in parts (decision 194), its own module beside the entry's other routes.
      at("/api/contests", (await import("./routes/contest-entry-uploads")).contestEntryUploadRoutes),
      at("/api/contests", (await import("./routes/contest-releases")).contestReleaseRoutes),
      at("/api/contests", (await import("./routes/contests")).contestRoutes),
      at("/api/contests", (await import("./routes/contests-reports")).contestReportRoutes),
    ]),
  ],
  // The membership ladder the signup options show (decision 097).
  [["/api/tiers"], apiGroup(async () => [at("/api/tiers", (await import("./routes/tiers")).tierRoutes)])],
  [
    ["/api/store"],
    // The store's routes (its products and cart, checkouts, downloads, the member's collection and
    // gift codes) mount from their folder, routes/store/.
    apiGroup(async () => [at("/api/store", (await import("./routes/store")).storeRoutes)]),
  ],
  [
    ["/api/account"],
    apiGroup(async () => [
      at("/api/account/newsletter", (await import("./routes/newsletter")).accountNewsletterRoutes),
      at("/api/account", (await import("./routes/account")).accountRoutes),
      at("/api/account", (await import("./routes/member-data")).memberDataRoutes),
    ]),
  ],
  [["/api/notifications"], apiGroup(async () => [at("/api/notifications", (await import("./routes/notifications")).notificationRoutes)])],
  // The tickets a member holds (decision 055).
  [["/api/tickets"], apiGroup(async () => [at("/api/tickets", (await import("./routes/tickets-mine")).ticketsMineRoutes)])],
  // The waitlist for sold-out shows and tickets handed back (decision 185).
  [["/api/waitlist"], apiGroup(async () => [at("/api/waitlist", (await import("./routes/waitlist")).waitlistRoutes)])],
  // The path the SPA's page-view beacon posts to is part of the analytics contract.
  [[COLLECT_PATH], apiGroup(async () => [at(COLLECT_PATH, (await import("./routes/collect")).collectRoutes)])],
];

/** Every API group, on its paths: mounted on the app, and again for the pages' reads. */
function mountApiRoutes(target: Hono<HonoEnv>) {
  for (const [prefixes, group] of API_GROUPS) mountLazily(target, prefixes, group);
}

/** The addresses outside the API that are not pages, each loaded with its first request too. */
const OTHER_GROUPS: ReadonlyArray<readonly [prefixes: readonly string[], group: ReturnType<typeof lazyGroup>]> = [
  [["/uploads"], lazyGroup(async () => [at("/uploads", (await import("./routes/uploads")).uploadFileRoutes)])],
  [["/media"], lazyGroup(async () => [at("/media", (await import("./routes/media")).mediaRoutes)])],
  [["/events.ics"], lazyGroup(async () => [at("/events.ics", (await import("./routes/events")).eventsFeedRoutes)])],
  [["/manifest.webmanifest"], lazyGroup(async () => [at("/manifest.webmanifest", (await import("./routes/manifest")).manifestRoutes)])],
  [["/sitemap.xml", "/robots.txt"], lazyGroup(async () => [at("/", (await import("./routes/sitemap")).sitemapRoutes)])],
  [["/oembed"], lazyGroup(async () => [at("/oembed", (await import("./routes/oembed")).oembedRoutes)])],
];

export const app = new Hono<HonoEnv>();

app.onError(onError);
app.notFound(onNotFound);
// First, so that its line covers everything below, errors included.
app.use("*", requestLog);
// Registered first so that it runs last: it relaxes what securityHeaders has just set.
app.use("/embed/*", allowFraming);
app.use("*", securityHeaders);
app.use("*", refusalsNotStored);
app.use("*", async (c, next) => {
  readConfig(c.env); // fail fast, with a clear message, on a misconfigured deploy
  await next();
});
app.use("*", d1Session);
app.use("*", localModeHostGuard);
// The JSON body limit is each API group's own (apiGroup above): upload routes replace it with theirs.
app.use("/api/*", csrfGuard);
app.use("/api/*", loadSession);
app.use("/api/*", async (c, next) => {
  await next();
  // API answers are per-user: never cache them in shared caches.
  if (!c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
});
// Public answers from the data center's cache (inside the no-store default above, so it sees the
// route's own Cache-Control); back-office changes renew the version its keys are made with.
app.use("*", edgeCache);
app.use("/api/admin/*", renewVersionAfterChanges);
app.use("/api/dev/*", renewVersionAfterChanges);

mountApiRoutes(app);
for (const [prefixes, group] of OTHER_GROUPS) mountLazily(app, prefixes, group);
// A page's reads (decision 061): the same API routes, run in-process in the page's own request
// with the context its chain already made (its D1 session, who is signed in), none of the chain.
const pageReadRoutes = new Hono<HonoEnv>();
pageReadRoutes.onError(onError);
pageReadRoutes.notFound(onNotFound);
pageReadRoutes.use("*", fromThePage);
mountApiRoutes(pageReadRoutes);

// Every other address is one of the app's pages (or its 404): rendered here when public, by the
// app's server entry, which loads with the first page asked for.
mountLazily(
  app,
  ["/"],
  lazyGroup(async () => [
    at(
      "/",
      (await import("./routes/pages")).pageRoutes((request, env, ctx) => pageReadRoutes.fetch(request, env, ctx)),
    ),
  ]),
);
