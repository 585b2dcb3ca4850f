// An upgrade's prorated charge (decision 098), as Stripe computes it: whole seconds, the old price's
// unused time credited and the new price's remaining time charged, each line rounded half a cent up.
import { describe, expect, it } from "vitest";
import { prorate } from "../../worker/services/membership/proration";

const START = Date.UTC(2026, 10, 1); // 30 days to 1 December
const END = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;

describe("prorate", () => {
  it("charges the difference for the remaining share of the period", () => {
    // 20 of 30 days left: credit 999 * 2/3 = 666, charge 2499 * 2/3 = 1666.
    expect(prorate({ oldCents: 999, newCents: 2499, periodStartMs: START, periodEndMs: END, nowMs: START + 10 * DAY, resetsPeriod: false })).toEqual({
      creditCents: 666,
      chargeCents: 1666,
      amountNowCents: 1000,
    });
  });

  it("rounds each line on its own, half a cent up, counting whole seconds", () => {
    // 1 second left of 2,592,000: 999/2592000 and 2499/2592000 are far below half a cent.
    expect(prorate({ oldCents: 999, newCents: 2499, periodStartMs: START, periodEndMs: END, nowMs: END - 1500, resetsPeriod: false })).toEqual({
      creditCents: 0,
      chargeCents: 0,
      amountNowCents: 0,
    });
    // Exactly half the period: 999/2 = 499.5 rounds to 500; 2499/2 = 1249.5 rounds to 1250.
    expect(prorate({ oldCents: 999, newCents: 2499, periodStartMs: START, periodEndMs: END, nowMs: START + 15 * DAY + 999, resetsPeriod: false })).toEqual({
      creditCents: 500,
      chargeCents: 1250,
      amountNowCents: 750,
    });
  });

  it("charges the whole new price less the credit when the interval changes", () => {
    expect(prorate({ oldCents: 999, newCents: 9900, periodStartMs: START, periodEndMs: END, nowMs: START + 10 * DAY, resetsPeriod: true })).toEqual({
      creditCents: 666,
      chargeCents: 9900,
      amountNowCents: 9234,
    });
  });

  it("never charges below zero and credits nothing after the period", () => {
    expect(prorate({ oldCents: 9900, newCents: 999, periodStartMs: START, periodEndMs: END, nowMs: START, resetsPeriod: true }).amountNowCents).toBe(0);
    expect(prorate({ oldCents: 999, newCents: 2499, periodStartMs: START, periodEndMs: END, nowMs: END + DAY, resetsPeriod: false })).toEqual({
      creditCents: 0,
      chargeCents: 0,
      amountNowCents: 0,
    });
  });
});
