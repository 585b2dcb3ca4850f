// A refund of a gift order whose code was redeemed (decision 074): the admin's choice settles each
// redeemed code once. "revoke" takes what is left of that gift's VIP time back from the redeemer's
// comp (their open pages refetch who they are when VIP ends with it); "keep" leaves it.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { keepGiftTime, readRedeemedGifts, revokeGiftTime } from "../../db/gift-time";
import type { GiftTimeChoice } from "#contracts/store/admin-orders.ts";
import { accessChanged } from "../access-changed";

/** The comp changed under the revoke (a gift redeemed, an admin's grant): read again, a bounded number of times. */
const MAX_ATTEMPTS = 12;

/** Settles the order's redeemed gift codes as chosen; what was taken back, in ms (0 for "keep" or a retry). */
export async function settleGiftTime(env: AppEnv, db: DB, orderId: string, choice: GiftTimeChoice, now = Date.now()): Promise<number> {
  if (choice === "keep") {
    await keepGiftTime(db, orderId, now);
    return 0;
  }
  let revokedMs = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = (await readRedeemedGifts(db, orderId, now)).filter((g) => !g.settled);
    if (open.length === 0) return revokedMs;
    for (const gift of open) {
      const outcome = await revokeGiftTime(db, gift, now);
      if (typeof outcome === "string") continue;
      revokedMs += outcome.revokedMs;
      if (outcome.vipChange && gift.redeemerId) await accessChanged(env, db, { kind: "roles", userId: gift.redeemerId });
    }
  }
  throw new Error(`order ${orderId}: a redeemer's comp kept changing under ${MAX_ATTEMPTS} attempts`);
}
