// GET /api/site/status: whether the site is still "coming soon" (no release, station or channel
// yet; decision 077). For everyone, a minute in shared caches like /api/config: the first release
// shows within it.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { SiteStatus } from "#contracts/site-setup.ts";
import { readSiteContent } from "../db/site-setup";

export const siteStatusRoutes = new Hono<HonoEnv>().get("/status", async (c) => {
  const content = await readSiteContent(c.var.db);
  c.header("Cache-Control", "public, max-age=60");
  return c.json<SiteStatus>({ comingSoon: !content.releases && !content.broadcasts });
});
