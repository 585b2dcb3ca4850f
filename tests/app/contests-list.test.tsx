// The list of remix contests against a fake API: running ones first, then the past ones, each
// linking to its page and saying where it stands; the empty and failed states; Portuguese.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestSummary } from "../../worker/contracts/contests/contests";
import { Route as ContestsRoute } from "../../app/routes/contests/index";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const summary = (n: number, overrides: Partial<ContestSummary> = {}): ContestSummary => ({
  id: `22222222-0000-4000-8000-00000000000${n}`,
  title: `Contest ${n}`,
  coverUrl: null,
  opensAt: "2026-11-01T12:00:00.000Z",
  entriesCloseAt: "2026-11-20T12:00:00.000Z",
  votingOpensAt: "2026-11-20T12:00:00.000Z",
  votingClosesAt: "2026-12-20T12:00:00.000Z",
  phase: "voting",
  resultsOut: false,
  ...overrides,
});

function api(answer: ReturnType<typeof json>) {
  return mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }), ...configRoute(), "GET /api/contests": answer });
}

function renderList(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ContestsRoute, "/contests/", root)]), "/contests", { locale });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the list of contests", () => {
  it("shows the running contests, then the past ones, each linking to its page with its phase", async () => {
    const fetch = api(
      json(200, {
        contests: [
          summary(1, { phase: "entries", coverUrl: "/media/contests/one.webp" }),
          summary(2, { phase: "ended", resultsOut: true }),
          summary(3, { phase: "voting" }),
        ],
      }),
    );
    renderList();
    const open = await screen.findByRole("region", { name: "Open now" });
    const past = screen.getByRole("region", { name: "Past contests" });
    expect(
      within(open)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Contest 1", "/contests/22222222-0000-4000-8000-000000000001"],
      ["Contest 3", "/contests/22222222-0000-4000-8000-000000000003"],
    ]);
    expect(within(open).getByText(/^Taking entries until November 20, 2026/)).toBeTruthy();
    expect(within(open).getByText(/^Voting until December 20, 2026/)).toBeTruthy();
    expect(within(past).getByRole("link", { name: "Contest 2" })).toBeTruthy();
    expect(within(past).getByText("Voting is over")).toBeTruthy();
    expect(within(past).getByText("Results are out")).toBeTruthy();
    expect(fetch.callsTo("GET /api/contests").map(([input]) => String(input))).toContain("/api/contests?lang=en");
  });

  it("says when there are none", async () => {
    api(json(200, { contests: [] }));
    renderList();
    expect(await screen.findByText("No remix contests yet")).toBeTruthy();
    expect(screen.getByText("When the artist opens a track to remixes, it shows here.")).toBeTruthy();
  });

  it("says when the list failed to load, with a retry", async () => {
    api(json(500, { error: "boom" }));
    renderList();
    expect(await screen.findByText("Failed to load the contests")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    const fetch = api(json(200, { contests: [summary(1, { phase: "entries", title: "Concurso 1" }), summary(2, { phase: "ended" })] }));
    renderList("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Concursos de remix" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Abertos agora" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Concursos anteriores" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Concurso 1" })).toBeTruthy();
    expect(fetch.callsTo("GET /api/contests").map(([input]) => String(input))).toContain("/api/contests?lang=pt-BR");
  });
});
