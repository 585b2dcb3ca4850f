// The tickets a member holds (decision 055): the list and one printable ticket. Personal pages, so
// never indexed; a ticket's own page is not counted by id.
import type { Area } from "./area";

export const myTickets = {
  pages: ["/tickets", "/tickets/:ticket"],
  personalPages: ["/tickets", "/tickets/:ticket"],
  // A ticket's page is its owner's alone: its views are not counted one by one.
  pageIdParams: { ":ticket": () => false },
} as const satisfies Area;
