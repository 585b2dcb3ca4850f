// The back office's upgrade and win-back offers (decision 101; administrators only: the /api/admin gate):
//   GET /    OfferSettings (the defaults, offers off, until saved)
//   PUT /    OfferSettings → OfferSettings (audited); the tier must be a paid tier that is not archived
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { offerSettingsSchema } from "#contracts/tier-offers.ts";
import type { OfferSettings } from "#contracts/tier-offers-model.ts";
import { readOfferSettings, saveOfferSettings } from "../../db/tier-offers";
import { readTiers } from "../../db/tiers";
import { ruleError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { actorOf } from "../../middleware/guards";

export const adminOfferRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<OfferSettings>(await readOfferSettings(c.var.db)))

  .put("/", validate("json", offerSettingsSchema), async (c) => {
    const next = c.req.valid("json");
    const tier = (await readTiers(c.var.db)).find((t) => t.id === next.tierId);
    if (!tier || tier.archived || tier.rank < 1) throw ruleError("tierId", "offer_tier_invalid");
    return c.json<OfferSettings>(await saveOfferSettings(c.var.db, next, actorOf(c)));
  });
