// A remix contest's page against a fake API: the entries in the order the Worker gave, each with
// its player, the votes left, a vote and taking it back (the Worker is asked, the list fetched
// again), no vote button on one's own entry or outside the window, and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicContest } from "../../worker/contracts/contests/contests";
import { json, type ApiRoutes } from "./accounts-harness";
import { ID, renderContest, votingContest, votingEntry, votingPageApi } from "./contest-voting-fixtures";

const contest = votingContest;
const entry = votingEntry;
const ENTRIES = [entry(3), entry(1, { votedByMe: true }), entry(2, { mine: true })];

const api = (extra: ApiRoutes = {}, overrides: Partial<PublicContest> = {}, votesLeft = 2) =>
  votingPageApi({ contest: contest(overrides), entries: ENTRIES, votesLeft }, extra);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("a contest's page", () => {
  it("lists the entries in the Worker's order, each playable, with the votes left", async () => {
    api();
    renderContest();
    expect(await screen.findByRole("heading", { level: 1, name: "Remix Me" })).toBeTruthy();
    const titles = (await screen.findAllByRole("heading", { level: 3 })).map((h) => h.textContent);
    expect(titles).toEqual(["Remix 3", "Remix 1", "Remix 2"]);
    expect(screen.getByRole("status").textContent).toBe("You have 2 votes left");
    const first = screen.getByRole("article", { name: "Remix 3" });
    expect(first.querySelector("audio")?.getAttribute("src")).toBe(ENTRIES[0]!.audioUrl);
    // One's own entry: no vote in the list (withdrawing it is under "Your entries").
    const listed = screen.getByRole("region", { name: "Entries" });
    expect(within(within(listed).getByRole("article", { name: "Remix 2" })).queryByRole("button")).toBeNull();
  });

  it("casts a vote and takes one back through the Worker, then reads the list again", async () => {
    const { callsTo } = api({
      [`POST /api/contests/${ID}/votes`]: json(201, { votesLeft: 1 }),
      [`DELETE /api/contests/${ID}/votes/${ENTRIES[1]!.id}`]: json(200, { votesLeft: 3 }),
    });
    renderContest();
    fireEvent.click(await screen.findByRole("button", { name: "Vote for Remix 3" }));
    await waitFor(() => expect(callsTo(`POST /api/contests/${ID}/votes`)).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Take back my vote for Remix 1" }));
    await waitFor(() => expect(callsTo(`DELETE /api/contests/${ID}/votes/${ENTRIES[1]!.id}`)).toHaveLength(1));
    await waitFor(() => expect(callsTo(`GET /api/contests/${ID}/entries`).length).toBeGreaterThanOrEqual(2));
  });

  it("offers no vote outside the window", async () => {
    api({}, { phase: "ended", rights: { ...contest().rights, canVote: false, votesLeft: 0 } }, 0);
    renderContest();
    expect(await screen.findByText("Voting is over")).toBeTruthy();
    await screen.findAllByRole("heading", { level: 3 });
    expect(screen.queryAllByRole("button", { name: /Vote for|Take back/ })).toEqual([]);
  });

  it("speaks Portuguese", async () => {
    api();
    renderContest("pt-BR");
    expect(await screen.findByRole("button", { name: "Votar em Remix 3" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Você tem 2 votos restantes");
    expect(screen.getByText("Regras e licença")).toBeTruthy();
  });
});
