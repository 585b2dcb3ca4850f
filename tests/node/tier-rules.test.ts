// Tier gates (decision 096): "at least this rank" or "one of these tiers"; admins pass every gate,
// visitors none, and a holder without a tier (an older client fixture) is VIP or free by its flag.
import { describe, expect, it } from "vitest";
import { admitsTier, tierOf } from "#contracts/tiers/tiers.ts";

const free = { isVIP: false, tier: { id: "member", rank: 0 } };
const vip = { isVIP: true, tier: { id: "vip", rank: 1 } };
const inner = { isVIP: true, tier: { id: "inner-circle", rank: 2 } };
const admin = { isVIP: false, isAdmin: true, tier: { id: "member", rank: 0 } };

describe("admitsTier", () => {
  it("admits by rank: the tier asked for and every one above it", () => {
    const rule = { minRank: 1 };
    expect([free, vip, inner].map((holder) => admitsTier(holder, rule))).toEqual([false, true, true]);
    expect(admitsTier(inner, { minRank: 3 })).toBe(false);
  });

  it("admits by name: only the tiers listed", () => {
    const rule = { tierIds: ["member", "inner-circle"] };
    expect([free, vip, inner].map((holder) => admitsTier(holder, rule))).toEqual([true, false, true]);
  });

  it("lets administrators through every gate and visitors through none", () => {
    expect(admitsTier(admin, { minRank: 9 })).toBe(true);
    expect(admitsTier(admin, { tierIds: [] })).toBe(true);
    expect(admitsTier(null, { minRank: 0 })).toBe(false);
  });

  it("reads a holder without a tier from its VIP flag", () => {
    expect(tierOf({ isVIP: true })).toEqual({ id: "vip", rank: 1 });
    expect(tierOf({ isVIP: false })).toEqual({ id: "member", rank: 0 });
  });
});
