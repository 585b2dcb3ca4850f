// VIP membership: the offer, checkout's confirmation and managing the subscription.
import type { Area } from "./area";

export const payments = {
  pages: ["/signup-options", "/vip-signup", "/vip-confirmation", "/vip-membership/manage"],
  ssrPages: {
    "/vip-signup": "app/routes/vip-signup.tsx",
    "/signup-options": "app/routes/signup-options.tsx",
  },
} as const satisfies Area;
