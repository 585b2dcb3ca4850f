// A released entry on a remix contest's page (decision 197): "Released" under it with its links to
// the catalog's track and the store's offer, in English and Portuguese; nothing under the others.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestEntry, PublicContest } from "../../worker/contracts/contests/contests";
import type { ContestRelease } from "../../worker/contracts/contests/releases";
import { json, type ApiRoutes } from "./accounts-harness";
import { ID, renderContest, votingContest, votingEntry, votingPageApi } from "./contest-voting-fixtures";

const contest = votingContest;
/** Entries whose streaming copy is not made: the page plays the original. */
const entry = (n: number, overrides: Partial<ContestEntry> = {}) => votingEntry(n, { streamState: null, peaks: null, ...overrides });
const ENTRIES = [entry(3), entry(1, { votedByMe: true }), entry(2, { mine: true })];

const api = (extra: ApiRoutes = {}, overrides: Partial<PublicContest> = {}, votesLeft = 2) =>
  votingPageApi({ contest: contest(overrides), entries: ENTRIES, votesLeft }, extra);

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
