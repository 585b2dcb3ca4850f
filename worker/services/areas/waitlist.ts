// The waitlist in the Worker (decision 185): every five minutes, offers whose hold passed lapse and
// their tickets go to the next place in line (a claim checks the hold itself too), and sellers'
// refunds the provider refused are asked again; its claims are a kind of purchase of their own.
import { FIVE_MINUTE_CRON, type WorkerArea } from "./area";
import { waitlistClaims } from "../waitlist/purchase";
// Static: the claims' purchase already loads the refunds at start-up, so a lazy import would split nothing.
import { retrySellerRefunds } from "../waitlist/seller-refunds";

export const waitlist = {
  cron: [
    {
      cron: FIVE_MINUTE_CRON,
      name: "waitlist: lapsed offers",
      run: async ({ env, db, scheduledTime }) => (await import("../waitlist/offers")).lapseAndPassOn(env, db, scheduledTime),
    },
    {
      cron: FIVE_MINUTE_CRON,
      name: "waitlist: sellers' refunds retried",
      run: ({ env, db, scheduledTime }) => retrySellerRefunds(env, db, scheduledTime),
    },
  ],
  purchases: [waitlistClaims],
} satisfies WorkerArea;
