// The music pages against a fake API: catalog grid, album detail, hub search and the share page,
// for a visitor (every play control leads to /vip-signup) and for a VIP (controls play).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AlbumDetail, AlbumSummary, TrackView } from "../../worker/contracts/music/music";
import { Route as AlbumRoute } from "../../app/routes/music/catalog/$id";
import { Route as CatalogRoute } from "../../app/routes/music/catalog/index";
import { Route as HubRoute } from "../../app/routes/music/index";
import { Route as TrackRoute } from "../../app/routes/music/track/$trackId";
import { pageEngine } from "../../app/features/music/player/PlayerProvider";
import { tracksInOrder } from "../../app/features/music/catalog/MusicHubPage";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";
import { moonlightTrack } from "./fixtures/tracks";

const track = (id: string, title: string, overrides: Partial<TrackView> = {}): TrackView =>
  moonlightTrack({ id, title, coverUrl: "/media/covers/moonlight-boulevard.png", ...overrides });

const TRACKS: TrackView[] = [
  track("spring-love", "Spring Love", { albumId: "spring-love-single", albumTitle: "Spring Love", featuredPosition: 0, plays: 40 }),
  track("moonlight-boulevard-1", "Dreamin' of Love", { plays: 120 }),
  track("moonlight-boulevard-2", "Neon Heartbeat", { number: 2, plays: 7, durationSeconds: 65 }),
  track("satin-and-neon-1", "Satin Nights", { albumId: "satin-and-neon", albumTitle: "Satin & Neon", albumYear: 1989, plays: 3 }),
];

const summary = (id: string, title: string, trackCount: number, overrides: Partial<AlbumSummary> = {}): AlbumSummary => ({
  id,
  title,
  year: 1988,
  type: "Album",
  coverUrl: `/media/covers/${id}.png`,
  position: 0,
  trackCount,
  earlyAccess: false,
  releaseAt: null,
  preorder: false,
  ...overrides,
});

const MOONLIGHT: AlbumDetail = { ...summary("moonlight-boulevard", "Moonlight Boulevard", 2), tracks: TRACKS.slice(1, 3), notes: null };
const EMPTY_ALBUM: AlbumDetail = { ...summary("future-sounds", "Future Sounds", 0, { year: 2026 }), tracks: [], notes: null };

function api(me: ReturnType<typeof sessionUser> | null, album: AlbumDetail = MOONLIGHT) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/music/albums": json(200, {
      albums: [MOONLIGHT, summary("spring-love-single", "Spring Love", 1, { type: "Single", position: 1 }), { ...EMPTY_ALBUM, position: 2 }].map(({ ...a }) => {
        delete (a as Partial<AlbumDetail>).tracks;
        return a;
      }),
    }),
    "GET /api/music/albums/moonlight-boulevard": json(200, { album }),
    "GET /api/music/albums/future-sounds": json(200, { album: EMPTY_ALBUM }),
    "GET /api/music/albums/nope": apiError(404, "album_not_found", "Album not found"),
    "GET /api/music/tracks": json(200, { tracks: TRACKS, totalPlays: 170 }),
    "GET /api/music/tracks/moonlight-boulevard-1": json(200, { track: TRACKS[1] }),
    "GET /api/music/tracks/missing-track": apiError(404, "track_not_found", "Track not found"),
    "POST /api/music/tracks/moonlight-boulevard-1/stream": json(200, {
      url: "/media/tracks/moonlight-boulevard-1?token=t",
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  });
}

function renderMusic(url: string, locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(HubRoute, "/music/", root),
    mountFileRoute(CatalogRoute, "/music/catalog/", root),
    mountFileRoute(AlbumRoute, "/music/catalog/$id", root),
    mountFileRoute(TrackRoute, "/music/track/$trackId", root),
    stubRoute(root, "/vip-signup"),
  ]);
  return renderApp(tree, url, { locale });
}

const VIP = sessionUser({ isVIP: true });

