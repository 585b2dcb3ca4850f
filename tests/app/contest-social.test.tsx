// A contest's page about its people (decision 198), against a fake API: once voting is over the
// results (the winner's badge, places, votes and shares) in English and Portuguese; the link to the
// contest's room for a member, none for a visitor, and the room said closed once results are out.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestResult, PublicContest } from "../../worker/contracts/contests/contests";
import { Route as ContestRoute } from "../../app/routes/contests/$contest";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const ID = "22222222-0000-4000-8000-000000000009";
const contest = (overrides: Partial<PublicContest> = {}): PublicContest => ({
  id: ID,
  trackId: "remix-me-1",
  title: "Remix Me",
  brief: "Make it move.",
  rules: "Your own work only.",
  prizes: "",
  coverUrl: null,
  opensAt: "2026-10-01T12:00:00.000Z",
  entriesCloseAt: "2026-10-20T12:00:00.000Z",
  votingOpensAt: "2026-10-20T12:00:00.000Z",
  votingClosesAt: "2026-11-20T12:00:00.000Z",
  winnerBy: "both",
  fanWeightPercent: 60,
  votesPerMember: 3,
  entriesPerMember: 1,
  maxUploadMb: 50,
  phase: "ended",
  rights: {
    canDownloadStems: false,
    stemsRefusal: null,
    stemsGate: { access: "members", tierName: null },
    stemDownloadsLeft: 0,
    canEnter: false,
    enterRefusal: "contest_entries_closed",
    enterGate: { access: "members", tierName: null },
    canVote: false,
    votesLeft: 0,
  },
  stems: { files: 0, bytes: 0 },
  resultsOut: true,
  ...overrides,
});
const result = (place: number, title: string, username: string, fanVotes: number, fan: number, jury: number): ContestResult => ({
  entryId: crypto.randomUUID(),
  title,
  remixer: { username },
  place,
  fanVotes,
  fanSharePercent: fan,
  jurySharePercent: jury,
  scorePercent: 0,
});
const RESULTS = [result(1, "Sunrise Mix", "maria", 3, 30, 60), result(2, "Club Edit", "carlos", 1, 10, 20)];

function api({ signedIn = true, overrides = {} as Partial<PublicContest> } = {}) {
  return mockApi({
    "GET /api/auth/me": signedIn ? json(200, { user: sessionUser() }) : json(401, { error: { code: "unauthorized", message: "Sign in" } }),
    ...configRoute(),
    [`GET /api/contests/${ID}`]: json(200, { contest: contest(overrides) }),
    [`GET /api/contests/${ID}/entries`]: json(200, { entries: [], votesLeft: 0 }),
    [`GET /api/contests/${ID}/results`]: json(200, { resultsAt: "2026-11-20T12:05:00.000Z", results: RESULTS }),
  });
}

function renderContest(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestRoute, "/contests/$contest", root), stubRoute(root, "/rooms/$room")]), `/contests/${ID}`, {
    locale,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a contest's results and room", () => {
  it("shows the results once voting is over, and links a member to the contest's room, said closed", async () => {
    api();
    renderContest();
    const results = await screen.findByRole("region", { name: "Results" });
    const rows = await within(results).findAllByRole("listitem");
    expect(rows.map((li) => li.textContent)).toEqual([
      "Winner Sunrise Mix by maria 3 votes · fans 30% · jury 60%",
      "Place 2 Club Edit by carlos 1 vote · fans 10% · jury 20%",
    ]);
    const room = await screen.findByRole("region", { name: "Talk about this contest" });
    expect(within(room).getByRole("link", { name: "Open the contest's room" }).getAttribute("href")).toBe(`/rooms/contest-${ID}`);
    expect(within(room).getByText(/closed to new messages/)).toBeTruthy();
  });

  it("says it in Portuguese", async () => {
    api();
    renderContest("pt-BR");
    const results = await screen.findByRole("region", { name: "Resultados" });
    expect((await within(results).findAllByRole("listitem")).map((li) => li.textContent)).toEqual([
      "Vencedor Sunrise Mix de maria 3 votos · fãs 30% · júri 60%",
      "2º lugar Club Edit de carlos 1 voto · fãs 10% · júri 20%",
    ]);
    expect(await screen.findByRole("link", { name: "Abrir a sala do concurso" })).toBeTruthy();
  });

  it("asks for no results while voting goes on, and shows a visitor no room link", async () => {
    const fetch = api({ signedIn: false, overrides: { phase: "voting", resultsOut: false } });
    renderContest();
    await screen.findByRole("heading", { level: 1, name: "Remix Me" });
    await screen.findByRole("heading", { name: "Entries" });
    expect(screen.queryByRole("region", { name: "Results" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Talk about this contest" })).toBeNull();
    expect(fetch.callsTo(`GET /api/contests/${ID}/results`)).toHaveLength(0);
  });
});
