// GET /api/admin/revenue/tiers?from&to&tz&by=day|week|month: the revenue page's tier figures
// (administrators only: the /api/admin gate). The period follows the revenue page's rules and codes.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { tierFiguresQuerySchema, type TierFiguresResponse } from "#contracts/tiers/admin-figures.ts";
import { revenuePeriod } from "../../db/admin-revenue";
import { readTierFigures } from "../../db/tiers/admin-figures";
import { readTiers } from "../../db/tiers/tiers";
import { vipPlanPrices } from "../../services/membership/plans";
import { routeError } from "../../lib/errors";
import { validate } from "../../lib/validate";

export const tierFigureRoutes = new Hono<HonoEnv>().get("/", validate("query", tierFiguresQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const period = revenuePeriod(query, Date.now());
  if (period === "reversed") throw routeError("revenue_period_reversed", { field: "from" });
  if (period === "too_long") throw routeError("revenue_period_too_long", { field: "from" });
  const [ladder, prices] = await Promise.all([readTiers(c.var.db), vipPlanPrices(c.env, c.var.db)]);
  const vip = { monthlyCents: prices.monthly.cents, yearlyCents: prices.yearly.cents, currency: prices.monthly.currency };
  const figures = await readTierFigures(c.var.db, { ...period, timeZone: query.tz, by: query.by }, ladder, vip);
  return c.json<TierFiguresResponse>({ ...figures, tiers: ladder.map((t) => ({ id: t.id, rank: t.rank, name: t.name, color: t.badgeColor })) });
});
