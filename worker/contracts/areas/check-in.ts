// The door staff's VIP pass check-in.
import type { Area } from "./area";

export const checkIn = {
  pages: ["/check-in"],
} as const satisfies Area;
