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

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw routeError("payload_too_large");
  },
});

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

app.route("/api/health", healthRoutes);
app.route("/api/config", configRoutes);
app.route("/api/artist", artistRoutes);
app.route("/api/auth", authRoutes);
app.route("/api/auth", emailVerificationRoutes);
app.route("/api/profiles", profileRoutes);
app.route("/api/uploads", uploadRoutes);
app.route("/api/dev", devRoutes);
app.route("/api/feed", feedLiveRoutes);
app.route("/api/payments", paymentRoutes);
app.route("/api/stripe", stripeWebhookRoutes);
app.route("/api/music", musicRoutes);
app.route("/api/search", searchRoutes);
app.route("/api/proxy-audio", proxyAudioRoutes);
app.route("/api/favorites", favoriteRoutes);
app.route("/api/playlists", playlistRoutes);
app.route("/api/posts", postRoutes);
app.route("/api/radio", radioRoutes);
app.route("/api/tv", tvRoutes);
app.route("/api/events", eventRoutes);
app.route("/api", reminderRoutes);
app.route("/api/notify-me", notifyMeRoutes);
app.route("/api/contact", contactRoutes);
app.route("/api/newsletter", newsletterRoutes);
app.route("/api/account/newsletter", accountNewsletterRoutes);
app.route("/api/webhooks/mail", mailWebhookRoutes);
app.route("/api/chat", chatRoutes);
app.route("/api/admin", adminRoutes);
app.route("/api/parties", partyRoutes);
app.route("/api/store/gifts", storeGiftRoutes);
app.route("/api/vip-pass", vipPassRoutes);
app.route("/api/check-in", checkInRoutes);
app.route("/api/perks", perkRoutes);
app.route("/api/store", storeRoutes);
app.route("/api/account", accountRoutes);
app.route("/api/account", memberDataRoutes);
app.route("/api/notifications", notificationRoutes);
app.route("/api/store", storeCheckoutRoutes);
// The store's downloads (the signed link is the key) and the member's collection.
app.route("/api/store", storeDownloadRoutes);
app.route("/api/store", collectionRoutes);
// The tickets a member holds (decision 055).
app.route("/api/tickets", ticketsMineRoutes);
// The path the SPA's page-view beacon posts to is part of the analytics contract.
app.route(COLLECT_PATH, collectRoutes);
app.route("/uploads", uploadFileRoutes);
app.route("/media", mediaRoutes);
app.route("/events.ics", eventsFeedRoutes);
app.route("/manifest.webmanifest", manifestRoutes);
app.route("/", sitemapRoutes);
app.route("/oembed", oembedRoutes);
// Every other address is one of the app's pages (or its 404): rendered here when public. The
// pages' API requests go through this same app.
app.route(
  "/",
  pageRoutes((request, env, ctx) => app.fetch(request, env, ctx)),
);
