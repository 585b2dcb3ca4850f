// Community rooms (decision 106): the list and one room. Rendered in the browser: a room is live
// and mostly for members, nothing to index.
import type { Area } from "./area";
import { ROOM_ID_PATTERN } from "../rooms/limits.ts";

export const rooms = {
  pages: ["/rooms", "/rooms/:room"],
  pageIdParams: { ":room": (s) => ROOM_ID_PATTERN.test(s) },
} as const satisfies Area;