afterEach(() => {
  pageEngine().reset();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The album header's line under its title: its release state and track count. */
const headLine = () => document.querySelector(".album-head-text > p.muted")?.textContent?.replace(/\s+/g, " ").trim();

describe("early access", () => {
  const RELEASE = "2030-03-05T12:00:00.000Z";
  const earlyTrack = (track: TrackView): TrackView => ({ ...track, earlyAccess: true, releaseAt: RELEASE, preview: false });
  const EARLY: AlbumDetail = {
    // The year the back office typed, decades before the release date: never shown beside it.
    ...summary("early-bird", "Early Bird", 1, { earlyAccess: true, releaseAt: RELEASE, year: 1986 }),
    tracks: [earlyTrack({ ...TRACKS[1]!, id: "early-bird-1", title: "First Light", albumId: "early-bird", albumTitle: "Early Bird" })],
    notes: null,
  };
  function earlyApi(me: ReturnType<typeof sessionUser> | null) {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: me }),
      ...configRoute(),
      "GET /api/music/albums": json(200, { albums: [{ ...EARLY, tracks: undefined }] }),
      "GET /api/music/albums/early-bird": json(200, { album: EARLY }),
    });
    return api;
  }

  it.each([
    ["a visitor", null, "Coming March 5, 2030 · VIPs are listening now"],
    ["a free member", sessionUser(), "Coming March 5, 2030 · VIPs are listening now"],
    ["a VIP", VIP, "Out early for VIPs · out for everyone on March 5, 2030"],
  ])("tells %s when it comes out, on the catalog card, and gives no year", async (_, me, text) => {
    earlyApi(me);
    renderMusic("/music/catalog");
    const card = await screen.findByRole("link", { name: /Early Bird/ });
    await waitFor(() => expect(card.textContent).toContain(text));
    expect(card.textContent).not.toContain("1986");
  });

  it("shows a visitor the album's release and a lock instead of a preview on its track", async () => {
    earlyApi(null);
    renderMusic("/music/catalog/early-bird");
    expect(await screen.findByRole("heading", { level: 1, name: "Early Bird" })).toBeTruthy();
    expect(screen.getAllByText("Coming March 5, 2030 · VIPs are listening now")).toHaveLength(2);
    // One state, said once: no "Released in" above "Coming".
    expect(headLine()).toBe("Coming March 5, 2030 · VIPs are listening now · 1 track");
    expect(screen.getByRole("link", { name: "First Light: unlock with VIP" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("button", { name: /preview of First Light/ })).toBeNull();
  });

  it("lets a VIP play the early release", async () => {
    earlyApi(VIP);
    renderMusic("/music/catalog/early-bird");
    expect(await screen.findByRole("button", { name: "Play First Light" })).toBeTruthy();
    await waitFor(() => expect(headLine()).toBe("Out early for VIPs · out for everyone on March 5, 2030 · 1 track"));
  });

  it("says the release year once the album is out for everyone", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: VIP }),
      ...configRoute(),
      "GET /api/music/albums/early-bird": json(200, { album: { ...EARLY, earlyAccess: false, releaseAt: null, tracks: [] } }),
    });
    renderMusic("/music/catalog/early-bird");
    expect(await screen.findByRole("heading", { level: 1, name: "Early Bird" })).toBeTruthy();
    expect(headLine()).toBe("Released in 1986 · 1 track");
    expect(screen.queryByText(/Coming|Out early/)).toBeNull();
  });

  it.each([
    ["a visitor", null, "Coming March 5, 2030 · VIPs are listening now"],
    ["a VIP", VIP, "Out early for VIPs · out for everyone on March 5, 2030"],
  ])("names the album of an early track without a year for %s, beside when it comes out", async (_, me, text) => {
    mockApi({
      "GET /api/auth/me": json(200, { user: me }),
      ...configRoute(),
      "GET /api/music/tracks/early-bird-1": json(200, { track: EARLY.tracks[0] }),
    });
    renderMusic("/music/track/early-bird-1");
    expect(await screen.findByRole("heading", { level: 1, name: "First Light" })).toBeTruthy();
    expect(screen.getByText("From Early Bird")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
    expect(document.body.textContent).not.toContain("1986");
  });

  it("says it in Portuguese too", async () => {
    earlyApi(null);
    renderMusic("/music/catalog/early-bird", "pt-BR");
    await waitFor(() => expect(screen.getAllByText("Chega em 5 de março de 2030 · os VIPs já estão ouvindo").length).toBeGreaterThan(0));
    expect(headLine()).toBe("Chega em 5 de março de 2030 · os VIPs já estão ouvindo · 1 faixa");
  });

  it("tells a VIP in Portuguese that it is out early for them", async () => {
    earlyApi(VIP);
    renderMusic("/music/catalog/early-bird", "pt-BR");
    await waitFor(() => expect(headLine()).toBe("Já disponível para VIPs · para todos em 5 de março de 2030 · 1 faixa"));
  });
});

