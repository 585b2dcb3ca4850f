// The popup radio player (/radio/player) against a fake API: the VIP gate for visitors (nothing
// tuned), the station list and live station, previous/next station with wrap-around, shuffle and
// repeat off on live radio, theme and visualizer switches, the tabs, featured tracks played on the
// music engine (which pauses the radio), the keyboard shortcuts, the close button, the popup
// window's size, the errors (shown for 5 s) and the Portuguese texts.
import { createRootRouteWithContext, createRoute, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackView } from "../../worker/contracts/music/music";
import type { NowPlaying, RadioStationView, TuneResponse } from "../../worker/contracts/radio";
import { createApiPlayerEngine, PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import type { PlayerEngine } from "../../app/features/music/player/engine";
import { RadioEngine } from "../../app/features/radio/engine";
import { tuneStation } from "../../app/features/radio/queries";
import { RadioPopupPage } from "../../app/routes/radio/-components/RadioPopupPage";
import { activeSource, fitRadioPopup, isRadioPopupWindow } from "../../app/features/radio/popup/logic";
import { Route as PlayerRoute } from "../../app/routes/radio/player";
import { claimAudioFocus, registerAudioOwner } from "../../app/lib/audioFocus";
import type { Locale } from "../../app/i18n/locale";
import { apiError, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { FakeAudio, MemoryStorage } from "./player-fakes";
import { configRoute } from "./fixtures/config";

const VIP = sessionUser({ isVIP: true });

const station = (id: string, name: string, position: number): RadioStationView => ({
  id,
  name,
  description: `${name} all day`,
  imageUrl: `/media/stations/${id}.png`,
  features: ["commercial_free"],
  sourceType: "catalog",
  position,
});
const STATIONS = [station("neon-nights", "Neon Nights", 0), station("freestyle-gold", "Freestyle Gold", 1), station("dance-classics", "Dance Classics", 2)];

const track = (id: string, title: string, overrides: Partial<TrackView> = {}): TrackView => ({
  id,
  title,
  number: 1,
  albumId: "moonlight-boulevard",
  albumTitle: "Moonlight Boulevard",
  albumYear: 1988,
  coverUrl: "/media/covers/moonlight-boulevard.png",
  durationSeconds: 200,
  plays: 0,
  playable: true,
  preview: true,
  featuredPosition: null,
  earlyAccess: false,
  releaseAt: null,
  ...overrides,
});
const TRACKS = [
  track("neon-heartbeat", "Neon Heartbeat", { featuredPosition: 1, durationSeconds: 65 }),
  track("catalog-only", "Catalog Only"),
  track("spring-love", "Spring Love", { albumTitle: "Spring Love", featuredPosition: 0, durationSeconds: 83 }),
  track("not-ready", "Not Ready", { featuredPosition: 2, playable: false }),
];

/** A station 30 s into a 200 s track. */
function nowPlayingOf(stationId: string, title = `${stationId} song`, listeners = 12): NowPlaying {
  const now = Date.now();
  return {
    stationId,
    serverTime: new Date(now).toISOString(),
    current: {
      track: { id: `${stationId}-1`, title, albumId: "a", albumTitle: "Radio Album", albumYear: 1990, coverUrl: "/media/covers/a.png", durationSeconds: 200 },
      startedAt: new Date(now - 30_000).toISOString(),
      endsAt: new Date(now + 170_000).toISOString(),
    },
    next: null,
    history: [],
    listeners,
  };
}

const tune = (stationId: string): TuneResponse => ({
  kind: "catalog",
  nowPlaying: nowPlayingOf(stationId),
  url: `/media/radio/${stationId}?token=t`,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
});

function api(me: ReturnType<typeof sessionUser> | null, overrides: Record<string, Response | ((r: Request) => Response)> = {}) {
  const routes: Record<string, Response | ((r: Request) => Response)> = {
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/radio/stations": json(200, { stations: STATIONS }),
    "GET /api/music/tracks": json(200, { tracks: TRACKS, totalPlays: 0 }),
    "GET /api/favorites": json(200, { tracks: [] }),
    "GET /api/playlists": json(200, { playlists: [] }),
    "POST /api/music/tracks/spring-love/stream": json(200, {
      url: "/media/tracks/spring-love?token=t",
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
    "POST /api/music/tracks/spring-love/plays": json(200, { counted: true, plays: 1, totalPlays: 1 }),
  };
  for (const s of STATIONS) {
    routes[`GET /api/radio/stations/${s.id}/now-playing`] = () => json(200, { nowPlaying: nowPlayingOf(s.id, `${s.name} public song`, 7) });
    routes[`POST /api/radio/stations/${s.id}/tune`] = () => json(200, tune(s.id));
  }
  return mockApi({ ...routes, ...overrides });
}

/** The radio's <audio>: metadata arrives just after a load with a source, as a browser's would. */
class LiveAudio extends FakeAudio {
  load() {
    super.load();
    if (this.src) queueMicrotask(() => this.fireMetadata(200));
  }
}

const cleanups: (() => void)[] = [];

function engines() {
  const radio = new RadioEngine({
    tune: tuneStation,
    createAudio: () => new LiveAudio(),
    createAudioContext: null,
    openSocket: null,
    storage: null,
    onStart: () => claimAudioFocus("radio"),
    log: () => {},
  });
  cleanups.push(registerAudioOwner("radio", () => radio.pause()));
  const music = createApiPlayerEngine({
    createAudio: () => {
      const audio = new FakeAudio();
      // Metadata as soon as the engine loads a source.
      const load = audio.load.bind(audio);
      audio.load = () => {
        load();
        if (audio.src) queueMicrotask(() => audio.fireMetadata(83));
      };
      return audio;
    },
    createAudioContext: null,
    mediaSession: null,
    storage: new MemoryStorage(),
    log: () => {},
  });
  return { radio, music };
}

type RouteContext = { queryClient: QueryClient };

/** The popup page under a root holding this test's music engine, with /radio and /vip-signup stubs. */
function renderPopup({
  locale = "en" as Locale,
  url = "/radio/player",
  radio,
  music,
}: {
  locale?: Locale;
  url?: string;
  radio: RadioEngine;
  music: PlayerEngine;
}) {
  const root = createRootRouteWithContext<RouteContext>()({
    component: () => (
      <PlayerProvider engine={music} brand="Freestyle Lovers">
        <Outlet />
      </PlayerProvider>
    ),
  });
  const popup = createRoute({ getParentRoute: () => root, path: "/radio/player", component: () => <RadioPopupPage engine={radio} /> }) as unknown as AnyRoute;
  const tree = root.addChildren([popup, stubRoute(root, "/radio"), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, url, { locale });
}

async function renderVip(options: { locale?: Locale; url?: string } = {}) {
  const calls = api(VIP);
  const { radio, music } = engines();
  const view = renderPopup({ ...options, radio, music });
  await screen.findByRole("button", { name: options.locale === "pt-BR" ? "Tocar" : "Play" });
  await waitFor(() => expect(radio.getState().stations).toHaveLength(3));
  return { ...calls, ...view, radio, music };
}

const stationButtons = () => within(screen.getByRole("list", { name: "Stations" })).getAllByRole("button");
const currentStation = () => stationButtons().find((b) => b.getAttribute("aria-current") === "true")?.textContent;
/** The stations tuned, in order. */
const tuneCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.fetchMock.mock.calls.flatMap(([input, init]) => {
    const match = /^\/api\/radio\/stations\/([^/]+)\/tune$/.exec(new URL(String(input), "http://localhost").pathname);
    return match && init?.method === "POST" ? [match[1]!] : [];
  });
const featuredButton = (title: string) => screen.getByText(title, { selector: ".mp-track-title" }).closest("button")!;

function press(init: KeyboardEventInit) {
  act(() => {
    fireEvent.keyDown(document.body, init);
  });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  for (const undo of cleanups.splice(0)) undo();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("/radio/player for a visitor", () => {
  it("shows the stations and what plays, with the VIP gate instead of the controls, and tunes nothing", async () => {
    const calls = api(null);
    const root = createTestRootWithStubs();
    renderApp(root, "/radio/player");
    expect(await screen.findByRole("heading", { name: "VIP Access Required" })).toBeTruthy();
    await waitFor(() => expect(stationButtons().map((b) => b.textContent)).toEqual(["Neon Nights", "Freestyle Gold", "Dance Classics"]));
    expect(await screen.findByText("Neon Nights public song")).toBeTruthy();
    expect(screen.getByText("7 listeners")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Player controls" })).toBeNull();
    expect(screen.queryByRole("tablist")).toBeNull();
    // Choosing a station only changes the screen; keys take nothing.
    fireEvent.click(stationButtons()[1]!);
    await waitFor(() => expect(currentStation()).toBe("Freestyle Gold"));
    press({ key: " " });
    expect(tuneCalls(calls)).toEqual([]);
    expect(calls.callsTo("GET /api/music/tracks")).toHaveLength(0);
  });
});

function createTestRootWithStubs() {
  const root = createRootRouteWithContext<RouteContext>()({ component: () => <Outlet /> });
  return root.addChildren([mountFileRoute(PlayerRoute, "/radio/player", root), stubRoute(root, "/radio"), stubRoute(root, "/vip-signup")]);
}

describe("/radio/player for a VIP", () => {
  it("lists every station and plays the current one from the shared clock", async () => {
    const { radio, ...calls } = await renderVip();
    expect(stationButtons().map((b) => b.textContent)).toEqual(["Neon Nights", "Freestyle Gold", "Dance Classics"]);
    expect(currentStation()).toBe("Neon Nights");
    expect(screen.getByText("Live radio")).toBeTruthy();
    expect(screen.getByText("LIVE")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(tuneCalls(calls)).toEqual(["neon-nights"]);
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(await screen.findByText("neon-nights song")).toBeTruthy();
    expect(screen.getByText("12 listeners")).toBeTruthy();
    const progress = screen.getByRole("progressbar", { name: "Track progress" });
    expect(Number(progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(29);
    expect(Number(progress.getAttribute("aria-valuenow"))).toBeLessThanOrEqual(32);
    expect(progress.getAttribute("aria-valuemax")).toBe("200");

    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(radio.getState().status).toBe("paused");
    expect(tuneCalls(calls)).toEqual(["neon-nights"]);
  });

  it("previous and next station wrap around and keep playing; a station click tunes it", async () => {
    const { radio, ...calls } = await renderVip();
    fireEvent.click(screen.getByRole("button", { name: "Previous station" }));
    expect(currentStation()).toBe("Dance Classics");
    fireEvent.click(screen.getByRole("button", { name: "Next station" }));
    expect(currentStation()).toBe("Neon Nights");
    // Paused: changing station tunes nothing.
    expect(tuneCalls(calls)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    fireEvent.click(screen.getByRole("button", { name: "Previous station" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(currentStation()).toBe("Dance Classics");
    fireEvent.click(screen.getByRole("button", { name: "Next station" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(currentStation()).toBe("Neon Nights");
    fireEvent.click(stationButtons()[1]!);
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(currentStation()).toBe("Freestyle Gold");
    expect(tuneCalls(calls)).toEqual(["neon-nights", "dance-classics", "neon-nights", "freestyle-gold"]);
  });

  it("has shuffle and repeat off on live radio, and on for a track on demand", async () => {
    const { music } = await renderVip();
    for (const [name, reason] of [
      ["Shuffle", "Shuffle is not available on live radio"],
      ["Repeat", "Repeat is not available on live radio"],
    ] as const) {
      const button = screen.getByRole("button", { name });
      expect(button.getAttribute("aria-disabled")).toBe("true");
      expect(button.getAttribute("title")).toBe(reason);
      expect(button.hasAttribute("aria-pressed")).toBe(false);
      fireEvent.click(button);
    }
    press({ key: "s", ctrlKey: true });
    press({ key: "r", ctrlKey: true });
    expect(music.getState().shuffle).toBe(false);
    expect(music.getState().repeat).toBe(false);

    fireEvent.click(await waitFor(() => featuredButton("Spring Love")));
    await waitFor(() => expect(music.getState().status).toBe("playing"));
    const shuffle = screen.getByRole("button", { name: "Shuffle" });
    expect(shuffle.hasAttribute("aria-disabled")).toBe(false);
    fireEvent.click(shuffle);
    expect(music.getState().shuffle).toBe(true);
    expect(shuffle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Repeat" }));
    expect(music.getState().repeat).toBe(true);
  });

  it("cycles the theme and the visualizer style, and remembers both", async () => {
    await renderVip();
    const themeButton = () => screen.getByRole("button", { name: /^Theme:/ });
    const styleButton = () => screen.getByRole("button", { name: /^Visualizer style:/ });
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: Synthwave. Switch to Vaporwave");
    fireEvent.click(themeButton());
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: Vaporwave. Switch to Cyberpunk");
    expect(document.querySelector(".rp")?.getAttribute("data-theme")).toBe("vaporwave");
    fireEvent.click(themeButton());
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: Cyberpunk. Switch to Synthwave");

    const seen = [styleButton().getAttribute("aria-label")];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(styleButton());
      seen.push(styleButton().getAttribute("aria-label"));
    }
    expect(seen).toEqual([
      "Visualizer style: Bars. Switch to Circular",
      "Visualizer style: Circular. Switch to Waveform",
      "Visualizer style: Waveform. Switch to Particles",
      "Visualizer style: Particles. Switch to Bars",
    ]);
    expect(screen.getByRole("img", { name: "Audio visualizer: Particles" })).toBeTruthy();

    // A new popup opens the way it was left.
    cleanup();
    await renderVip();
    expect(themeButton().getAttribute("aria-label")).toBe("Theme: Cyberpunk. Switch to Synthwave");
    expect(styleButton().getAttribute("aria-label")).toBe("Visualizer style: Particles. Switch to Bars");
  });

  it("switches between Master Playlist and Your Playlists with the arrow keys", async () => {
    await renderVip();
    const master = screen.getByRole("tab", { name: "Master Playlist" });
    const mine = screen.getByRole("tab", { name: "Your Playlists" });
    expect(master.getAttribute("aria-selected")).toBe("true");
    expect(mine.getAttribute("tabindex")).toBe("-1");
    const panel = () => screen.getByRole("tabpanel");
    expect(within(panel()).getByRole("heading", { name: "Featured Tracks" })).toBeTruthy();
    // Featured tracks in order, playable ones only, with album, duration and a heart.
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(2));
    const rows = within(panel()).getAllByRole("listitem");
    expect(rows[0]!.textContent).toContain("Spring Love");
    expect(rows[0]!.textContent).toContain("1:23");
    expect(rows[1]!.textContent).toContain("Neon Heartbeat");
    expect(rows[1]!.textContent).toContain("Moonlight Boulevard");
    expect(rows[1]!.textContent).toContain("1:05");
    expect(within(rows[0]!).getByRole("button", { name: "Add Spring Love to favorites" })).toBeTruthy();
    expect(within(rows[0]!).getByRole("button", { name: "Add Spring Love to a playlist" })).toBeTruthy();

    master.focus();
    fireEvent.keyDown(master, { key: "ArrowRight" });
    expect(mine.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(mine);
    expect(panel().getAttribute("aria-labelledby")).toBe(mine.id);
    expect(await within(panel()).findByText("No playlists created yet")).toBeTruthy();
    expect(within(panel()).getByRole("button", { name: "Create Playlist" })).toBeTruthy();

    fireEvent.keyDown(mine, { key: "ArrowRight" });
    expect(master.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(master);
    fireEvent.keyDown(master, { key: "End" });
    expect(document.activeElement).toBe(mine);
    fireEvent.keyDown(mine, { key: "Home" });
    expect(document.activeElement).toBe(master);
  });

  it("plays a featured track on the music engine, which pauses the radio", async () => {
    const { radio, music, ...calls } = await renderVip();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));

    fireEvent.click(await waitFor(() => featuredButton("Spring Love")));
    await waitFor(() => expect(calls.callsTo("POST /api/music/tracks/spring-love/stream")).toHaveLength(1));
    await waitFor(() => expect(music.getState().status).toBe("playing"));
    expect(music.getState().current?.id).toBe("spring-love");
    expect(music.getState().queue.map((t) => t.id)).toEqual(["spring-love", "neon-heartbeat"]);
    expect(radio.getState().status).toBe("paused");
    expect(screen.getByText("On demand")).toBeTruthy();
    expect(featuredButton("Spring Love").getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Next track" })).toBeTruthy();

    // The controls now drive the music: Pause pauses the track, not the (paused) radio.
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(music.getState().status).toBe("paused");
    expect(screen.getByText("On demand")).toBeTruthy();
    // Choosing a station goes back to live radio, which pauses the music.
    fireEvent.click(stationButtons()[0]!);
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(screen.getByText("Live radio")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next station" })).toBeTruthy();
  });

  it("takes the music page's keyboard shortcuts for the active source", async () => {
    const { radio, music } = await renderVip();
    press({ key: " " });
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    press({ key: "ArrowRight", shiftKey: true });
    expect(radio.getState().station?.id).toBe("freestyle-gold");
    press({ key: "ArrowLeft", shiftKey: true });
    press({ key: "ArrowLeft", shiftKey: true });
    expect(radio.getState().station?.id).toBe("dance-classics");
    press({ key: "ArrowDown", altKey: true });
    expect(radio.getState().volume).toBe(90);
    press({ key: "ArrowUp", altKey: true });
    expect(radio.getState().volume).toBe(100);
    press({ key: "m" });
    expect(radio.getState().muted).toBe(true);
    expect(screen.getByRole("button", { name: "Mute" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    press({ key: " " });
    expect(radio.getState().status).toBe("paused");

    fireEvent.click(await waitFor(() => featuredButton("Spring Love")));
    await waitFor(() => expect(music.getState().status).toBe("playing"));
    press({ key: "s", ctrlKey: true });
    expect(music.getState().shuffle).toBe(true);
    press({ key: "ArrowDown", altKey: true });
    expect(music.getState().volume).toBe(90);
    expect(radio.getState().volume).toBe(100);
    press({ key: " " });
    expect(music.getState().status).toBe("paused");
    expect(radio.getState().status).toBe("paused");

    press({ key: "?" });
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy();
  });

  it("shows a station error for 5 seconds, then clears it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api(VIP, {
      "POST /api/radio/stations/neon-nights/tune": apiError(502, "stream_unavailable", "Unable to connect to radio stream. Please try again later."),
    });
    const { radio, music } = engines();
    renderPopup({ radio, music });
    fireEvent.click(await screen.findByRole("button", { name: "Play" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Unable to play this station. Please try again.");
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole("alert").textContent).toBe("Unable to play this station. Please try again.");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(radio.getState().error).toBeNull();
  });

  it("says 'Failed to play track' when a featured track cannot be played", async () => {
    api(VIP, { "POST /api/music/tracks/spring-love/stream": apiError(500, "internal", "Internal error") });
    const { radio, music } = engines();
    renderPopup({ radio, music });
    fireEvent.click(await waitFor(() => featuredButton("Spring Love")));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to play track");
  });

  it("says 'Failed to initialize audio system' when Web Audio exists but no analyser could be made", async () => {
    vi.stubGlobal("AudioContext", class {});
    const { radio } = await renderVip();
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to initialize audio system");
  });

  it("is in Brazilian Portuguese", async () => {
    const { radio } = await renderVip({ locale: "pt-BR" });
    expect(screen.getByRole("heading", { level: 1, name: "Player da Rádio" })).toBeTruthy();
    expect(screen.getByText("AO VIVO")).toBeTruthy();
    expect(screen.getByText("Rádio ao vivo")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Estação anterior" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Próxima estação" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Aleatório" }).getAttribute("title")).toBe("O modo aleatório não está disponível na rádio ao vivo");
    expect(screen.getByRole("button", { name: "Tema: Synthwave. Mudar para Vaporwave" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Playlist Principal" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Suas Playlists" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Faixas em Destaque" })).toBeTruthy();
    expect(await screen.findByText("7 ouvintes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Tocar" }));
    await waitFor(() => expect(radio.getState().status).toBe("playing"));
    expect(await screen.findByText("12 ouvintes")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pausar" })).toBeTruthy();
  });
});

describe("closing and sizing the popup", () => {
  let restoreWindow: () => void = () => {};

  function asPopup() {
    const name = window.name;
    const resizeTo = window.resizeTo;
    const moveTo = (window as { moveTo?: Window["moveTo"] }).moveTo;
    const close = window.close;
    Object.defineProperty(window, "opener", { value: {}, configurable: true, writable: true });
    window.name = "radioplayer";
    const spies = { resizeTo: vi.fn(), moveTo: vi.fn(), close: vi.fn() };
    Object.assign(window, spies);
    restoreWindow = () => {
      delete (window as { opener?: unknown }).opener;
      window.name = name;
      Object.assign(window, { resizeTo, moveTo, close });
    };
    return spies;
  }

  afterEach(() => {
    restoreWindow();
    restoreWindow = () => {};
  });

  it("goes back one step in history when reached in the same window", async () => {
    api(VIP);
    const { router } = renderPopup({ ...engines(), url: "/radio" });
    await screen.findByTestId("stub-page");
    await act(() => router.navigate({ to: "/radio/player" }));
    await screen.findByRole("button", { name: "Play" });
    const back = vi.spyOn(router.history, "back");
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(back).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId("stub-page")).textContent).toBe("/radio");
  });

  it("goes to the radio page when there is no history to go back to", async () => {
    const { router } = await renderVip();
    const back = vi.spyOn(router.history, "back");
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect((await screen.findByTestId("stub-page")).textContent).toBe("/radio");
    expect(back).not.toHaveBeenCalled();
  });

  it("as the radioplayer popup: makes itself 400x800, centred, and the close button closes the window", async () => {
    const spies = asPopup();
    const { router } = await renderVip();
    expect(spies.resizeTo).toHaveBeenCalledWith(400, 800);
    expect(spies.moveTo).toHaveBeenCalledTimes(1);
    const back = vi.spyOn(router.history, "back");
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(spies.close).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();
  });
});

describe("popup rules", () => {
  it("picks the source the controls drive", () => {
    expect(activeSource("playing", "paused", true, "music")).toBe("radio");
    expect(activeSource("paused", "loading", true, "radio")).toBe("music");
    expect(activeSource("paused", "paused", true, "music")).toBe("music");
    expect(activeSource("paused", "paused", false, "music")).toBe("radio");
    expect(activeSource("idle", "paused", true, "radio")).toBe("radio");
  });

  it("fits only the radioplayer popup, centred, and survives a browser that refuses", () => {
    const win = {
      opener: {} as Window,
      name: "radioplayer",
      close: vi.fn(),
      resizeTo: vi.fn(),
      moveTo: vi.fn(),
      screen: { availWidth: 1920, availHeight: 1080, availLeft: 0, availTop: 0 },
    };
    expect(fitRadioPopup(win)).toBe(true);
    expect(win.resizeTo).toHaveBeenCalledWith(400, 800);
    expect(win.moveTo).toHaveBeenCalledWith(760, 140);
    expect(isRadioPopupWindow({ opener: null, name: "radioplayer" })).toBe(false);
    expect(isRadioPopupWindow({ opener: {} as Window, name: "musicplayer" })).toBe(false);
    expect(fitRadioPopup({ ...win, name: "" })).toBe(false);
    const refusing = {
      ...win,
      resizeTo: vi.fn(() => {
        throw new Error("not allowed");
      }),
    };
    expect(fitRadioPopup(refusing)).toBe(true);
  });
});
