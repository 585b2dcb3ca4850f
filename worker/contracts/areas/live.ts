// Live shows (decision 113): the watch page. Rendered in the browser: a player, for members.
import type { Area } from "./area";
import { EVENT_ID_PATTERN } from "../events.ts";

export const live = {
  pages: ["/live/:event"],
  pageIdParams: { ":event": (s) => EVENT_ID_PATTERN.test(s) },
  // A show's playlist and segments, asked for every few seconds by every viewer (decision 113).
  tokenOnlyPaths: [/^\/api\/live\/[^/]+\/hls\//],
} as const satisfies Area;
