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
import { JSON_BODY_MAX_BYTES } from "./contracts/limits";
import { COLLECT_PATH } from "./contracts/admin-analytics";
import type { HonoEnv } from "./types";
import { configRoutes } from "./routes/config";
import { artistRoutes } from "./routes/artist";
import { authRoutes } from "./routes/auth";
import { emailVerificationRoutes } from "./routes/email-verification";
import { profileRoutes } from "./routes/profiles";
import { uploadRoutes, uploadFileRoutes } from "./routes/uploads";
import { devRoutes } from "./routes/dev";
import { feedLiveRoutes } from "./routes/feed-live";
import { paymentRoutes, stripeWebhookRoutes } from "./routes/payments";
import { musicRoutes } from "./routes/music";
import { proxyAudioRoutes } from "./routes/proxy-audio";
import { mediaRoutes } from "./routes/media";
import { pageRoutes } from "./routes/pages";
import { sitemapRoutes } from "./routes/sitemap";
import { oembedRoutes } from "./routes/oembed";
import { eventRoutes, eventsFeedRoutes } from "./routes/events";
import { reminderRoutes } from "./routes/reminders";
import { notifyMeRoutes } from "./routes/notify-me";
import { postRoutes } from "./routes/posts";
import { favoriteRoutes } from "./routes/favorites";
import { playlistRoutes } from "./routes/playlists";
import { radioRoutes } from "./routes/radio";
import { tvRoutes } from "./routes/tv";
import { contactRoutes } from "./routes/contact";
import { chatRoutes } from "./routes/chat";
import { adminRoutes } from "./routes/admin";
import { collectRoutes } from "./routes/collect";
import { partyRoutes } from "./routes/parties";
import { vipPassRoutes } from "./routes/vip-pass";
import { checkInRoutes } from "./routes/check-in";
import { perkRoutes } from "./routes/perks";
import { storeRoutes } from "./routes/store";
import { searchRoutes } from "./routes/search";
import { accountRoutes } from "./routes/account";
import { notificationRoutes } from "./routes/notifications";
import { memberDataRoutes } from "./routes/member-data";
import { manifestRoutes } from "./routes/manifest";
import { healthRoutes } from "./routes/health";
import { accountNewsletterRoutes, newsletterRoutes } from "./routes/newsletter";
import { mailWebhookRoutes } from "./routes/mail-webhooks";
import { storeGiftRoutes } from "./routes/store-gifts";
import { storeCheckoutRoutes } from "./routes/store-checkout";
import { storeDownloadRoutes } from "./routes/store-downloads";
import { collectionRoutes } from "./routes/collection";
import { ticketsMineRoutes } from "./routes/tickets-mine";
import { siteStatusRoutes } from "./routes/site-status";

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw routeError("payload_too_large");
  },
});

/** Every API route module, on its path: mounted on the app, and again for the pages' reads. */
function mountApiRoutes(target: Hono<HonoEnv>) {
  target.route("/api/health", healthRoutes);
  target.route("/api/config", configRoutes);
  target.route("/api/artist", artistRoutes);
  target.route("/api/site", siteStatusRoutes);
  target.route("/api/auth", authRoutes);
  target.route("/api/auth", emailVerificationRoutes);
  target.route("/api/profiles", profileRoutes);
  target.route("/api/uploads", uploadRoutes);
  target.route("/api/dev", devRoutes);
  target.route("/api/feed", feedLiveRoutes);
  target.route("/api/payments", paymentRoutes);
  target.route("/api/stripe", stripeWebhookRoutes);
  target.route("/api/music", musicRoutes);
  target.route("/api/search", searchRoutes);
  target.route("/api/proxy-audio", proxyAudioRoutes);
  target.route("/api/favorites", favoriteRoutes);
  target.route("/api/playlists", playlistRoutes);
  target.route("/api/posts", postRoutes);
  target.route("/api/radio", radioRoutes);
  target.route("/api/tv", tvRoutes);
  target.route("/api/events", eventRoutes);
  target.route("/api", reminderRoutes);
  target.route("/api/notify-me", notifyMeRoutes);
  target.route("/api/contact", contactRoutes);
  target.route("/api/newsletter", newsletterRoutes);
  target.route("/api/account/newsletter", accountNewsletterRoutes);
  target.route("/api/webhooks/mail", mailWebhookRoutes);
  target.route("/api/chat", chatRoutes);
  target.route("/api/admin", adminRoutes);
  target.route("/api/parties", partyRoutes);
  target.route("/api/store/gifts", storeGiftRoutes);
  target.route("/api/vip-pass", vipPassRoutes);
  target.route("/api/check-in", checkInRoutes);
  target.route("/api/perks", perkRoutes);
  target.route("/api/store", storeRoutes);
  target.route("/api/account", accountRoutes);
  target.route("/api/account", memberDataRoutes);
  target.route("/api/notifications", notificationRoutes);
  target.route("/api/store", storeCheckoutRoutes);
  // The store's downloads (the signed link is the key) and the member's collection.
  target.route("/api/store", storeDownloadRoutes);
  target.route("/api/store", collectionRoutes);
  // The tickets a member holds (decision 055).
  target.route("/api/tickets", ticketsMineRoutes);
  // The path the SPA's page-view beacon posts to is part of the analytics contract.
  target.route(COLLECT_PATH, collectRoutes);
}

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
// Upload routes declare their own, larger, limit in their chain (uploadBody, worker/lib/upload-body.ts).
app.use("/api/*", async (c, next) => (declaredUploadLimit(c) === undefined ? jsonLimit(c, next) : next()));
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
app.route("/uploads", uploadFileRoutes);
app.route("/media", mediaRoutes);
app.route("/events.ics", eventsFeedRoutes);
app.route("/manifest.webmanifest", manifestRoutes);
app.route("/", sitemapRoutes);
app.route("/oembed", oembedRoutes);
// A page's reads (decision 061): the same API routes, run in-process in the page's own request
// with the context its chain already made (its D1 session, who is signed in), none of the chain.
const pageReadRoutes = new Hono<HonoEnv>();
pageReadRoutes.onError(onError);
pageReadRoutes.notFound(onNotFound);
pageReadRoutes.use("*", fromThePage);
mountApiRoutes(pageReadRoutes);

// Every other address is one of the app's pages (or its 404): rendered here when public.
app.route(
  "/",
  pageRoutes((request, env, ctx) => pageReadRoutes.fetch(request, env, ctx)),
);
