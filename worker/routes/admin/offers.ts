// The back office's upgrade and win-back offers (decision 101; administrators only: the /api/admin gate):
//   GET /    OfferSettingsResponse: the settings (the defaults, offers off, until saved) and the tiers on offer
//   PUT /    OfferSettings → OfferSettingsResponse (audited); the tier must be a paid tier that is not archived
//   GET /retention, PUT /retention   RetentionSettings (audited): the retention offer at cancel (decision 103)
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { offerSettingsSchema } from "#contracts/tiers/offers.ts";
import type { OfferSettings, OfferSettingsResponse } from "#contracts/tiers/offers-model.ts";
import { readOfferSettings, saveOfferSettings } from "../../db/tiers/offers";
import { readTiers } from "../../db/tiers/tiers";
import { ruleError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { actorOf } from "../../middleware/guards";
import { retentionSettingsSchema } from "#contracts/tiers/retention-offer.ts";
import type { RetentionSettings } from "#contracts/tiers/retention-offer-model.ts";
import { readRetentionSettings, saveRetentionSettings } from "../../db/tiers/retention-offers";

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
  })

  .get("/retention", async (c) => c.json<RetentionSettings>(await readRetentionSettings(c.var.db)))

  .put("/retention", validate("json", retentionSettingsSchema), async (c) =>
    c.json<RetentionSettings>(await saveRetentionSettings(c.var.db, c.req.valid("json"), actorOf(c))),
  );
