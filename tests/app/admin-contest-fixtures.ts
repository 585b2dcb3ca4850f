// Shared by the back office's contest tests: a contest and an entry as the admin API returns them
// (one builder each, overrides per test) and the two pages mounted on their own.
import { Route as ContestsRoute } from "../../app/routes/admin/contests";
import { Route as ContestEntriesRoute } from "../../app/routes/admin/contests_.$contestId";
import type { AdminContest, AdminContestEntry } from "../../worker/contracts/contests/contests";
import { DEFAULT_CONTEST_RULES } from "../../worker/contracts/contests/limits";
import { createTestRoot, mountFileRoute, renderApp } from "./accounts-harness";

export const API = "/api/admin/contests";
export const ID = "0b8f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";
export const ENTRY = "1c9f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";
const members = { access: "members" as const, tierId: null, eventId: null };

export const contest = (extra: Partial<AdminContest> = {}): AdminContest => ({
  id: ID,
  trackId: "t-1",
  trackTitle: "Neon Heart",
  titleEn: "Neon Heart Remix",
  titlePtBr: "Remix de Neon Heart",
  briefEn: "Make it move.",
  briefPtBr: "Faça mexer.",
  rulesEn: DEFAULT_CONTEST_RULES.en,
  rulesPtBr: DEFAULT_CONTEST_RULES["pt-BR"],
  prizesEn: "",
  prizesPtBr: "",
  stems: members,
  enter: members,
  opensAt: "2027-01-01T10:00:00.000Z",
  entriesCloseAt: "2027-02-01T10:00:00.000Z",
  votingOpensAt: "2027-02-01T10:00:00.000Z",
  votingClosesAt: "2027-02-08T10:00:00.000Z",
  winnerBy: "fans",
  fanWeightPercent: 100,
  votesPerMember: 3,
  entriesPerMember: 1,
  maxUploadMb: 50,
  coverUrl: null,
  phase: "entries",
  entries: 4,
  resultsAt: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
  ...extra,
});

export const entry = (extra: Partial<AdminContestEntry> = {}): AdminContestEntry => ({
  id: ENTRY,
  title: "Club Mix",
  note: "",
  remixer: { username: "ana" },
  status: "submitted",
  durationSeconds: 245,
  audioUrl: `/api/contests/${ID}/entries/${ENTRY}/audio`,
  juryScore: null,
  votes: null,
  place: null,
  createdAt: "2027-01-05T10:00:00.000Z",
  updatedAt: "2027-01-05T10:00:00.000Z",
  ...extra,
});

/** /admin/contests: the list, with the remixers' shares below it. */
export function renderList(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestsRoute, "/admin/contests", root)]), "/admin/contests", { locale });
}

/** /admin/contests/$contestId for the contest above: its entries, results and fair play. */
export function renderEntries(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestEntriesRoute, "/admin/contests/$contestId", root)]), `/admin/contests/${ID}`, { locale });
}