describe("a pre-order's album page", () => {
  const RELEASE = "2030-12-19T18:00:00.000Z";
  const PREORDER: AlbumDetail = {
    ...summary("zephyr", "Zephyr", 2, { earlyAccess: true, releaseAt: RELEASE, preorder: true, year: 2030 }),
    tracks: [
      // The teaser plays for everyone (a preview for a visitor); the rest is listed, not heard.
      { ...TRACKS[1]!, id: "zephyr-1", title: "Zephyr Teaser", albumId: "zephyr", albumTitle: "Zephyr", preview: true },
      {
        ...TRACKS[2]!,
        id: "zephyr-2",
        title: "Zephyr Locked",
        albumId: "zephyr",
        albumTitle: "Zephyr",
        playable: false,
        preview: false,
        earlyAccess: true,
        releaseAt: RELEASE,
        preorder: true,
      },
    ],
    notes: null,
  };
  const preorderApi = (me: ReturnType<typeof sessionUser> | null) =>
    mockApi({
      "GET /api/auth/me": json(200, { user: me }),
      ...configRoute(),
      "GET /api/music/albums/zephyr": json(200, { album: PREORDER }),
    });

  it.each([
    ["en", "Pre-order now · out on December 19, 2030 · 2 tracks"],
    ["pt-BR", "Em pré-venda · sai em 19 de dezembro de 2030 · 2 faixas"],
  ] as const)("says it is on pre-order and when it comes out (%s), and offers no Notify me", async (locale, line) => {
    preorderApi(null);
    renderMusic("/music/catalog/zephyr", locale);
    expect(await screen.findByRole("heading", { level: 1, name: "Zephyr" })).toBeTruthy();
    await waitFor(() => expect(headLine()).toBe(line));
    expect(screen.queryByRole("button", { name: /Notify me|Avise-me/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/VIPs are listening|os VIPs já estão ouvindo/);
  });

  it("lets a visitor hear the teaser's preview and locks the rest", async () => {
    preorderApi(null);
    renderMusic("/music/catalog/zephyr");
    expect(await screen.findByRole("button", { name: /preview of Zephyr Teaser/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Zephyr Locked/ })).toBeNull();
  });
});

describe("/music/catalog", () => {
  it("shows every release with cover, year, type and its track count or 'Coming soon'", async () => {
    api(null);
    renderMusic("/music/catalog");
    const card = await screen.findByRole("link", { name: /Moonlight Boulevard/ });
    expect(card.getAttribute("href")).toBe("/music/catalog/moonlight-boulevard");
    expect(within(card).getByRole("img", { name: "Cover of Moonlight Boulevard" }).getAttribute("width")).toBe("300");
    expect(card.textContent).toContain("1988 · Album");
    expect(card.textContent).toContain("2 tracks");
    expect(card.textContent).toContain("Play Album");
    const single = screen.getByRole("link", { name: /Spring Love/ });
    expect(single.textContent).toContain("Single");
    expect(single.textContent).toContain("1 track");
    const empty = screen.getByRole("link", { name: /Future Sounds/ });
    expect(empty.textContent).toContain("Coming soon");
    expect(empty.textContent).not.toContain("Play Album");
  });
});

describe("/music/catalog's first render", () => {
  /** The text of every node the page added, as it was when added, for "did a loading line ever appear?". */
  function watchTexts() {
    const texts: string[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => texts.push(node.textContent ?? ""))));
    observer.observe(document.body, { childList: true, subtree: true });
    return { sawLoading: () => texts.some((text) => text.includes("Loading music...")), stop: () => observer.disconnect() };
  }

  /** The albums answer only once `ready` settles; everything else answers at once. */
  function albumsAnswerAfter(ready: Promise<unknown>) {
    const { fetchMock } = api(null);
    const quick = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/api/music/albums")) await ready;
      return quick(input, init);
    });
  }

  it("comes with the albums when they arrive in time: no loading line first", async () => {
    // Answered once the first render has been committed: after the page could have shown itself
    // without them, and long before the route's pending delay, with no clock involved.
    let answer!: () => void;
    albumsAnswerAfter(new Promise<void>((resolve) => (answer = resolve)));
    const texts = watchTexts();
    renderMusic("/music/catalog");
    answer();
    await screen.findByRole("link", { name: /Moonlight Boulevard/ });
    texts.stop();
    expect(texts.sawLoading()).toBe(false);
  });

  it("shows a spinner while a slow answer is on its way, then the page with the albums", async () => {
    let answer!: () => void;
    albumsAnswerAfter(new Promise<void>((resolve) => (answer = resolve)));
    renderMusic("/music/catalog");
    // After the route's pending delay (half a second).
    expect((await screen.findByRole("status", undefined, { timeout: 3000 })).textContent).toBe("Loading...");
    answer();
    expect(await screen.findByRole("link", { name: /Moonlight Boulevard/ })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Music Catalog");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("/music/catalog/{id}", () => {
  it("locks every play control of a track without a preview for a visitor, each leading to /vip-signup", async () => {
    // Without previews: a track with one gives a visitor its preview once the session has loaded.
    api(null, { ...MOONLIGHT, tracks: MOONLIGHT.tracks.map((t) => ({ ...t, preview: false })) });
    renderMusic("/music/catalog/moonlight-boulevard");
    expect(await screen.findByRole("heading", { level: 1, name: "Moonlight Boulevard" })).toBeTruthy();
    expect(screen.getByText(/Released in 1988/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Unlock with VIP/ }).getAttribute("href")).toBe("/vip-signup");
    const locks = screen.getAllByRole("link", { name: /unlock with VIP$/ });
    expect(locks.map((l) => l.getAttribute("aria-label"))).toEqual(["Dreamin' of Love: unlock with VIP", "Neon Heartbeat: unlock with VIP"]);
    expect(locks.every((l) => l.getAttribute("href") === "/vip-signup")).toBe(true);
    expect(screen.queryByRole("button", { name: /^Play/ })).toBeNull();
  });

  it("gives a VIP the Play Album button and a play button per track, which asks for a signed stream", async () => {
    const { callsTo } = api(VIP);
    renderMusic("/music/catalog/moonlight-boulevard");
    expect(await screen.findByRole("button", { name: /Play Album/ })).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["1", "2"]);
    expect(rows[0]!.textContent).toContain("1:23");
    fireEvent.click(screen.getByRole("button", { name: "Play Dreamin' of Love" }));
    await waitFor(() => expect(callsTo("POST /api/music/tracks/moonlight-boulevard-1/stream")).toHaveLength(1));
    expect(pageEngine().getState().current?.id).toBe("moonlight-boulevard-1");
  });

  it("says 'Album not found' for an unknown id and 'Tracks coming soon' for an album without tracks", async () => {
    api(VIP);
    renderMusic("/music/catalog/nope");
    expect(await screen.findByText("Album not found")).toBeTruthy();
    cleanup();
    renderMusic("/music/catalog/future-sounds");
    expect(await screen.findByText("Tracks coming soon")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Play Album/ })).toBeNull();
  });
});

