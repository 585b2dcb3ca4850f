// The waitlist for sold-out shows (decision 185): places on a sold-out ticket type, tickets handed
// back at face value and offered to the next fan in line. Its pages are My tickets' and the events';
// it has none of its own yet.
import type { Area } from "./area";

export const waitlist = {
  pages: [],
} as const satisfies Area;
