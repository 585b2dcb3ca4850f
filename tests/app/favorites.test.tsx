// Favorites against a fake API: the optimistic heart (flips before the server answers, rolls back
// on failure), the lock link without VIP, the Favorite Tracks page (rows, empty state, unfavorite,
// play error, sign-in redirect), the hub's favorites drawer (focus trap, Escape), the popup's
// hearts and Favorites tab, and the Brazilian Portuguese labels.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackView } from "../../worker/contracts/music/music";
import type { SessionUser } from "../../worker/contracts/auth";
import { Route as AlbumRoute } from "../../app/routes/music/catalog/$id";
import { Route as FavoritesRoute } from "../../app/routes/music/favorites";
import { Route as HubRoute } from "../../app/routes/music/index";
import { Route as PlayerRoute } from "../../app/routes/music/player";
import { Route as TrackRoute } from "../../app/routes/music/track/$trackId";
import { pageEngine } from "../../app/features/music/player/PlayerProvider";
import { MusicPlayerPopup, type MusicPlayerPopupFavorites, type MusicPlayerPopupState } from "../../app/features/music/popup/MusicPlayerPopup";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute, seedConfig } from "./fixtures/config";

const track = (id: string, title: string, overrides: Partial<TrackView> = {}): TrackView => ({
  id,
  title,
  number: 1,
  albumId: "moonlight-boulevard",
  albumTitle: "Moonlight Boulevard",
  albumYear: 1988,
  coverUrl: "/media/covers/moonlight-boulevard.png",
  durationSeconds: 83,
  plays: 0,
  playable: true,
  preview: true,
  featuredPosition: null,
  earlyAccess: false,
  releaseAt: null,
  ...overrides,
});

const DREAMIN = track("moonlight-boulevard-1", "Dreamin' of Love", { plays: 120 });
const NEON = track("moonlight-boulevard-2", "Neon Heartbeat", { number: 2, plays: 7 });
const SATIN = track("satin-and-neon-1", "Satin Nights", { albumId: "satin-and-neon", albumTitle: "Satin & Neon", albumYear: 1989, plays: 1 });
const ALBUM = {
  id: "moonlight-boulevard",
  title: "Moonlight Boulevard",
  year: 1988,
  type: "Album",
  coverUrl: "/media/covers/moonlight-boulevard.png",
  position: 0,
  trackCount: 2,
  tracks: [DREAMIN, NEON],
};

const VIP = sessionUser({ isVIP: true });
const MEMBER = sessionUser();

/** A deferred answer: the request waits until the test releases it. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

type FakeOptions = {
  me: SessionUser | null;
  favorites?: TrackView[];
  /** Answers PUT/DELETE /api/favorites/:id; default: 204 and the server's list changes. */
  change?: (method: string, trackId: string) => Response | Promise<Response>;
  favoritesGet?: () => Response;
  /** After the first GET /api/favorites, later ones never answer: what shows is the cache's own doing. */
  holdRefetch?: boolean;
  stream?: Response;
};

/** The fake Worker: a favorites list that PUT and DELETE really change (newest first). */
function fakeApi({ me, favorites = [], change, favoritesGet, holdRefetch = false, stream }: FakeOptions) {
  let gets = 0;
  const server = { favorites: [...favorites] };
  const catalog = [DREAMIN, NEON, SATIN];
  const changeRoute = (method: string) => async (request: Request) => {
    const trackId = decodeURIComponent(new URL(request.url).pathname.split("/").pop()!);
    const answer = change ? await change(method, trackId) : json(204, null);
    if (answer.status === 204) {
      server.favorites = server.favorites.filter((t) => t.id !== trackId);
      if (method === "PUT") server.favorites.unshift(catalog.find((t) => t.id === trackId)!);
    }
    return answer;
  };
  const routes: Parameters<typeof mockApi>[0] = {
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/favorites": () => {
      if (holdRefetch && gets++ > 0) return new Promise<Response>(() => {});
      if (favoritesGet) return favoritesGet();
      return me ? json(200, { tracks: server.favorites }) : apiError(401, "unauthorized", "Sign in");
    },
    "GET /api/music/tracks": json(200, { tracks: catalog, totalPlays: 128 }),
    "GET /api/music/tracks/moonlight-boulevard-1": json(200, { track: DREAMIN }),
    "GET /api/music/albums/moonlight-boulevard": json(200, { album: ALBUM }),
  };
  for (const t of catalog) {
    routes[`PUT /api/favorites/${t.id}`] = changeRoute("PUT");
    routes[`DELETE /api/favorites/${t.id}`] = changeRoute("DELETE");
    routes[`POST /api/music/tracks/${t.id}/stream`] = stream ?? apiError(500, "internal", "boom");
  }
  return { server, ...mockApi(routes) };
}

