// /api/admin/store/tier-discounts: the store's member prices by tier (decision 099), administrators
// only (the admin tree's gate runs first).
//   GET / → { discounts }
//   PUT / { discounts } → the list replaced in one batch, audited; a tier the ladder lacks is 400
//         tier_gate_unknown and nothing changes.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { actorOf } from "../../middleware/guards";
import { recordAudit } from "../../db/audit";
import { checkGates } from "../../services/tier-gate-check";
import { listTierDiscounts, replaceTierDiscounts } from "../../db/store/tier-discounts";
import { tierDiscountsInput, type TierDiscountsResponse } from "#contracts/store/admin-tier-discounts.ts";

export const adminStoreTierDiscountRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<TierDiscountsResponse>({ discounts: await listTierDiscounts(c.var.db) }))
  .put("/", validate("json", tierDiscountsInput), async (c) => {
    const db = c.var.db;
    const { discounts } = c.req.valid("json");
    await checkGates(
      db,
      discounts.map((d) => ({ minTier: d.tierId })),
      "discounts",
    );
    const before = await listTierDiscounts(db);
    await replaceTierDiscounts(db, discounts);
    await recordAudit(db, {
      actor: actorOf(c),
      action: "store.tierDiscounts.update",
      targetType: "store",
      summary: { before: { discounts: before }, after: { discounts } },
    });
    return c.json<TierDiscountsResponse>({ discounts: await listTierDiscounts(db) });
  });