describe("/music (Music Hub)", () => {
  it("shows the total plays, the VIP banner for a visitor, and popular tracks by plays", async () => {
    api(null);
    renderMusic("/music");
    expect(await screen.findByText("170")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    const popular = screen.getByRole("region", { name: "Popular tracks" });
    const titles = within(popular)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.querySelector(".track-title a")!.textContent);
    expect(titles).toEqual(["Dreamin' of Love", "Spring Love", "Neon Heartbeat", "Satin Nights"]);
  });

  it("searches through the site's search (tracks only), shows its order, and says so when nothing matches", async () => {
    const { fetchMock } = api(VIP);
    const found = (ids: string[]) => ({
      query: "",
      groups: [
        {
          kind: "tracks",
          relaxed: false,
          nextOffset: null,
          items: ids.map((id) => ({ kind: "tracks", id, title: id, subtitle: null, imageUrl: null, href: `/music/track/${id}` })),
        },
      ],
    });
    const answers: Record<string, string[]> = { satin: ["satin-and-neon-1"], neon: ["moonlight-boulevard-2", "satin-and-neon-1"], zzz: [] };
    const routes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== "/api/search") return routes(input, init);
      expect(url.searchParams.get("kind")).toBe("tracks");
      return json(200, found(answers[url.searchParams.get("q")!] ?? []));
    });
    renderMusic("/music");
    const search = await screen.findByPlaceholderText("Search tracks...");
    fireEvent.change(search, { target: { value: "satin" } });
    expect(await screen.findByRole("heading", { name: "1 track found" })).toBeTruthy();
    fireEvent.change(search, { target: { value: "neon" } });
    const region = await screen.findByRole("region", { name: "2 tracks found" });
    const titles = within(region)
      .getAllByRole("row")
      .slice(1)
      .map((r) => within(r).getAllByRole("link")[0]!.textContent);
    expect(titles).toEqual(["Neon Heartbeat", "Satin Nights"]);
    fireEvent.change(search, { target: { value: "zzz" } });
    expect(await screen.findByText('No tracks found matching "zzz"')).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Become a VIP Member" })).toBeNull();
  });

  it("keeps the engine's order and leaves out ids the catalog lacks", () => {
    const tracks = [track("a-1", "Coração Latino"), track("a-2", "Other", { albumTitle: "ÉCLAT" })];
    expect(tracksInOrder(tracks, ["a-2", "gone", "a-1"]).map((t) => t.id)).toEqual(["a-2", "a-1"]);
    expect(tracksInOrder(tracks, [])).toEqual([]);
  });
});