function renderMusic(url: string, locale: Locale = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(HubRoute, "/music/", root),
    mountFileRoute(AlbumRoute, "/music/catalog/$id", root),
    mountFileRoute(TrackRoute, "/music/track/$trackId", root),
    mountFileRoute(FavoritesRoute, "/music/favorites", root),
    mountFileRoute(PlayerRoute, "/music/player", root),
    stubRoute(root, "/music/catalog"),
    stubRoute(root, "/vip-signup"),
    stubRoute(root, "/social/login"),
  ]);
  return renderApp(tree, url, { locale });
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  pageEngine().reset();
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const heart = (name: string | RegExp) => screen.getByRole("button", { name });

describe("the favorite heart", () => {
  it("flips before the server answers, and stays once it has", async () => {
    const put = deferred();
    const { callsTo } = fakeApi({ me: VIP, change: () => put.promise });
    renderMusic("/music/catalog/moonlight-boulevard");
    const add = await screen.findByRole("button", { name: "Add Dreamin' of Love to favorites" });
    expect(add.getAttribute("aria-pressed")).toBe("false");
    await waitFor(() => expect(callsTo("GET /api/favorites")).toHaveLength(1));

    fireEvent.click(add);
    const remove = await screen.findByRole("button", { name: "Remove Dreamin' of Love from favorites" });
    expect(remove.getAttribute("aria-pressed")).toBe("true");
    // The server has not answered yet.
    await waitFor(() => expect(callsTo("PUT /api/favorites/moonlight-boulevard-1")).toHaveLength(1));
    expect(callsTo("GET /api/favorites")).toHaveLength(1);

    put.release(json(204, null));
    // Settled: the list is fetched again and agrees.
    await waitFor(() => expect(callsTo("GET /api/favorites")).toHaveLength(2));
    expect(heart("Remove Dreamin' of Love from favorites").getAttribute("aria-pressed")).toBe("true");
    expect(heart("Add Neon Heartbeat to favorites").getAttribute("aria-pressed")).toBe("false");
  });

  it("returns to its previous state when the server fails, and only logs the error", async () => {
    const put = deferred();
    const { callsTo } = fakeApi({ me: VIP, favorites: [NEON], change: () => put.promise, holdRefetch: true });
    renderMusic("/music/catalog/moonlight-boulevard");
    expect((await screen.findByRole("button", { name: "Remove Neon Heartbeat from favorites" })).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(heart("Add Dreamin' of Love to favorites"));
    expect((await screen.findByRole("button", { name: "Remove Dreamin' of Love from favorites" })).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(callsTo("PUT /api/favorites/moonlight-boulevard-1")).toHaveLength(1));

    put.release(apiError(500, "internal", "Something went wrong"));
    expect((await screen.findByRole("button", { name: "Add Dreamin' of Love to favorites" })).getAttribute("aria-pressed")).toBe("false");
    // Only this toggle is undone; the other favorite stays.
    expect(heart("Remove Neon Heartbeat from favorites").getAttribute("aria-pressed")).toBe("true");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("[favorites] could not add moonlight-boulevard-1"), expect.anything());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts a removal back where it was when the server refuses it", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN, NEON, SATIN], change: () => apiError(403, "vip_required", "VIP Access Required"), holdRefetch: true });
    renderMusic("/music/favorites");
    await screen.findByRole("button", { name: "Remove Neon Heartbeat from favorites" });
    fireEvent.click(heart("Remove Neon Heartbeat from favorites"));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(rowTitles()).toEqual(["Dreamin' of Love", "Neon Heartbeat", "Satin Nights"]));
  });

  it("is a lock link to /vip-signup for a member without VIP, and for a visitor", async () => {
    for (const me of [MEMBER, null]) {
      const { callsTo } = fakeApi({ me });
      renderMusic("/music/catalog/moonlight-boulevard");
      const lock = await screen.findByRole("link", { name: "Dreamin' of Love: favorites are for VIP members" });
      expect(lock.getAttribute("href")).toBe("/vip-signup");
      expect(screen.queryByRole("button", { name: /to favorites$/ })).toBeNull();
      expect(callsTo("PUT /api/favorites/moonlight-boulevard-1")).toHaveLength(0);
      // Without VIP a lock never asks for the favorites.
      expect(callsTo("GET /api/favorites")).toHaveLength(0);
      cleanup();
    }
  });

  it("sits on the track page and on the hub's rows for VIP", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN] });
    renderMusic("/music/track/moonlight-boulevard-1");
    await waitFor(() => expect(heart("Remove Dreamin' of Love from favorites").getAttribute("aria-pressed")).toBe("true"));
    cleanup();
    renderMusic("/music");
    const popular = await screen.findByRole("region", { name: "Popular tracks" });
    await waitFor(() => expect(within(popular).getByRole("button", { name: "Remove Dreamin' of Love from favorites" })).toBeTruthy());
    expect(within(popular).getByRole("button", { name: "Add Satin Nights to favorites" })).toBeTruthy();
  });
});

