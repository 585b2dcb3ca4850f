// A gate an admin's form sends, checked against the ladder before anything is stored (decision 099):
// 400 tier_gate_unknown names the first tier the ladder lacks.
import type { DB } from "../db/client";
import { readTiers } from "../db/tiers/tiers";
import { routeError } from "../lib/errors";
import type { TierGate } from "#contracts/tiers/gate.ts";

/** A gate from a form, its tiers checked against the ladder: 400 tier_gate_unknown names the first missing one. */
export async function checkGate<G extends TierGate | null | undefined>(db: DB, gate: G, field = "tiers"): Promise<G> {
  if (gate) await checkGates(db, [gate], field);
  return gate;
}

/** Every gate of a form checked at once (one read of the ladder); see checkGate. */
export async function checkGates(db: DB, gates: readonly (TierGate | null | undefined)[], field = "tiers"): Promise<void> {
  const ids = gates.flatMap((gate) => (!gate ? [] : "minTier" in gate ? [gate.minTier] : gate.tierIds));
  if (ids.length === 0) return;
  const tiers = await readTiers(db);
  const missing = ids.find((id) => !tiers.some((t) => t.id === id));
  if (missing !== undefined) throw routeError("tier_gate_unknown", { field, params: { tier: missing } });
}

/**
 * The lowest tier a form chose for a VIP item (decision 104): one the ladder has (400
 * tier_gate_unknown), and not an archived one unless the item already named it (400
 * tier_gate_archived): an archived tier stays on old rows, it is never newly chosen.
 */
export async function checkMinTierChoice(db: DB, chosen: string | null, stored: string | null, field = "minTierId"): Promise<void> {
  if (chosen === null) return;
  const tier = (await readTiers(db)).find((t) => t.id === chosen);
  if (!tier) throw routeError("tier_gate_unknown", { field, params: { tier: chosen } });
  if (tier.archived && chosen !== stored) throw routeError("tier_gate_archived", { field, params: { tier: chosen } });
}
