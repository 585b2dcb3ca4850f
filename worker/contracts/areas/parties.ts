// Listening parties.
import type { Area } from "./area";

export const parties = {
  pages: ["/parties/:party"],
} as const satisfies Area;
