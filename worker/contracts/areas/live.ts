// Live shows (decision 113): the watch page. Rendered in the browser: a player, for members.
import type { Area } from "./area";
import { EVENT_ID_PATTERN } from "../events.ts";

export const live = {
  pages: ["/live/:event"],
  pageIdParams: { ":event": (s) => EVENT_ID_PATTERN.test(s) },
} as const satisfies Area;
