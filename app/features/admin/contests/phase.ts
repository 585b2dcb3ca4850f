// A contest's phase as the back office names it: the Worker's phase by the clock, and "results out"
// once they are stored.
import type { MessageDescriptor } from "react-intl";
import type { AdminContest, ContestPhase } from "#contracts/contests/contests.ts";
import { contestsAdminMessages as m } from "./messages";

const PHASE_TEXTS: Record<ContestPhase, MessageDescriptor> = {
  upcoming: m.phaseUpcoming,
  entries: m.phaseEntries,
  waiting: m.phaseWaiting,
  voting: m.phaseVoting,
  ended: m.phaseEnded,
};

export const phaseText = (contest: Pick<AdminContest, "phase" | "resultsAt">): MessageDescriptor =>
  contest.resultsAt ? m.phaseResults : PHASE_TEXTS[contest.phase];

export const contestTitleIn = (locale: string, contest: Pick<AdminContest, "titleEn" | "titlePtBr">) =>
  locale.toLowerCase().startsWith("pt") ? contest.titlePtBr : contest.titleEn;
