// A released entry on a remix contest's page (decision 197): "Released" under it with its links to
// the catalog's track and the store's offer, in English and Portuguese; nothing under the others.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestEntry, PublicContest } from "../../worker/contracts/contests/contests";
import type { ContestRelease } from "../../worker/contracts/contests/releases";
import { Route as ContestRoute } from "../../app/routes/contests/$contest";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const ID = "22222222-0000-4000-8000-000000000001";
const contest = (overrides: Partial<PublicContest> = {}): PublicContest => ({
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
  rights: {
    canDownloadStems: true,
    stemsRefusal: null,
    stemsGate: { access: "members", tierName: null },
    stemDownloadsLeft: 5,
    canEnter: false,
    enterRefusal: "contest_entries_closed",
    enterGate: { access: "members", tierName: null },
    canVote: true,
    votesLeft: 2,
  },
  stems: { files: 0, bytes: 0 },
  resultsOut: false,
  ...overrides,
});
const entry = (n: number, overrides: Partial<ContestEntry> = {}): ContestEntry => ({
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
  mine: false,
  votedByMe: false,
  streamState: null,
  peaks: null,
  createdAt: "2026-11-02T12:00:00.000Z",
  updatedAt: "2026-11-02T12:00:00.000Z",
  ...overrides,
});
const ENTRIES = [entry(3), entry(1, { votedByMe: true }), entry(2, { mine: true })];

function api(extra: ApiRoutes = {}, overrides: Partial<PublicContest> = {}, votesLeft = 2) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    [`GET /api/contests/${ID}`]: json(200, { contest: contest(overrides) }),
    [`GET /api/contests/${ID}/entries`]: json(200, { entries: ENTRIES, votesLeft }),
    ...extra,
  });
}

function renderContest(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestRoute, "/contests/$contest", root)]), `/contests/${ID}`, { locale });
}

const RELEASE: ContestRelease = {
  entryId: ENTRIES[0]!.id,
  albumId: "remix-me-dj3-remix",
  trackId: "remix-me-dj3-remix-1",
  title: "Remix Me (dj3 Remix)",
  remixOfTrackId: "remix-me-1",
  product: { id: "p-1", slug: "remix-me-dj3-remix" },
  sharePercent: 15,
  releasedAt: "2026-12-21T12:00:00.000Z",
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("a released entry on the contest's page", () => {
  for (const [locale, badge, listen, buy] of [
    ["en", "Released", "Listen to Remix Me (dj3 Remix) in the catalog", "Buy Remix Me (dj3 Remix) in the store"],
    ["pt-BR", "Lançado", "Ouvir Remix Me (dj3 Remix) no catálogo", "Comprar Remix Me (dj3 Remix) na loja"],
  ] as const) {
    it(`says so with its links (${locale})`, async () => {
      api({ [`GET /api/contests/${ID}/releases`]: json(200, { releases: [RELEASE] }) }, { phase: "ended", resultsOut: true });
      renderContest(locale);
      const released = await screen.findByRole("article", { name: "Remix 3" });
      expect(await within(released).findByText(badge)).toBeTruthy();
      expect(within(released).getByRole("link", { name: listen }).getAttribute("href")).toBe("/music/track/remix-me-dj3-remix-1");
      expect(within(released).getByRole("link", { name: buy }).getAttribute("href")).toBe("/store/remix-me-dj3-remix");
      expect(within(screen.getByRole("article", { name: "Remix 1" })).queryByText(badge)).toBeNull();
    });
  }
});
