// Shared by the enter form's tests: a contest taking entries, an entry, the fake API and the page.
import type { ContestEntry, ContestRights, PublicContest } from "../../worker/contracts/contests/contests";
import { Route as ContestRoute } from "../../app/routes/contests/$contest";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

export const ID = "22222222-0000-4000-8000-000000000001";
export const ENTRY_ID = "33333333-0000-4000-8000-000000000009";
export const ENTRIES_API = `/api/contests/${ID}/entries`;

export const rights = (overrides: Partial<ContestRights> = {}): ContestRights => ({
  canDownloadStems: true,
  stemsRefusal: null,
  stemsGate: { access: "members", tierName: null },
  stemDownloadsLeft: 5,
  canEnter: true,
  enterRefusal: null,
  enterGate: { access: "members", tierName: null },
  canVote: false,
  votesLeft: 0,
  ...overrides,
});

export const contest = (overrides: Partial<PublicContest> = {}): PublicContest => ({
  id: ID,
  trackId: "remix-me-1",
  title: "Remix Me",
  brief: "Make it move.",
  rules: "Your own work only.",
  prizes: "",
  coverUrl: null,
  opensAt: "2026-11-01T12:00:00.000Z",
  entriesCloseAt: "2026-12-20T12:00:00.000Z",
  votingOpensAt: "2026-12-20T12:00:00.000Z",
  votingClosesAt: "2026-12-30T12:00:00.000Z",
  winnerBy: "fans",
  fanWeightPercent: 100,
  votesPerMember: 3,
  entriesPerMember: 2,
  maxUploadMb: 1,
  phase: "entries",
  rights: rights(),
  stems: { files: 0, bytes: 0 },
  resultsOut: false,
  ...overrides,
});

export const entry = (overrides: Partial<ContestEntry> = {}): ContestEntry => ({
  id: ENTRY_ID,
  title: "Midnight Mix",
  note: "",
  remixer: { username: "fan_one" },
  coAuthors: [],
  credits: null,
  myCredit: null,
  status: "draft",
  durationSeconds: null,
  audioUrl: null,
  streamState: null,
  peaks: null,
  mine: true,
  votedByMe: false,
  createdAt: "2026-11-02T12:00:00.000Z",
  updatedAt: "2026-11-02T12:00:00.000Z",
  ...overrides,
});

export function contestApi({ answer = contest(), entries = [] as ContestEntry[], signedIn = true, extra = {} as ApiRoutes } = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: signedIn ? sessionUser() : null }),
    ...configRoute(),
    [`GET /api/contests/${ID}`]: json(200, { contest: answer }),
    [`GET ${ENTRIES_API}`]: json(200, { entries, votesLeft: 0 }),
    ...extra,
  });
}

export function renderContest(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestRoute, "/contests/$contest", root)]), `/contests/${ID}`, { locale });
}

/** A file of `bytes` bytes with this name and type. */
export const audioFile = (name: string, type: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type });
