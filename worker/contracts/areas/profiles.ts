// Members' public profiles.
import type { Area } from "./area";

export const profiles = {
  pages: ["/social/profile/:user"],
} as const satisfies Area;
