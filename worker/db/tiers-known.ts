// A tier a back-office filter names must be on the ladder (archived ones included: their members
// still hold them), or the filter answers 400 tier_unknown rather than an empty list that reads
// like "nobody".
import type { DB } from "./client";
import { readTiers } from "./tiers";
import { routeError } from "../lib/errors";

export async function assertTierKnown(db: DB, tier: string, field = "tier"): Promise<void> {
  if (tier === "all") return;
  if (!(await readTiers(db)).some((t) => t.id === tier)) throw routeError("tier_unknown", { field });
}
