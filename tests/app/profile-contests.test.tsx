// A member's remix contest entries on their profile (decision 198), against a fake API: each entry
// links to its contest and says where it stands (the winner's badge, a place, the phase while the
// results are not out, a co-author's credit), in English and Portuguese; no block when the member
// has no entry or the list fails.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as ProfileRoute } from "../../app/routes/social/profile/$userId";
import type { ProfileContestEntry } from "../../worker/contracts/contests/contests";
import type { ProfileView } from "../../worker/contracts/profiles";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";

const MEMBER_ID = "33333333-3333-4333-8333-333333333333";
const CONTEST = "44444444-0000-4000-8000-000000000001";
const OTHER_CONTEST = "44444444-0000-4000-8000-000000000002";

const profile: ProfileView = {
  id: MEMBER_ID,
  username: "remixer",
  avatarUrl: null,
  bio: null,
  website: null,
  location: null,
  isVIP: false,
  isAdmin: false,
  createdAt: "2024-03-15T12:00:00.000Z",
};

const entry = (overrides: Partial<ProfileContestEntry>): ProfileContestEntry => ({
  contestId: CONTEST,
  contestTitle: "Night Drive remixed",
  entryId: crypto.randomUUID(),
  entryTitle: "Club Mix",
  remixer: { username: "remixer" },
  coAuthored: false,
  phase: "ended",
  place: null,
  ...overrides,
});

function serve(contests: Response) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    [`GET /api/profiles/${MEMBER_ID}`]: json(200, { profile }),
    [`GET /api/profiles/${MEMBER_ID}/posts`]: json(200, { posts: [] }),
    [`GET /api/contests/by-member/${MEMBER_ID}`]: contests,
  });
}

async function openProfile(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(ProfileRoute, "/social/profile/$userId", root), stubRoute(root, "/contests/$contest"), stubRoute(root, "/")]);
  const view = renderApp(tree, `/social/profile/${MEMBER_ID}`, { locale });
  await screen.findByRole("heading", { level: 1 });
  return view;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ENTRIES = [
  entry({ entryTitle: "Club Mix", place: 1 }),
  entry({ entryTitle: "Dub Mix", place: 3, coAuthored: true, remixer: { username: "rita" } }),
  entry({ contestId: OTHER_CONTEST, contestTitle: "Summer Heat", entryTitle: "Late Mix", phase: "voting" }),
];

describe("the profile's contest entries", () => {
  it("lists each entry with its contest's link, the winner's badge, a place, a co-author's credit and the phase", async () => {
    const api = serve(json(200, { entries: ENTRIES }));
    await openProfile();
    const block = await screen.findByRole("region", { name: "Remix contests" });
    const items = within(block).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Night Drive remixed Club Mix Winner",
      "Night Drive remixed Dub Mix · Co-authored with rita Place 3",
      "Summer Heat Late Mix Voting now",
    ]);
    expect(within(items[0]!).getByRole("link").getAttribute("href")).toBe(`/contests/${CONTEST}`);
    expect(within(items[2]!).getByRole("link").getAttribute("href")).toBe(`/contests/${OTHER_CONTEST}`);
    // Asked in the reader's language, so the contest's title comes in it.
    expect(String(api.callsTo(`GET /api/contests/by-member/${MEMBER_ID}`)[0]![0])).toContain("lang=en");
  });

  it("says it in Portuguese, asking for the titles in Portuguese", async () => {
    const api = serve(
      json(200, { entries: [...ENTRIES, entry({ entryTitle: "Radio Edit", phase: "waiting" }), entry({ entryTitle: "Edit", phase: "ended" })] }),
    );
    await openProfile("pt-BR");
    const block = await screen.findByRole("region", { name: "Concursos de remix" });
    expect(
      within(block)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Night Drive remixed Club Mix Vencedor",
      "Night Drive remixed Dub Mix · Coautoria com rita 3º lugar",
      "Summer Heat Late Mix Em votação",
      "Night Drive remixed Radio Edit A votação abre em breve",
      "Night Drive remixed Edit Resultados em breve",
    ]);
    expect(String(api.callsTo(`GET /api/contests/by-member/${MEMBER_ID}`)[0]![0])).toContain("lang=pt-BR");
  });

  it("shows no block when the member has no entries, or when the list fails", async () => {
    for (const answer of [json(200, { entries: [] }), apiError(500, "internal", "Boom")]) {
      const api = serve(answer);
      await openProfile();
      await vi.waitFor(() => expect(api.callsTo(`GET /api/contests/by-member/${MEMBER_ID}`)).toHaveLength(1));
      await screen.findByRole("heading", { level: 2 }); // the posts' heading: the page has drawn
      expect(screen.queryByRole("region", { name: "Remix contests" })).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
