// The notification centre.
import type { Area } from "./area";

export const notifications = {
  pages: ["/notifications"],
} as const satisfies Area;
