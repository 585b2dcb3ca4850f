// A gate by membership tier on a piece of content (decision 099): "tier at least X" or "one of these
// tiers", as an admin sets it in a form and as the site shows it (with the tiers' names, so a locked
// item can say which tier opens it). The Worker resolves it to a TierRule (contracts/tiers/tiers.ts) and
// asks admitsTier; nothing here decides access.
import { z } from "../zod";
import { FREE_TIER_ID, VIP_TIER_ID } from "./tiers";

/** Tier ids as the ladder stores them (lower-case letters, digits and hyphens). */
export const TIER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,47}$/;
/** Chosen tiers at most in one gate. */
export const TIER_GATE_TIERS_MAX = 20;

/** What a form sends: the lowest tier admitted, or the tiers admitted. */
export type TierGate = { minTier: string } | { tierIds: string[] };

const tierId = z.string().regex(TIER_ID_PATTERN);
export const tierGateSchema = z.union([
  z.strictObject({ minTier: tierId }),
  z.strictObject({
    tierIds: z
      .array(tierId)
      .min(1)
      .max(TIER_GATE_TIERS_MAX)
      .refine((ids) => new Set(ids).size === ids.length),
  }),
]);

/** A tier named in a gate, in both languages. */
export type GateTier = { id: string; name: { en: string; ptBR: string } };
/** A gate as the site shows it. */
export type TierGateView = { minTier: GateTier } | { tierIds: GateTier[] };

/** A tier a back-office form offers for a gate. */
export type GateTierChoice = GateTier & { rank: number; archived: boolean };
export type TierChoicesResponse = { tiers: GateTierChoice[] };

/**
 * A VIP item's lowest tier (decision 104): a paid tier's id, never the free tier (every account's);
 * null, absent or VIP's own id: VIP and above (stored as null, as before tiers).
 */
export const paidMinTierIdField = () =>
  z
    .string()
    .regex(TIER_ID_PATTERN)
    .refine((id) => id !== FREE_TIER_ID)
    .nullish()
    .transform((s) => (s === VIP_TIER_ID ? null : (s ?? null)));
