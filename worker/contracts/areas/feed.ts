// The community feed and its posts.
import type { Area } from "./area";
import { POST_ID_PATTERN } from "../ids.ts";

export const feed = {
  pages: ["/social", "/social/post/:post"],
  pageIdParams: { ":post": (s) => POST_ID_PATTERN.test(s) },
  ssrPages: { "/social/post/$postId": "app/routes/social/post/$postId.tsx" },
} as const satisfies Area;
