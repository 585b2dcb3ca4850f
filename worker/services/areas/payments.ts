// VIP membership in the Worker: the VIP subscription as a kind of purchase (its events, through the
// payments core), and the hourly cron work: VIP ends when a past-due grace period or a gifted VIP
// runs out (worker/services/membership/), and the upgrade and win-back offers (services/tier-offers/).
import { endExpiredVipGraces } from "../membership/scheduled";
import { vipSubscriptions } from "../membership/purchase";
import { issueTierOffers } from "../tier-offers/issue";
import { HOURLY_CRON, type WorkerArea } from "./area";

export const payments = {
  purchases: [vipSubscriptions],
  cron: [
    { cron: HOURLY_CRON, name: "payments: ending VIP", run: ({ env, scheduledTime }) => endExpiredVipGraces({ scheduledTime }, env) },
    // Upgrade and win-back offers (decision 101), off until an administrator turns them on.
    { cron: HOURLY_CRON, name: "payments: tier offers", run: ({ env, db, scheduledTime }) => issueTierOffers(env, db, scheduledTime) },
  ],
} satisfies WorkerArea;
