// VIP membership: the offer, checkout's confirmation and managing the subscription.
import type { Area } from "./area";

export const payments = {
  pages: ["/signup-options", "/vip-signup", "/vip-confirmation", "/vip-membership/manage"],
} as const satisfies Area;
