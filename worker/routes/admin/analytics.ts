// The back office's analytics (administrators only: the /api/admin gate):
//   GET /api/admin/overview?tz=Zone                  the overview page's cards and counts
//   GET /api/admin/analytics?days=7|30|90&tz=Zone    site analytics for a period
//   GET /api/admin/analytics/tracks?period=7|30|90|all   track plays
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { analyticsQuerySchema, overviewQuerySchema, trackAnalyticsQuerySchema, type OverviewResponse } from "#contracts/admin/analytics.ts";
import { flushRequestStats } from "../../middleware/request-log";
import { requestMetrics } from "../../services/realtime/request-metrics";
import { validate } from "../../lib/validate";
import { readOverview, readSiteAnalytics } from "../../db/analytics/reads";
import { readTrackStats } from "../../db/music/track-stats";
import { readOverviewStore } from "../../db/admin-revenue";

export const analyticsRoutes = new Hono<HonoEnv>()
  .get("/overview", validate("query", overviewQuerySchema), async (c) => {
    // This isolate's latest figures first, so the hour includes them.
    await flushRequestStats(c.env);
    const [overview, health, store] = await Promise.all([
      readOverview(c.var.db),
      requestMetrics(c.env).lastHour(),
      readOverviewStore(c.var.db, c.req.valid("query").tz),
    ]);
    return c.json<OverviewResponse>({ ...overview, health, store });
  })
  .get("/analytics", validate("query", analyticsQuerySchema), async (c) => {
    const { days, tz } = c.req.valid("query");
    return c.json(await readSiteAnalytics(c.var.db, days, tz));
  })
  .get("/analytics/tracks", validate("query", trackAnalyticsQuerySchema), async (c) => c.json(await readTrackStats(c.var.db, c.req.valid("query").period)));
