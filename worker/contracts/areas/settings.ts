// The member's settings.
import type { Area } from "./area";

export const settings = {
  pages: ["/settings"],
} as const satisfies Area;
