// /api/admin/tiers: the membership ladder's tiers (decision 097), administrators only (the admin
// tree's gate runs first).
//   GET    /                  every tier, archived ones too, lowest rank first, with its members
//   POST   /                  a new tier (tierInputSchema), its id made from the English name → 201
//   PUT    /:id               every field again; the free tier and VIP take texts, benefits, badge
//   POST   /:id/archive       nobody new joins; its members keep it
//   POST   /:id/unarchive     offered again
//   POST   /:id/move          { direction: "up" | "down" }: swaps ranks with the neighbour → the list
// The free tier and VIP keep ranks 0 and 1: never archived or moved (409 tier_built_in). Each write
// is audited in its batch and forgets this isolate's copy of the ladder.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { conflict, notFound, routeError } from "../../lib/errors";
import { isRefused } from "../../lib/outcome";
import { actorOf } from "../../middleware/guards";
import { forgetTiers } from "../../db/tiers/tiers";
import { createTier, findAdminTier, listAdminTiers, moveTier, setTierArchived, updateTier } from "../../db/tiers/admin";
import {
  builtInTierInputSchema,
  TIER_ERROR_CODES,
  TIER_ID_PATTERN,
  TIER_MESSAGES,
  tierIdOf,
  tierInputSchema,
  tierMoveSchema,
  type AdminTier,
  type AdminTierResponse,
  type AdminTiersResponse,
} from "#contracts/tiers/admin.ts";

type Ctx = Context<HonoEnv>;

const tierNotFound = () => notFound(TIER_MESSAGES.notFound, TIER_ERROR_CODES.notFound);

async function storedTier(c: Ctx): Promise<AdminTier> {
  const id = c.req.param("id") ?? "";
  const tier = TIER_ID_PATTERN.test(id) ? await findAdminTier(c.var.db, id) : null;
  if (!tier) throw tierNotFound();
  return tier;
}

/** An admin's tier: the free tier and VIP keep their ranks and are never archived. */
async function adminOwnTier(c: Ctx): Promise<AdminTier> {
  const tier = await storedTier(c);
  if (tier.builtIn) throw conflict(TIER_MESSAGES.builtIn, TIER_ERROR_CODES.builtIn);
  return tier;
}

async function answerTier(c: Ctx, id: string) {
  forgetTiers();
  const tier = await findAdminTier(c.var.db, id);
  if (!tier) throw tierNotFound();
  return c.json<AdminTierResponse>({ tier });
}

async function archiveRoute(c: Ctx, archived: boolean) {
  const tier = await adminOwnTier(c);
  await setTierArchived(c.var.db, actorOf(c), tier, archived);
  return answerTier(c, tier.id);
}

export const adminTierRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminTiersResponse>({ tiers: await listAdminTiers(c.var.db) }))

  .post("/", validate("json", tierInputSchema), async (c) => {
    const values = c.req.valid("json");
    const id = tierIdOf(values.nameEn);
    const created = await createTier(c.var.db, actorOf(c), id, values);
    if (isRefused(created)) throw routeError("tier_id_taken", { field: "nameEn" });
    forgetTiers();
    return c.json<AdminTierResponse>({ tier: created }, 201);
  })

  .put("/:id", async (c) => {
    const before = await storedTier(c);
    const values = await parseJsonBody(c, before.builtIn ? builtInTierInputSchema : tierInputSchema);
    const tier = await updateTier(c.var.db, actorOf(c), before, values);
    if (!tier) throw tierNotFound();
    forgetTiers();
    return c.json<AdminTierResponse>({ tier });
  })

  .post("/:id/archive", (c) => archiveRoute(c, true))
  .post("/:id/unarchive", (c) => archiveRoute(c, false))

  .post("/:id/move", async (c) => {
    const tier = await adminOwnTier(c);
    const { direction } = await parseJsonBody(c, tierMoveSchema);
    const moved = await moveTier(c.var.db, actorOf(c), tier, direction);
    // At the ladder's end, or a racing move changed the ranks first: the admin reads the ladder again.
    if (isRefused(moved) || !moved) throw conflict(TIER_MESSAGES.cannotMove, TIER_ERROR_CODES.cannotMove);
    forgetTiers();
    return c.json<AdminTiersResponse>({ tiers: await listAdminTiers(c.var.db) });
  });