describe("/music/track/{trackId}", () => {
  it("shows a visitor the track with its preview and a VIP call to action instead of play", async () => {
    api(null);
    renderMusic("/music/track/moonlight-boulevard-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Dreamin' of Love" })).toBeTruthy();
    expect(screen.getByText("From Moonlight Boulevard (1988)")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Play a 30-second preview of Dreamin' of Love" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Play Dreamin' of Love" })).toBeNull();
    expect(screen.getByRole("link", { name: /Listen to the full track as a VIP member/ }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.getByRole("link", { name: "View the album" }).getAttribute("href")).toBe("/music/catalog/moonlight-boulevard");
  });

  it("says 'Track not found' for a link to nothing", async () => {
    api(null);
    renderMusic("/music/track/missing-track");
    expect(await screen.findByText("Track not found")).toBeTruthy();
  });

  it("offers the networks from the track page and copies the link with 'Link copied to clipboard!'", async () => {
    api(VIP);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderMusic("/music/track/moonlight-boulevard-1");
    fireEvent.click(await screen.findByRole("button", { name: "Share this track" }));
    const dialog = screen.getByRole("dialog", { name: "Share this track" });
    expect(within(dialog).getByRole("link", { name: "Share on Facebook" }).getAttribute("href")).toContain(
      encodeURIComponent("/music/track/moonlight-boulevard-1"),
    );
    expect(
      within(dialog)
        .getAllByRole("link", { name: /^Share on / })
        .map((link) => link.getAttribute("aria-label") ?? link.textContent),
    ).toEqual(["Share on WhatsApp", "Share on Telegram", "Share on X", "Share on Facebook"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await within(dialog).findByText("Link copied to clipboard!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/music/track/moonlight-boulevard-1`);
  });
});

describe("/music/catalog/$id notes", () => {
  const NOTES = { en: "Recorded in one summer.\n\n<b>Live</b> takes only.", "pt-BR": "Gravado em um verão.\nSó takes ao vivo." };
  function notesApi() {
    return mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      ...configRoute(),
      // The answer follows ?lang= as the Worker's does.
      "GET /api/music/albums/moonlight-boulevard": (request: Request) => {
        const lang = new URL(request.url).searchParams.get("lang") === "pt-BR" ? "pt-BR" : "en";
        return json(200, { album: { ...MOONLIGHT, notes: NOTES[lang] } });
      },
    });
  }

  it.each([
    ["en", ["Recorded in one summer.", "<b>Live</b> takes only."]],
    ["pt-BR", ["Gravado em um verão.", "Só takes ao vivo."]],
  ] as const)("shows the notes in %s under the title, a paragraph per line, as text", async (locale, paragraphs) => {
    const { callsTo } = notesApi();
    renderMusic("/music/catalog/moonlight-boulevard", locale);
    const notes = await screen.findByTestId("album-notes");
    expect([...notes.querySelectorAll("p")].map((p) => p.textContent)).toEqual(paragraphs);
    expect(notes.querySelector("b")).toBeNull();
    // The page's own query asks for its language (the harness's loader has no locale: it prefetches English).
    const langs = callsTo("GET /api/music/albums/moonlight-boulevard").map(([input]) => new URL(String(input), "http://localhost").searchParams.get("lang"));
    expect(langs).toContain(locale);
  });

  it("shows no notes block for an album without notes", async () => {
    api(null);
    renderMusic("/music/catalog/moonlight-boulevard");
    expect(await screen.findByRole("heading", { level: 1, name: "Moonlight Boulevard" })).toBeTruthy();
    expect(screen.queryByTestId("album-notes")).toBeNull();
  });
});
