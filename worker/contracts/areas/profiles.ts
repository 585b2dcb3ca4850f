// Members' public profiles.
import type { Area } from "./area";
import { USER_ID_PATTERN } from "../ids.ts";

export const profiles = {
  pages: ["/social/profile/:user"],
  pageIdParams: { ":user": (s) => USER_ID_PATTERN.test(s) },
} as const satisfies Area;
