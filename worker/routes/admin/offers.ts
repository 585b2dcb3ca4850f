// The back office's upgrade and win-back offers (decision 101; administrators only: the /api/admin gate):
//   GET /    OfferSettingsResponse: the settings (the defaults, offers off, until saved) and the tiers on offer
//   PUT /    OfferSettings → OfferSettingsResponse (audited); the tier must be a paid tier that is not archived
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { offerSettingsSchema } from "#contracts/tier-offers.ts";
import type { OfferSettings, OfferSettingsResponse } from "#contracts/tier-offers-model.ts";
import { readOfferSettings, saveOfferSettings } from "../../db/tier-offers";
import { readTiers } from "../../db/tiers";
import { ruleError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { actorOf } from "../../middleware/guards";

/** The tiers an offer can be for: paid and not archived. */
const tiersOnOffer = async (c: Context<HonoEnv>) => (await readTiers(c.var.db)).filter((t) => t.rank >= 1 && !t.archived);

async function response(c: Context<HonoEnv>, settings: OfferSettings): Promise<OfferSettingsResponse> {
  return { settings, tiers: (await tiersOnOffer(c)).map((t) => ({ id: t.id, name: t.name })) };
}

export const adminOfferRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<OfferSettingsResponse>(await response(c, await readOfferSettings(c.var.db))))

  .put("/", validate("json", offerSettingsSchema), async (c) => {
    const next = c.req.valid("json");
    if (!(await tiersOnOffer(c)).some((t) => t.id === next.tierId)) throw ruleError("tierId", "offer_tier_invalid");
    return c.json<OfferSettingsResponse>(await response(c, await saveOfferSettings(c.var.db, next, actorOf(c))));
  });
