// The chat with the artist's AI.
import type { Area } from "./area";

export const chat = {
  pages: ["/chat"],
} as const satisfies Area;
