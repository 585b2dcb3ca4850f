// GET /api/proxy-audio?url=<https url>: catalog tracks on remote file hosts, for VIPs and admins.
// The address is checked against AUDIO_PROXY_HOSTS before anything is fetched (empty = refuse all);
// see worker/services/media/audio-proxy.ts for the SSRF rules.
import { Hono } from "hono";
import { z } from "#contracts/zod.ts";
import { readConfig } from "../env";
import { requireVIP } from "../middleware/guards";
import { validate } from "../lib/validate";
import { checkRemoteAudioUrl, fetchRemoteAudio, parseAllowedHosts, REMOTE_AUDIO_URL_MAX_LENGTH } from "../services/media/audio-proxy";
import type { HonoEnv } from "../types";

const proxyAudioQuery = z.object({
  url: z
    .string({ error: "url is required" })
    .min(1, "url is required")
    .max(REMOTE_AUDIO_URL_MAX_LENGTH, `url must be at most ${REMOTE_AUDIO_URL_MAX_LENGTH} characters`)
    .refine((value) => URL.canParse(value), "url must be an absolute URL"),
});

export const proxyAudioRoutes = new Hono<HonoEnv>().get("/", requireVIP, validate("query", proxyAudioQuery), async (c) => {
  const allowed = parseAllowedHosts(readConfig(c.env).AUDIO_PROXY_HOSTS);
  // Throws RemoteUrlRefused (400 url_refused) before any request leaves the Worker.
  const url = checkRemoteAudioUrl(c.req.valid("query").url, allowed);
  return fetchRemoteAudio(url, { range: c.req.header("range"), ifRange: c.req.header("if-range"), allowed });
});
