// Cloudflare Stream's notices (decision 113), mounted at /api/webhooks/stream beside the other
// vendors' notices: the CSRF guard lets /api/webhooks/ through, and the signature is the proof.
//   POST /    a live input connected or disconnected, a recording ready: applied once
import { Hono } from "hono";
import type { HonoEnv } from "../types";

export const streamWebhookRoutes = new Hono<HonoEnv>().post("/", async (c) => {
  // Loaded with the first notice: the live area's code has no place in every request's start-up.
  const { handleStreamWebhook } = await import("../services/live/webhook");
  return handleStreamWebhook(c);
});
