// /api/admin/tier-choices: the tiers a back-office form may gate content by (decision 099), lowest
// rank first, archived ones marked (content already gated by one keeps its gate).
//   GET / → { tiers: GateTierChoice[] }
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { readTiers } from "../../db/tiers/tiers";
import type { TierChoicesResponse } from "#contracts/tiers/gate.ts";

export const adminTierChoiceRoutes = new Hono<HonoEnv>().get("/", async (c) =>
  c.json<TierChoicesResponse>({ tiers: (await readTiers(c.var.db)).map(({ id, rank, name, archived }) => ({ id, rank, name, archived })) }),
);
