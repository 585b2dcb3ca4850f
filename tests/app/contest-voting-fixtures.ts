// A contest in its voting phase and its numbered, submitted entries, for the page's tests (the
// player, the released link, the Report control, hydration): one builder each, overrides per test;
// the fake API that serves them and the page mounted on its own.
import type { ContestEntry, ContestRights, PublicContest } from "../../worker/contracts/contests/contests";
import { Route as ContestRoute } from "../../app/routes/contests/$contest";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

export const ID = "22222222-0000-4000-8000-000000000001";
/** A member who may still vote twice, and whose entries are closed. */
export const votingRights = (overrides: Partial<ContestRights> = {}): ContestRights => ({
  canDownloadStems: true,
  stemsRefusal: null,
  stemsGate: { access: "members", tierName: null },
  stemDownloadsLeft: 5,
  canEnter: false,
  enterRefusal: "contest_entries_closed",
  enterGate: { access: "members", tierName: null },
  canVote: true,
  votesLeft: 2,
  ...overrides,
});
export const votingContest = (overrides: Partial<PublicContest> = {}): PublicContest => ({
  id: ID,
  trackId: "remix-me-1",
  title: "Remix Me",
  brief: "Make it move.",
  rules: "Your own work only.",
  prizes: "A release on the site",
  coverUrl: null,
  opensAt: "2026-11-01T12:00:00.000Z",
  entriesCloseAt: "2026-11-20T12:00:00.000Z",
  votingOpensAt: "2026-11-20T12:00:00.000Z",
  votingClosesAt: "2026-12-20T12:00:00.000Z",
  winnerBy: "fans",
  fanWeightPercent: 100,
  votesPerMember: 3,
  entriesPerMember: 1,
  maxUploadMb: 50,
  phase: "voting",
  rights: votingRights(),
  stems: { files: 0, bytes: 0 },
  resultsOut: false,
  ...overrides,
});
export const votingEntry = (n: number, overrides: Partial<ContestEntry> = {}): ContestEntry => ({
  id: `33333333-0000-4000-8000-00000000000${n}`,
  title: `Remix ${n}`,
  note: "",
  remixer: { username: `dj${n}` },
  coAuthors: [],
  credits: null,
  myCredit: null,
  status: "submitted",
  durationSeconds: 60,
  audioUrl: `/api/contests/${ID}/entries/33333333-0000-4000-8000-00000000000${n}/audio`,
  streamState: "ready",
  peaks: Array.from({ length: 200 }, (_, i) => (i * 37) % 256),
  mine: false,
  votedByMe: false,
  createdAt: "2026-11-02T12:00:00.000Z",
  updatedAt: "2026-11-02T12:00:00.000Z",
  ...overrides,
});

type VotingPage = { contest: PublicContest; entries: ContestEntry[]; votesLeft?: number; votesOnHidden?: string[]; signedIn?: boolean };
/** The fake API behind the contest's page: the session, the contest and its entries, then `extra`. */
export function votingPageApi({ contest, entries, votesLeft = 2, votesOnHidden, signedIn = true }: VotingPage, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: signedIn ? sessionUser() : null }),
    ...configRoute(),
    [`GET /api/contests/${ID}`]: json(200, { contest }),
    [`GET /api/contests/${ID}/entries`]: json(200, { entries, votesLeft, ...(votesOnHidden && { votesOnHidden }) }),
    ...extra,
  });
}

export function renderContest(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestRoute, "/contests/$contest", root)]), `/contests/${ID}`, { locale });
}
