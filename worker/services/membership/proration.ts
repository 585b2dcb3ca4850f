// An upgrade's charge as Stripe prorates it (decision 098), in exact integer cents: time counted in
// whole seconds; the unused time of the old price credited and the remaining time of the new price
// charged, each line rounded on its own, half a cent up (Stripe rounds each proration line to the
// currency's smallest unit). A change of interval starts a new period now instead: the new price is
// charged whole, less the credit.

export type ProrationInput = {
  /** What the current period was paid (the old price) and what the new price is, in cents. */
  oldCents: number;
  newCents: number;
  /** The current period, epoch ms. */
  periodStartMs: number;
  periodEndMs: number;
  nowMs: number;
  /** The interval changes (monthly to yearly): the billing period restarts now. */
  resetsPeriod: boolean;
};

export type Proration = { creditCents: number; chargeCents: number; amountNowCents: number };

const seconds = (ms: number) => Math.floor(ms / 1000);

/** a * b / c rounded half up, in integers (a, b, c >= 0 and c > 0; the products stay below 2^53). */
const mulDivRound = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

export function prorate({ oldCents, newCents, periodStartMs, periodEndMs, nowMs, resetsPeriod }: ProrationInput): Proration {
  const start = seconds(periodStartMs);
  const end = seconds(periodEndMs);
  const now = Math.min(Math.max(seconds(nowMs), start), end);
  const total = end - start;
  const unused = end - now;
  const creditCents = total > 0 ? mulDivRound(oldCents, unused, total) : 0;
  const chargeCents = resetsPeriod ? newCents : total > 0 ? mulDivRound(newCents, unused, total) : 0;
  // What the credit covers beyond the charge stays with the customer (Stripe's balance); never a refund here.
  return { creditCents, chargeCents, amountNowCents: Math.max(0, chargeCents - creditCents) };
}
