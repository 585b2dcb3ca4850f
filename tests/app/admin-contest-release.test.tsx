// The back office's release of a placed remix (decision 197) against a fake API: the Publish dialog
// in English and Portuguese, its own checks (no request sent), the review step that says what will
// be made before anything is sent, the exact body, the Worker's refusals by their code (never its
// English), "Released" with its links afterwards; the remixers' shares with their CSV link.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContestResultsResponse } from "../../worker/contracts/contests/contests";
import type { ContestRelease } from "../../worker/contracts/contests/releases";
import { apiError, json, mockApi, sentJson } from "./accounts-harness";
import { API, contest, ENTRY, entry, ID, renderEntries, renderList } from "./admin-contest-fixtures";

const RESULTS: ContestResultsResponse = {
  resultsAt: "2027-02-08T10:05:00.000Z",
  results: [
    { entryId: ENTRY, title: "Club Mix", remixer: { username: "ana" }, place: 1, fanVotes: 5, fanSharePercent: 100, jurySharePercent: 0, scorePercent: 100 },
  ],
};
const RELEASE: ContestRelease = {
  entryId: ENTRY,
  albumId: "neon-heart-ana-remix",
  trackId: "neon-heart-ana-remix-1",
  title: "Neon Heart (ana Remix)",
  remixOfTrackId: "t-1",
  product: { id: "p-1", slug: "neon-heart-ana-remix" },
  sharePercent: 15,
  releasedAt: "2027-02-09T10:00:00.000Z",
};
const PUBLISH = `POST ${API}/${ID}/entries/${ENTRY}/publish`;

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}/${ID}`]: json(200, { contest: contest({ phase: "ended", resultsAt: RESULTS.resultsAt }) }),
    [`GET ${API}/${ID}/entries`]: json(200, { entries: [entry({ votes: 5, place: 1 })] }),
    [`GET ${API}/${ID}/stems`]: json(200, { stems: [] }),
    [`GET /api/contests/${ID}/results`]: json(200, RESULTS),
    [`GET /api/contests/${ID}/releases`]: json(200, { releases: [] }),
    ...extra,
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the Publish dialog", () => {
  it("checks the fields, says what will be made, and sends only after the confirmation (English)", async () => {
    let released = false;
    const { callsTo } = fakeServer({
      [PUBLISH]: () => {
        released = true;
        return json(201, { release: RELEASE });
      },
      [`GET /api/contests/${ID}/releases`]: () => json(200, { releases: released ? [RELEASE] : [] }),
    });
    renderEntries();
    fireEvent.click(await screen.findByRole("button", { name: "Publish Club Mix" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish Club Mix" });
    expect(within(dialog).getByText("Leave it empty for Neon Heart (ana Remix)")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("ISRC (optional)"), { target: { value: "nope" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("An ISRC is 12 letters and digits, like BRABC2400001.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("ISRC (optional)"), { target: { value: "BR-ABC-24-00001" } });
    fireEvent.click(within(dialog).getByLabelText("Sell it in the store"));
    fireEvent.change(within(dialog).getByLabelText("Price in US dollars"), { target: { value: "9.99" } });
    fireEvent.change(within(dialog).getByLabelText("Remixer's share (%)"), { target: { value: "150" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("The share is a whole percent from 0 to 100.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Remixer's share (%)"), { target: { value: "15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Review" }));

    const review = await screen.findByRole("dialog", { name: "Publish Club Mix" });
    expect(
      within(review).getByText(
        "This makes the single Neon Heart (ana Remix) in the catalog, credited to ana and the co-authors who confirmed. It cannot be taken back here.",
      ),
    ).toBeTruthy();
    expect(within(review).getByText("It goes on sale at $9.99, and 15% of each sale's net amount is owed to the remixers.")).toBeTruthy();
    expect(callsTo(PUBLISH)).toHaveLength(0);
    fireEvent.click(within(review).getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(callsTo(PUBLISH)).toHaveLength(1));
    expect(sentJson(callsTo(PUBLISH)[0])).toEqual({ title: "", isrc: "BR-ABC-24-00001", sale: { priceUsdCents: 999, priceBrlCents: null, sharePercent: 15 } });
    expect(await screen.findByText("Club Mix is released.")).toBeTruthy();
    expect(await screen.findByText("Released")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open in the catalog" }).getAttribute("href")).toBe("/music/track/neon-heart-ana-remix-1");
    expect(screen.getByRole("link", { name: "In the store" }).getAttribute("href")).toBe("/store/neon-heart-ana-remix");
  });

  it("speaks Portuguese and says the Worker's refusal by its code, never its English", async () => {
    fakeServer({ [PUBLISH]: apiError(409, "contest_release_exists", "English from the server") });
    renderEntries("pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Publicar Club Mix" }));
    const dialog = await screen.findByRole("dialog", { name: "Publicar Club Mix" });
    fireEvent.change(within(dialog).getByLabelText("Título"), { target: { value: "Club Mix Oficial" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revisar" }));
    const review = await screen.findByRole("dialog", { name: "Publicar Club Mix" });
    expect(within(review).getByText(/Isto cria o single Club Mix Oficial no catálogo, creditado a ana/)).toBeTruthy();
    fireEvent.click(within(review).getByRole("button", { name: "Publicar agora" }));
    expect(await within(review).findByText("Este remix já foi lançado.")).toBeTruthy();
    expect(within(review).queryByText("English from the server")).toBeNull();
  });

  it("is not offered before the results", async () => {
    fakeServer({ [`GET ${API}/${ID}`]: json(200, { contest: contest() }) });
    renderEntries();
    expect(await screen.findByText("Placed remixes can be released once the results are out.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Publish/ })).toBeNull();
  });
});

describe("the remixers' shares", () => {
  it("lists each remixer's figures and links the CSV of the period, in both languages", async () => {
    for (const [locale, heading, net] of [
      ["en", "Remixers' shares", "$0.45"],
      ["pt-BR", "Participações dos remixers", "US$ 0,45"],
    ] as const) {
      const { callsTo } = mockApi({
        "GET /api/auth/me": json(200, { user: null }),
        [`GET ${API}`]: json(200, { contests: [] }),
        [`GET ${API}/remix-shares`]: json(200, {
          from: "2027-02-01",
          to: "2027-02-09",
          rows: [{ username: "ana", currency: "usd", sales: 1, owedCents: 75, takenBackCents: 30, netCents: 45 }],
        }),
      });
      renderList(locale);
      expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
      const row = await screen.findByRole("row", { name: /ana/ });
      expect(within(row).getByText(net)).toBeTruthy();
      const csv = screen.getByRole("link", { name: locale === "en" ? "Download CSV" : "Baixar CSV" });
      expect(csv.getAttribute("href")).toMatch(/^\/api\/admin\/contests\/remix-shares\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
      expect(callsTo(`GET ${API}/remix-shares`).length).toBeGreaterThan(0);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