/** The titles of the favorites table's rows, in order. */
const rowTitles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("link")[0]!.textContent);

describe("/music/favorites", () => {
  it("lists the favorites, newest first: cover, title, plays, album, play and unfavorite", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN, SATIN] });
    renderMusic("/music/favorites");
    expect(await screen.findByRole("heading", { level: 1, name: "Your Collection" })).toBeTruthy();
    await screen.findByRole("table");
    const headers = within(screen.getByRole("table"))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["#", "Title", "Album", "Actions"]);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getAllByRole("cell")[0]!.textContent).toBe("1");
    expect(first.getByRole("img", { name: "Cover of Moonlight Boulevard" }).getAttribute("width")).toBe("48");
    expect(first.getByRole("link", { name: "Dreamin' of Love" }).getAttribute("href")).toBe("/music/track/moonlight-boulevard-1");
    expect(rows[0]!.textContent).toContain("120 plays");
    expect(first.getByRole("link", { name: "Moonlight Boulevard" }).getAttribute("href")).toBe("/music/catalog/moonlight-boulevard");
    expect(first.getByRole("button", { name: "Play Dreamin' of Love" })).toBeTruthy();
    expect(first.getByRole("button", { name: "Remove Dreamin' of Love from favorites" }).getAttribute("aria-pressed")).toBe("true");
    expect(rowTitles()).toEqual(["Dreamin' of Love", "Satin Nights"]);
    expect(screen.getByText("2 favorite tracks")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play all" })).toBeTruthy();
  });

  it("plays every favorite from the top with Play all", async () => {
    const { callsTo } = fakeApi({ me: VIP, favorites: [SATIN, DREAMIN] });
    renderMusic("/music/favorites");
    fireEvent.click(await screen.findByRole("button", { name: "Play all" }));
    expect(
      pageEngine()
        .getState()
        .queue.map((t) => t.id),
    ).toEqual(["satin-and-neon-1", "moonlight-boulevard-1"]);
    await waitFor(() => expect(callsTo("POST /api/music/tracks/satin-and-neon-1/stream").length).toBeGreaterThan(0));
  });

  it("says 'Unable to play track. Please try again.' when a favorite cannot be played", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN] });
    renderMusic("/music/favorites");
    fireEvent.click(await screen.findByRole("button", { name: "Play Dreamin' of Love" }));
    // The engine retries once after 100 ms, then gives up.
    expect((await screen.findByRole("alert", {}, { timeout: 3000 })).textContent).toBe("Unable to play track. Please try again.");
  });

  it("shows the empty state with the way to the catalog", async () => {
    fakeApi({ me: VIP, favorites: [] });
    renderMusic("/music/favorites");
    expect(await screen.findByText("No favorite tracks yet")).toBeTruthy();
    expect(screen.getByText("Start adding tracks to your favorites")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse the Music Catalog" }).getAttribute("href")).toBe("/music/catalog");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Play all" })).toBeNull();
  });

  it("tells a free member with no favorites that favorites are a VIP feature, with the way to /vip-signup", async () => {
    fakeApi({ me: MEMBER, favorites: [] });
    renderMusic("/music/favorites");
    expect(await screen.findByText("Favorites are a VIP feature")).toBeTruthy();
    expect(screen.getByText("Become a VIP member to save the tracks you love and play them anytime.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByText("Start adding tracks to your favorites")).toBeNull();
    expect(screen.queryByText("No favorite tracks yet")).toBeNull();
  });

  it("takes a row away at once when it is unfavorited, keeping the keyboard focus in the list", async () => {
    const del = deferred();
    const { callsTo, server } = fakeApi({ me: VIP, favorites: [DREAMIN, NEON, SATIN], change: () => del.promise });
    renderMusic("/music/favorites");
    const remove = await screen.findByRole("button", { name: "Remove Neon Heartbeat from favorites" });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(rowTitles()).toEqual(["Dreamin' of Love", "Satin Nights"]));
    expect(document.activeElement).toBe(heart("Remove Satin Nights from favorites"));
    expect(callsTo("DELETE /api/favorites/moonlight-boulevard-2")).toHaveLength(1);
    del.release(json(204, null));
    await waitFor(() => expect(server.favorites.map((t) => t.id)).toEqual(["moonlight-boulevard-1", "satin-and-neon-1"]));
    await waitFor(() => expect(callsTo("GET /api/favorites").length).toBeGreaterThanOrEqual(2));
    expect(rowTitles()).toEqual(["Dreamin' of Love", "Satin Nights"]);
    // The last one goes: the empty state, focus on the heading.
    fireEvent.click(heart("Remove Satin Nights from favorites"));
    fireEvent.click(heart("Remove Dreamin' of Love from favorites"));
    expect(await screen.findByText("No favorite tracks yet")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Your Collection" }));
  });

  it("gives a member without VIP previews instead of play, a lock link for a track without one, and no unfavorite", async () => {
    fakeApi({ me: MEMBER, favorites: [DREAMIN, { ...DREAMIN, id: "no-preview", title: "No Preview", preview: false }] });
    renderMusic("/music/favorites");
    expect(await screen.findByRole("button", { name: "Play a 30-second preview of Dreamin' of Love" })).toBeTruthy();
    const lock = screen.getByRole("link", { name: "No Preview: unlock with VIP" });
    expect(lock.getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("button", { name: "Play Dreamin' of Love" })).toBeNull();
    expect(screen.queryByRole("button", { name: /from favorites$/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Unlock with VIP" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("says so when the favorites cannot be loaded, and tries again", async () => {
    let fail = true;
    fakeApi({ me: VIP, favoritesGet: () => (fail ? apiError(500, "internal", "boom") : json(200, { tracks: [DREAMIN] })) });
    renderMusic("/music/favorites");
    expect(await screen.findByText("Failed to load your favorite tracks", {}, { timeout: 4000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Dreamin' of Love" })).toBeTruthy();
  });

  it("sends a visitor to sign in first", async () => {
    const { callsTo } = fakeApi({ me: null });
    const { router } = renderMusic("/music/favorites");
    expect(await screen.findByTestId("stub-page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/social/login");
    expect(router.state.location.search).toEqual({ redirect: "/music/favorites" });
    expect(callsTo("GET /api/favorites")).toHaveLength(0);
  });
});

describe("the favorites drawer", () => {
  it("opens from the hub as a dialog, traps focus, and closes on Escape returning focus", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN, SATIN] });
    renderMusic("/music");
    const opener = await screen.findByRole("button", { name: "Favorites" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Your favorites" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    await within(dialog).findByText("Dreamin' of Love");
    expect(within(dialog).getByText("Satin Nights")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Play Dreamin' of Love" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Remove Satin Nights from favorites" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Open Favorite Tracks" }).getAttribute("href")).toBe("/music/favorites");
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Tab from the last control wraps to the first; Shift+Tab from the first to the last.
    const close = within(dialog).getByRole("button", { name: "Close" });
    close.focus();
    fireEvent.keyDown(close, { key: "Tab" });
    const first = within(dialog).getByRole("button", { name: "Play Dreamin' of Love" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(close, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("unfavorites from the drawer, and says when there is nothing yet", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN] });
    renderMusic("/music");
    fireEvent.click(await screen.findByRole("button", { name: "Favorites" }));
    const dialog = screen.getByRole("dialog", { name: "Your favorites" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Remove Dreamin' of Love from favorites" }));
    expect(await within(dialog).findByText("No favorite tracks yet")).toBeTruthy();
    // Focus stays inside the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The hub's own heart for the track followed.
    const popular = screen.getByRole("region", { name: "Popular tracks" });
    expect(within(popular).getByRole("button", { name: "Add Dreamin' of Love to favorites" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("is not offered to a visitor", async () => {
    fakeApi({ me: null });
    renderMusic("/music");
    await screen.findByRole("region", { name: "Popular tracks" });
    expect(screen.queryByRole("button", { name: "Favorites" })).toBeNull();
  });
});

describe("in Brazilian Portuguese", () => {
  it("labels the hearts, the page and the drawer", async () => {
    fakeApi({ me: VIP, favorites: [DREAMIN] });
    renderMusic("/music/catalog/moonlight-boulevard", "pt-BR");
    expect(await screen.findByRole("button", { name: "Adicionar Neon Heartbeat às favoritas" })).toBeTruthy();
    await waitFor(() => expect(heart("Remover Dreamin' of Love das favoritas").getAttribute("aria-pressed")).toBe("true"));
    cleanup();

    renderMusic("/music/favorites", "pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Sua coleção" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Tocar todas" })).toBeTruthy();
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["#", "Título", "Álbum", "Ações"]);
    expect(screen.getByText("1 faixa favorita")).toBeTruthy();
    cleanup();

    renderMusic("/music", "pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Favoritas" }));
    const dialog = screen.getByRole("dialog", { name: "Suas favoritas" });
    expect(within(dialog).getByRole("link", { name: "Abrir Faixas favoritas" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Fechar" })).toBeTruthy();
    cleanup();

    fakeApi({ me: MEMBER, favorites: [] });
    renderMusic("/music/catalog/moonlight-boulevard", "pt-BR");
    expect(await screen.findByRole("link", { name: "Dreamin' of Love: favoritas são para membros VIP" })).toBeTruthy();
    cleanup();

    renderMusic("/music/favorites", "pt-BR");
    expect(await screen.findByText("Favoritas são um recurso VIP")).toBeTruthy();
    expect(screen.getByText("Torne-se membro VIP para salvar as faixas que você ama e ouvi-las quando quiser.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torne-se um Membro VIP" }).getAttribute("href")).toBe("/vip-signup");
  });
});

// ---------- The popup player (props-driven) ----------

function popupState(overrides: Partial<MusicPlayerPopupState> = {}): MusicPlayerPopupState {
  return {
    status: "idle",
    currentTrack: null,
    currentTime: 0,
    duration: 0,
    volume: 100,
    muted: false,
    repeat: false,
    shuffle: false,
    error: null,
    ...overrides,
  };
}

async function renderPopup(favorites: MusicPlayerPopupFavorites, locale: Locale = "en") {
  const actions = {
    playTrack: vi.fn(),
    toggle: vi.fn(),
    next: vi.fn(),
    previous: vi.fn(),
    seek: vi.fn(),
    setVolume: vi.fn(),
    toggleMute: vi.fn(),
    toggleShuffle: vi.fn(),
    toggleRepeat: vi.fn(),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedConfig(queryClient);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });
  const Page = () => <MusicPlayerPopup tracks={[DREAMIN, NEON, SATIN]} state={popupState()} analyser={null} actions={actions} canPlay favorites={favorites} />;
  const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: "/music/player", component: Page })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/music/player"] }), context: { queryClient } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole("tablist");
  return { actions, view };
}

describe("the popup player's favorites", () => {
  it("puts a heart on every Master Playlist row and a Favorites tab beside it", async () => {
    const toggle = vi.fn();
    const favorites: MusicPlayerPopupFavorites = { tracks: [SATIN, DREAMIN], ids: new Set([SATIN.id, DREAMIN.id]), toggle };
    const { actions } = await renderPopup(favorites);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => [t.textContent, t.getAttribute("aria-selected")])).toEqual([
      ["Master Playlist", "true"],
      ["Favorites", "false"],
      ["Your Playlists", "false"],
    ]);
    const panel = screen.getByRole("tabpanel", { name: "Master Playlist" });
    expect(within(panel).getByRole("button", { name: "Remove Dreamin' of Love from favorites" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(panel).getByRole("button", { name: "Add Neon Heartbeat to favorites" }));
    expect(toggle).toHaveBeenCalledWith(NEON, true);

    // Arrow keys move between the tabs (WAI-ARIA tabs).
    act(() => tabs[0]!.focus());
    fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(tabs[1]);
    const favoritesPanel = screen.getByRole("tabpanel", { name: "Favorites" });
    expect(screen.getByText("2 tracks")).toBeTruthy();
    const rows = within(favoritesPanel).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByText(/Nights|Love/).textContent)).toEqual(["Satin Nights", "Dreamin' of Love"]);
    fireEvent.click(within(favoritesPanel).getByRole("button", { name: /^Dreamin' of Love/ }));
    expect(actions.playTrack).toHaveBeenCalledWith(DREAMIN, [SATIN, DREAMIN]);
    fireEvent.click(within(favoritesPanel).getByRole("button", { name: "Remove Satin Nights from favorites" }));
    expect(toggle).toHaveBeenCalledWith(SATIN, false);
  });

  it("is wired to the member's favorites on /music/player", async () => {
    const { callsTo } = fakeApi({ me: VIP, favorites: [SATIN] });
    renderMusic("/music/player");
    const tab = await screen.findByRole("tab", { name: "Favorites" });
    const master = screen.getByRole("tabpanel", { name: "Master Playlist" });
    await waitFor(() => expect(within(master).getByRole("button", { name: "Remove Satin Nights from favorites" }).getAttribute("aria-pressed")).toBe("true"));
    fireEvent.click(within(master).getByRole("button", { name: "Add Neon Heartbeat to favorites" }));
    expect((await within(master).findByRole("button", { name: "Remove Neon Heartbeat from favorites" })).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(callsTo("PUT /api/favorites/moonlight-boulevard-2")).toHaveLength(1));
    fireEvent.click(tab);
    const favorites = screen.getByRole("tabpanel", { name: "Favorites" });
    // Newest first: the one just added leads.
    expect(
      within(favorites)
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".mp-track-title")!.textContent),
    ).toEqual(["Neon Heartbeat", "Satin Nights"]);
  });

  it("speaks Brazilian Portuguese", async () => {
    await renderPopup({ tracks: [], ids: new Set(), toggle: vi.fn() }, "pt-BR");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Playlist Principal", "Favoritas", "Suas Playlists"]);
    fireEvent.click(screen.getByRole("tab", { name: "Favoritas" }));
    expect(within(screen.getByRole("tabpanel", { name: "Favoritas" })).getByText("Nenhuma faixa favorita ainda")).toBeTruthy();
  });
});
