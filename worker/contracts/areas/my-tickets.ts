// The tickets a member holds (decision 055): the list and one printable ticket. Personal pages, so
// never indexed; a ticket's own page is not counted by id (`:ticket`, PAGE_ID_PARAMS).
import type { Area } from "./area";

export const myTickets = {
  pages: ["/tickets", "/tickets/:ticket"],
  personalPages: ["/tickets", "/tickets/:ticket"],
} as const satisfies Area;
