// Why a member cancels, as the cancel dialog lists them. No zod here: the membership panel's chunk
// imports it, and through the body's schema (./tier-moves.ts) it carried zod to /vip-signup.

/** A fixed list, and "other" with the member's words. */
export const CANCEL_REASONS = ["too_expensive", "not_using", "missing_features", "technical_issues", "other"] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];
