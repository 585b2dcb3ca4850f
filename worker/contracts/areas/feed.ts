// The community feed and its posts.
import type { Area } from "./area";

export const feed = {
  pages: ["/social", "/social/post/:post"],
} as const satisfies Area;
