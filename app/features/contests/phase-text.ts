// Where a contest stands in time, as one line: the phase and the date that ends it. The contest's
// page and the list of contests say it alike.
import type { IntlShape } from "react-intl";
import type { ContestSummary } from "#contracts/contests/contests.ts";
import { contestMessages as m } from "./messages";

/** In the reader's time zone, or in `timeZone` named beside the time (the server's render says UTC). */
export function phaseText(
  intl: IntlShape,
  contest: Pick<ContestSummary, "phase" | "opensAt" | "entriesCloseAt" | "votingOpensAt" | "votingClosesAt">,
  timeZone?: string,
): string {
  const date = (iso: string) =>
    timeZone
      ? intl.formatDate(iso, { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" })
      : intl.formatDate(iso, { dateStyle: "long", timeStyle: "short" });
  switch (contest.phase) {
    case "upcoming":
      return intl.formatMessage(m.phaseUpcoming, { date: date(contest.opensAt) });
    case "entries":
      return intl.formatMessage(m.phaseEntries, { date: date(contest.entriesCloseAt) });
    case "waiting":
      return intl.formatMessage(m.phaseWaiting, { date: date(contest.votingOpensAt) });
    case "voting":
      return intl.formatMessage(m.phaseVoting, { date: date(contest.votingClosesAt) });
    default:
      return intl.formatMessage(m.phaseEnded);
  }
}
