// The legal pages.
import type { Area } from "./area";

export const legal = {
  pages: ["/privacy", "/terms", "/copyright"],
} as const satisfies Area;
