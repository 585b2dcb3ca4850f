// Cron trigger (every 5 minutes, with the meets): local test checkouts still open past their expiry
// get the `checkout.session.expired` event Stripe sends for its own, so their stock comes back
// within minutes of the 30 the session lives. Live sessions need nothing here: Stripe sends theirs.
import type { AppEnv } from "../../env";
import { createDb } from "../../db/client";
import { listExpiredLocalCheckouts } from "../../db/store/checkouts";
import { createPaymentsService, paymentsModeOf } from "../payments";
import { expireLocalOrder } from "./local-checkout";

/** At most this many a run: a run takes a few D1 trips each; the next run takes the rest. */
const SWEEP_BATCH = 50;

export async function expireStaleStoreCheckouts(env: AppEnv, now: number): Promise<number> {
  if (paymentsModeOf(env) !== "local") return 0;
  const db = createDb(env.DB);
  const deps = { db, service: createPaymentsService(env), secret: env.LOCAL_PAYMENTS_SECRET ?? "" };
  const stale = await listExpiredLocalCheckouts(db, now, SWEEP_BATCH);
  for (const checkout of stale) await expireLocalOrder(deps, checkout, now);
  if (stale.length > 0) console.log(`store: ${stale.length} local checkout(s) expired, their stock given back`);
  return stale.length;
}
