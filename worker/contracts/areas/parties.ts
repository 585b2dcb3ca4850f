// Listening parties.
import type { Area } from "./area";
import { PARTY_ID_PATTERN } from "../parties/ids.ts";

export const parties = {
  pages: ["/parties/:party"],
  pageIdParams: { ":party": (s) => PARTY_ID_PATTERN.test(s) },
} as const satisfies Area;
