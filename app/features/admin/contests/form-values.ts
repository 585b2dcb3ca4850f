// The contest form's state (what the fields hold: local times, numbers as typed) and the body it
// sends: times as instants, numbers as numbers, each gate with only what its kind needs.
import type { AdminContest, ContestAccessKind, ContestWinnerMode } from "#contracts/contests/contests.ts";
import { CONTEST_UPLOAD_DEFAULT_MB } from "#contracts/contests/limits.ts";
import { fromLocalInput, toLocalInput } from "../lib/localInput";
import { wholeNumber } from "../components/form/fields";
import type { ContestInput } from "./queries";

export type Gate = { access: ContestAccessKind; tierId: string; eventId: string };
export const TIME_FIELDS = ["opensAt", "entriesCloseAt", "votingOpensAt", "votingClosesAt"] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

export type ContestFormState = {
  trackId: string;
  titleEn: string;
  titlePtBr: string;
  briefEn: string;
  briefPtBr: string;
  rulesEn: string;
  rulesPtBr: string;
  prizesEn: string;
  prizesPtBr: string;
  stems: Gate;
  enter: Gate;
  times: Record<TimeField, string>;
  winnerBy: ContestWinnerMode;
  fanWeightPercent: string;
  votesPerMember: string;
  entriesPerMember: string;
  maxUploadMb: string;
};

const gateOf = (gate: AdminContest["stems"] | undefined): Gate => ({
  access: gate?.access ?? "members",
  tierId: gate?.tierId ?? "",
  eventId: gate?.eventId ?? "",
});

export function formStateOf(contest?: AdminContest): ContestFormState {
  return {
    trackId: contest?.trackId ?? "",
    titleEn: contest?.titleEn ?? "",
    titlePtBr: contest?.titlePtBr ?? "",
    briefEn: contest?.briefEn ?? "",
    briefPtBr: contest?.briefPtBr ?? "",
    rulesEn: contest?.rulesEn ?? "",
    rulesPtBr: contest?.rulesPtBr ?? "",
    prizesEn: contest?.prizesEn ?? "",
    prizesPtBr: contest?.prizesPtBr ?? "",
    stems: gateOf(contest?.stems),
    enter: gateOf(contest?.enter),
    times: {
      opensAt: toLocalInput(contest?.opensAt ?? null),
      entriesCloseAt: toLocalInput(contest?.entriesCloseAt ?? null),
      votingOpensAt: toLocalInput(contest?.votingOpensAt ?? null),
      votingClosesAt: toLocalInput(contest?.votingClosesAt ?? null),
    },
    winnerBy: contest?.winnerBy ?? "fans",
    fanWeightPercent: String(contest && contest.winnerBy === "both" ? contest.fanWeightPercent : 50),
    votesPerMember: String(contest?.votesPerMember ?? 3),
    entriesPerMember: String(contest?.entriesPerMember ?? 1),
    maxUploadMb: String(contest?.maxUploadMb ?? CONTEST_UPLOAD_DEFAULT_MB),
  };
}

/** Only what the kind needs is sent: the schema refuses a tier gate without its tier. */
const sentGate = (gate: Gate) => ({
  access: gate.access,
  ...(gate.access === "tier" ? { tierId: gate.tierId || null } : {}),
  ...(gate.access === "ticket" ? { eventId: gate.eventId || null } : {}),
});
/** A number as typed; text that is none goes as it is, for the schema to name the field. */
const numberOf = (text: string) => wholeNumber(text) ?? (text as unknown as number);
/** A local time as an instant; an unreadable one goes as typed, an empty one as null. */
const instantOf = (value: string) => fromLocalInput(value) ?? (value || null);

export function inputOf(state: ContestFormState): ContestInput {
  return {
    trackId: state.trackId,
    titleEn: state.titleEn,
    titlePtBr: state.titlePtBr,
    briefEn: state.briefEn,
    briefPtBr: state.briefPtBr,
    rulesEn: state.rulesEn,
    rulesPtBr: state.rulesPtBr,
    prizesEn: state.prizesEn,
    prizesPtBr: state.prizesPtBr,
    stems: sentGate(state.stems),
    enter: sentGate(state.enter),
    opensAt: instantOf(state.times.opensAt),
    entriesCloseAt: instantOf(state.times.entriesCloseAt),
    votingOpensAt: instantOf(state.times.votingOpensAt),
    votingClosesAt: instantOf(state.times.votingClosesAt),
    winnerBy: state.winnerBy,
    // Only "both" weighs the fans against a jury; the Worker sets 100 or 0 for the others.
    ...(state.winnerBy === "both" ? { fanWeightPercent: numberOf(state.fanWeightPercent) } : {}),
    votesPerMember: numberOf(state.votesPerMember),
    entriesPerMember: numberOf(state.entriesPerMember),
    maxUploadMb: numberOf(state.maxUploadMb),
  };
}
