// VIP membership: the offer, checkout's confirmation and managing the subscription.
import type { Area } from "./area";

export const payments = {
  pages: ["/signup-options", "/vip-signup", "/vip-confirmation", "/vip-membership/manage"],
  ssrPages: {
    "/vip-signup": "app/routes/vip-signup.tsx",
    "/signup-options": "app/routes/signup-options.tsx",
  },
  // Stripe's events, signed (the address site owners give Stripe: docs/operating.md).
  crossSitePosts: ["/api/stripe/webhook"],
} as const satisfies Area;
