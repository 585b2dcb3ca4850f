// /radio against a fake API, under the app's real root layout (which mounts the radio host and the
// mini player lazily; its header and footer are stubbed out): the channel cards, the VIP gate and
// the public now-playing panel for a visitor (who never tunes in), and for a VIP the player (tune,
// static on a channel change, translated features, an error that clears itself), the mini player
// on other routes, and the page in Brazilian Portuguese.
//
// The page's radio is one engine per page (pageRadio()), so it outlives each test: after every
// test it is reset (stopped, status idle) and given an empty station list (so the next test's list
// starts at its first station), and localStorage (its saved settings) is cleared. Its audio is the
// hidden <audio data-player="radio"> happy-dom provides (play/pause work; 'loadedmetadata' is
// dispatched by the tests), and its live socket is a stubbed WebSocket.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageRadio } from "../../app/features/radio/RadioProvider";
import { Route as RootRoute } from "../../app/routes/__root";
import { Route as RadioRoute } from "../../app/routes/radio/index";
import type { Locale } from "../../app/i18n/locale";
import { RADIO_ERROR_MS, RADIO_STATIC_MS, type NowPlaying, type RadioSlot, type RadioStationView, type TuneResponse } from "../../worker/contracts/radio";
import { apiError, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

vi.mock("../../app/components/layout/Header", () => ({ Header: () => null }));
vi.mock("../../app/components/layout/Footer", () => ({ Footer: () => null }));

// ---------- Data ----------

const station = (id: string, name: string, position: number, features: RadioStationView["features"]): RadioStationView => ({
  id,
  name,
  description: `${name}: the best of the eighties.`,
  imageUrl: `/media/radio/${id}.png`,
  features,
  sourceType: "catalog",
  position,
});

const STATIONS = [
  station("freestyle", "Freestyle FM", 0, ["commercial_free", "high_quality"]),
  station("dance", "Dance Classics", 1, ["vip_access", "curated"]),
  station("slow-jams", "Slow Jams", 2, ["curated"]),
];

const slot = (title: string, startedAt: number, year = 1988): RadioSlot => ({
  track: {
    id: title.toLowerCase().replace(/\W+/g, "-"),
    title,
    albumId: "night-album",
    albumTitle: "Night Album",
    albumYear: year,
    coverUrl: null,
    durationSeconds: 200,
  },
  startedAt: new Date(startedAt).toISOString(),
  endsAt: new Date(startedAt + 200_000).toISOString(),
});

/** What `stationId` plays: "<Name> Song" started 30 s ago, "<Name> Next" after it, one track before. */
function nowPlaying(stationId: string): NowPlaying {
  const name = STATIONS.find((s) => s.id === stationId)!.name;
  const now = Date.now();
  return {
    stationId,
    serverTime: new Date(now).toISOString(),
    current: slot(`${name} Song`, now - 30_000),
    next: slot(`${name} Next`, now + 170_000, 1989),
    history: [slot(`${name} Before`, now - 230_000, 1987)],
    listeners: 5,
  };
}

const tuneUrl = (stationId: string) => `/media/radio/${stationId}/current?sig=test`;

const tuneResponse = (stationId: string): TuneResponse => ({
  kind: "catalog",
  nowPlaying: nowPlaying(stationId),
  url: tuneUrl(stationId),
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
});

const VIP = sessionUser({ isVIP: true });

function api(me: ReturnType<typeof sessionUser> | null, { tune }: { tune?: (stationId: string) => Response } = {}) {
  const routes: Parameters<typeof mockApi>[0] = {
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    // The server answers in the asked language (decision 032).
    "GET /api/radio/stations": (request) =>
      json(200, {
        stations:
          new URL(request.url).searchParams.get("lang") === "pt-BR"
            ? STATIONS.map((s) => ({ ...s, description: `${s.name}: o melhor dos anos oitenta.` }))
            : STATIONS,
      }),
  };
  for (const { id } of STATIONS) {
    routes[`GET /api/radio/stations/${id}/now-playing`] = () => json(200, { nowPlaying: nowPlaying(id) });
    routes[`POST /api/radio/stations/${id}/tune`] = () =>
      tune ? tune(id) : me ? json(200, tuneResponse(id)) : apiError(403, "vip_required", "VIP Access Required");
  }
  const mocked = mockApi(routes);
  const tuneCalls = () =>
    mocked.fetchMock.mock.calls
      .map(([input, init]) => `${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`)
      .filter((key) => key.startsWith("POST ") && key.endsWith("/tune"));
  return { ...mocked, tuneCalls };
}

// ---------- Fakes and helpers ----------

/** The radio's live socket: never connects (the tests do not feed it). */
class FakeWebSocket extends EventTarget {
  static readonly instances: FakeWebSocket[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string | URL) {
    super();
    // The member-notices socket every signed-in page holds (decision 040) is not the radio's.
    if (!String(url).endsWith("/api/feed/notices")) FakeWebSocket.instances.push(this);
  }
  send() {}
  close() {
    this.closed = true;
    this.readyState = 3;
  }
}

const tree = RootRoute.addChildren([mountFileRoute(RadioRoute, "/radio/", RootRoute), stubRoute(RootRoute, "/music"), stubRoute(RootRoute, "/vip-signup")]);

const renderRadio = (locale: Locale = "en") => renderApp(tree, "/radio", { locale });

/** The engine's hidden <audio>. */
function radioAudio(): HTMLAudioElement {
  const audio = document.querySelector<HTMLAudioElement>('audio[data-player="radio"]');
  if (!audio) throw new Error("no radio <audio> yet");
  return audio;
}

/** Waits for `check` to pass, letting pending promises run (usable with fake timers). */
async function until(check: () => void) {
  let lastError: unknown;
  for (let i = 0; i < 100; i++) {
    try {
      check();
      return;
    } catch (error) {
      lastError = error;
    }
    await act(async () => {
      for (let j = 0; j < 20; j++) await Promise.resolve();
    });
  }
  throw lastError;
}

/** Fake timeouts and intervals only: promises, I/O and Date stay real. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });

/** Once the tune for `stationId` has answered, the element's metadata arrives and it plays. */
async function finishTuning(stationId: string) {
  await until(() => expect(radioAudio().getAttribute("src")).toBe(tuneUrl(stationId)));
  await act(async () => {
    radioAudio().dispatchEvent(new Event("loadedmetadata"));
  });
  await until(() => expect(pageRadio().getState()).toMatchObject({ status: "playing", station: { id: stationId } }));
}

/** A VIP on /radio, the player shown and the engine holding the station list. */
async function vipOnRadio(options: Parameters<typeof api>[1] = {}, locale: Locale = "en") {
  const mocked = api(VIP, options);
  const view = renderRadio(locale);
  const player = await screen.findByRole("region", { name: locale === "en" ? "Radio" : "Rádio" });
  await waitFor(() => expect(pageRadio().getState().stations).toHaveLength(3));
  return { ...mocked, ...view, player };
}

const card = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  const engine = pageRadio();
  engine.reset();
  engine.setStations([]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// ---------- Tests ----------

describe("/radio for a visitor", () => {
  it("shows the three channels, the VIP gate and what plays, and never tunes in, even on a card click", async () => {
    const { callsTo, tuneCalls } = api(null);
    renderRadio();
    expect(await screen.findByRole("button", { name: /^Freestyle FM/ })).toBeTruthy();
    const cards = within(document.querySelector<HTMLElement>(".radio-cards")!).getAllByRole("button");
    expect(cards.map((c) => c.querySelector(".radio-card-name")?.textContent)).toEqual(["Freestyle FM", "Dance Classics", "Slow Jams"]);
    expect(cards.every((c) => c.textContent?.endsWith("Listen"))).toBe(true);
    expect(screen.getByRole("heading", { name: "Channels" })).toBeTruthy();

    const gate = screen.getByRole("region", { name: "VIP Access Required" });
    expect(within(gate).getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("region", { name: "Radio" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Play" })).toBeNull();

    // The public now-playing panel of the first station.
    expect(await screen.findByText("Freestyle FM Song · Night Album (1988)")).toBeTruthy();
    expect(screen.getByText("Freestyle FM: the best of the eighties.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Now playing" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Up next" })).toBeTruthy();
    expect(screen.getByText("Freestyle FM Next · Night Album (1989)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Recently played" })).toBeTruthy();
    expect(screen.getByText("Freestyle FM Before · Night Album (1987)")).toBeTruthy();
    expect(callsTo("GET /api/radio/stations/freestyle/now-playing")).toHaveLength(1);

    // A card shows that channel's details, without tuning in.
    await waitFor(() => expect(pageRadio().getState().stations).toHaveLength(3));
    fireEvent.click(card("Dance Classics"));
    expect(await screen.findByText("Dance Classics Song · Night Album (1988)")).toBeTruthy();
    expect(card("Dance Classics").getAttribute("aria-pressed")).toBe("true");
    expect(card("Freestyle FM").getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("Dance Classics: the best of the eighties.")).toBeTruthy();
    expect(screen.queryByTestId("static-noise")).toBeNull();
    expect(tuneCalls()).toEqual([]);
    expect(pageRadio().getState().status).toBe("idle");
    expect(document.querySelector('audio[data-player="radio"]')?.getAttribute("src") ?? null).toBeNull();
  });
});

describe("/radio for a VIP", () => {
  it("Play tunes in to the first station and plays; the card says On air", async () => {
    const { player, tuneCalls } = await vipOnRadio();
    expect(player.textContent).toContain("LIVE Freestyle FM");
    // Paused, the player shows what plays from the public route.
    expect(await within(player).findByText("Freestyle FM Song")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "VIP Access Required" })).toBeNull();
    fireEvent.click(within(player).getByRole("button", { name: "Play" }));
    expect(tuneCalls()).toEqual(["POST /api/radio/stations/freestyle/tune"]);
    expect(within(player).getByText("Tuning in…")).toBeTruthy();
    expect(within(player).getByRole("button", { name: "Pause" }).getAttribute("aria-busy")).toBe("true");

    await finishTuning("freestyle");
    expect(within(player).getByRole("button", { name: "Pause" }).getAttribute("aria-busy")).toBe("false");
    expect(within(player).getByText("Freestyle FM Song")).toBeTruthy();
    expect(within(player).getByText("5 listeners", { exact: false })).toBeTruthy();
    // Seeked to the shared position: the track started 30 s before the server answered.
    expect(radioAudio().currentTime).toBeGreaterThanOrEqual(29);
    expect(radioAudio().currentTime).toBeLessThan(40);
    expect(radioAudio().paused).toBe(false);
    expect(card("Freestyle FM").textContent).toContain("On air");
    expect(FakeWebSocket.instances.map((s) => new URL(String(s.url)).pathname)).toEqual(["/api/radio/stations/freestyle/live"]);

    fireEvent.click(within(player).getByRole("button", { name: "Pause" }));
    expect(pageRadio().getState().status).toBe("paused");
    expect(radioAudio().paused).toBe(true);
    expect(FakeWebSocket.instances[0]!.closed).toBe(true);
  });

  it("choosing another card shows the static for RADIO_STATIC_MS, then the new station plays", async () => {
    const { player, tuneCalls } = await vipOnRadio();
    fireEvent.click(within(player).getByRole("button", { name: "Play" }));
    await finishTuning("freestyle");
    expect(screen.queryByTestId("static-noise")).toBeNull();

    fakeTimers();
    fireEvent.click(card("Dance Classics"));
    expect(within(player).getByTestId("static-noise")).toBeTruthy();
    expect(tuneCalls()).toEqual(["POST /api/radio/stations/freestyle/tune", "POST /api/radio/stations/dance/tune"]);
    await finishTuning("dance");
    // Playing already, the static stays for its full time.
    expect(within(player).getByText("Dance Classics Song")).toBeTruthy();
    act(() => vi.advanceTimersByTime(RADIO_STATIC_MS - 1));
    expect(screen.queryByTestId("static-noise")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("static-noise")).toBeNull();

    // Clicking the current card again is no change: no static.
    fireEvent.click(card("Dance Classics"));
    expect(screen.queryByTestId("static-noise")).toBeNull();
    expect(tuneCalls()).toHaveLength(2);
  });

  it("lists the station's features translated, with its description", async () => {
    await vipOnRadio();
    const features = () =>
      within(screen.getByRole("heading", { name: "Features" }).nextElementSibling as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    expect(screen.getByRole("heading", { name: "About this channel" })).toBeTruthy();
    expect(screen.getByText("Freestyle FM: the best of the eighties.")).toBeTruthy();
    expect(features()).toEqual(["Commercial-free", "High quality"]);
    fireEvent.click(card("Dance Classics"));
    await waitFor(() => expect(features()).toEqual(["VIP access", "Curated"]));
  });

  it("a failed tune shows the stream error, which clears itself after RADIO_ERROR_MS", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { player } = await vipOnRadio({ tune: () => apiError(500, "stream_unavailable", "Unable to connect to radio stream. Please try again later.") });
    fakeTimers();
    fireEvent.click(within(player).getByRole("button", { name: "Play" }));
    await until(() => expect(within(player).getByRole("alert").textContent).toBe("Unable to connect to radio stream. Please try again later."));
    expect(pageRadio().getState()).toMatchObject({ status: "paused", error: "stream_failed" });
    expect(warn).toHaveBeenCalledWith("[radio] tuning in failed", expect.objectContaining({ status: 500 }));
    expect(within(player).getByRole("button", { name: "Play" })).toBeTruthy();

    act(() => vi.advanceTimersByTime(RADIO_ERROR_MS - 1));
    expect(within(player).queryByRole("alert")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(player).queryByRole("alert")).toBeNull();
    expect(pageRadio().getState().error).toBeNull();
  });

  it("after starting the radio, other routes show the mini player, whose buttons drive it", async () => {
    const { player, router, tuneCalls } = await vipOnRadio();
    // No mini player on the radio page itself.
    fireEvent.click(within(player).getByRole("button", { name: "Play" }));
    await finishTuning("freestyle");
    expect(screen.queryByRole("region", { name: "Radio player" })).toBeNull();

    await act(() => router.navigate({ to: "/music" }));
    expect(await screen.findByTestId("stub-page")).toBeTruthy();
    const mini = await screen.findByRole("region", { name: "Radio player" });
    expect(within(mini).getByText("Freestyle FM")).toBeTruthy();
    expect(within(mini).getByText("Freestyle FM Song", { exact: false })).toBeTruthy();
    expect(document.body.classList.contains("has-radio-bar")).toBe(true);

    fireEvent.click(within(mini).getByRole("button", { name: "Next station" }));
    expect(within(mini).getByText("Dance Classics")).toBeTruthy();
    expect(within(mini).getByText("Tuning in…", { exact: false })).toBeTruthy();
    expect(tuneCalls().at(-1)).toBe("POST /api/radio/stations/dance/tune");
    await finishTuning("dance");
    expect(within(mini).getByText("Dance Classics Song", { exact: false })).toBeTruthy();

    // The playlist drawer lists the stations, the current one marked.
    fireEvent.click(within(mini).getByRole("button", { name: "Stations and playlist" }));
    const drawer = screen.getByRole("dialog", { name: "Stations and playlist" });
    // Focus moves into the drawer, onto its close button.
    expect(document.activeElement).toBe(within(drawer).getByRole("button", { name: "Close the playlist" }));
    expect(within(drawer).getByRole("button", { name: "Dance Classics" }).getAttribute("aria-current")).toBe("true");
    expect(within(drawer).getByText("Dance Classics Next · Night Album (1989)")).toBeTruthy();

    // Stop: the radio stops and the bar goes away.
    fireEvent.click(within(mini).getByRole("button", { name: "Stop the radio and close this bar" }));
    expect(screen.queryByRole("region", { name: "Radio player" })).toBeNull();
    expect(pageRadio().getState().status).toBe("idle");
    expect(radioAudio().paused).toBe(true);
    expect(document.body.classList.contains("has-radio-bar")).toBe(false);
  });
});

describe("/radio in Brazilian Portuguese", () => {
  it("a visitor sees the gate and the channel details translated, the description asked in pt-BR", async () => {
    const { callsTo } = api(null);
    renderRadio("pt-BR");
    expect(await screen.findByRole("region", { name: "Acesso VIP necessário" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torne-se um membro VIP" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Canais" })).toBeTruthy();
    expect(card("Freestyle FM").textContent).toContain("Ouvir");
    expect(screen.getByRole("heading", { name: "Sobre este canal" })).toBeTruthy();
    expect(screen.getByText("Freestyle FM: o melhor dos anos oitenta.")).toBeTruthy();
    expect(callsTo("GET /api/radio/stations").map(([input]) => new URL(String(input), "http://localhost").search)).toContain("?lang=pt-BR");
    expect(screen.getByRole("heading", { name: "Destaques" })).toBeTruthy();
    expect(screen.getByText("Sem comerciais")).toBeTruthy();
    expect(screen.getByText("Alta qualidade")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Tocando agora" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "A seguir" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Tocadas recentemente" })).toBeTruthy();
  });

  it("a VIP gets the player's controls and its error translated", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { player } = await vipOnRadio({ tune: () => apiError(500, "stream_unavailable", "x") }, "pt-BR");
    for (const name of ["Estação anterior", "Tocar", "Próxima estação", "Silenciar"]) expect(within(player).getByRole("button", { name })).toBeTruthy();
    expect(within(player).getByRole("slider", { name: "Volume" })).toBeTruthy();
    expect(within(player).getByText("AO VIVO")).toBeTruthy();
    fireEvent.click(within(player).getByRole("button", { name: "Tocar" }));
    await until(() =>
      expect(within(player).getByRole("alert").textContent).toBe("Não foi possível conectar à transmissão da rádio. Tente novamente mais tarde."),
    );
  });
});
