// The back office's revenue page (administrators only: the /api/admin gate):
//   GET /api/admin/revenue?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Zone   the period's money, MRR, VIP members, top products
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { revenueQuerySchema, type RevenueResponse } from "#contracts/admin/revenue.ts";
import { readRevenue, revenuePeriod } from "../../db/admin-revenue";
import { vipPlanPrices } from "../../services/membership/plans";
import { routeError } from "../../lib/errors";
import { validate } from "../../lib/validate";

export const revenueRoutes = new Hono<HonoEnv>().get("/", validate("query", revenueQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const now = Date.now();
  const period = revenuePeriod(query, now);
  if (period === "reversed") throw routeError("revenue_period_reversed", { field: "from" });
  if (period === "too_long") throw routeError("revenue_period_too_long", { field: "from" });
  const prices = await vipPlanPrices(c.env, c.var.db);
  const price = { ...prices.monthly, yearlyCents: prices.yearly.cents };
  return c.json<RevenueResponse>(await readRevenue(c.var.db, { ...period, timeZone: query.tz }, price, now));
});
