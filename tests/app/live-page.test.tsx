// /live/:event against a fake API and a fake hls.js: before the start the countdown and "Remind me";
// on air the LIVE badge, the viewer count (read again once the first token has counted the viewer)
// and the player started on the token's playlist, with the next token asked a minute later and
// hls.js's requests moved to its folder; the locks (visitor,
// no ticket, tier, membership, banned) without a token asked; after the end the replay with its
// captions, or "Ended", read again at once when the show's room says it ended; an unknown show.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as LiveRoute } from "../../app/routes/live/$eventId";
import { playlistFolder, withCurrentToken } from "../../app/features/live/LivePlayer";
import type { LiveShowView, LiveTokenResponse } from "../../worker/contracts/live";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser } from "./accounts-harness";
import { FakeWebSocket, latestSocket, roomSummary, welcome } from "./fixtures/rooms";

type FakeHlsInstance = { config: { xhrSetup?: (xhr: XMLHttpRequest, url: string) => void }; sources: string[]; destroyed: boolean };
const hls = vi.hoisted(() => ({ instances: [] as FakeHlsInstance[] }));
vi.mock("hls.js", () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: "hlsError", MANIFEST_PARSED: "hlsManifestParsed" };
    sources: string[] = [];
    destroyed = false;
    constructor(readonly config: FakeHlsInstance["config"]) {
      hls.instances.push(this);
    }
    on() {}
    loadSource(url: string) {
      this.sources.push(url);
    }
    attachMedia() {}
    destroy() {
      this.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const EVENT = "7c1e0000-0000-4000-8000-0000000000a1";
const PAGE = `/live/${EVENT}`;
const API = `/api/live/${EVENT}`;

const show = (extra: Partial<LiveShowView> = {}): LiveShowView => ({
  eventId: EVENT,
  title: "Studio session",
  description: "An hour in the studio.",
  startsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 65 * 60_000).toISOString(),
  imageUrl: null,
  state: "upcoming",
  replayUntil: null,
  access: { kind: "ticket", tierId: null, tierName: null },
  locked: null,
  buyUrl: `/events/${EVENT}`,
  roomId: null,
  viewers: 0,
  pinnedProducts: [],
  captions: [],
  reminded: false,
  ...extra,
});

const token = (n: number, mode: "live" | "replay" = "live"): LiveTokenResponse => ({
  token: `tok${n}`,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  playlistUrl: `${API}/hls/tok${n}/index.m3u8`,
  mode,
  provider: "local",
});

function fakeServer(view: LiveShowView, { user = sessionUser() as ReturnType<typeof sessionUser> | null, tokens = [token(1), token(2), token(3)] } = {}) {
  let asked = 0;
  return mockApi({
    "GET /api/auth/me": json(200, { user }),
    [`GET ${API}`]: json(200, view),
    [`POST ${API}/token`]: () => Promise.resolve(json(200, tokens[Math.min(asked++, tokens.length - 1)])),
    [`GET /api/events/${EVENT}/reminder`]: json(200, { reminded: false, offsets: [1440, 60] }),
    [`POST /api/events/${EVENT}/reminder`]: json(200, { status: "active", offsets: [1440, 60] }),
  });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(LiveRoute, "/live/$eventId", root)]), PAGE, { locale });
}

beforeEach(() => {
  hls.instances.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/live/:event before the start", () => {
  it("counts down to the start and lets a member ask to be reminded, asking no token", async () => {
    const { callsTo } = fakeServer(show());
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Studio session" })).toBeTruthy();
    expect((await screen.findByTestId("live-countdown")).textContent).toMatch(/^Starts in [45]:\d\d$/);
    fireEvent.click(await screen.findByRole("button", { name: /Remind me/ }));
    await waitFor(() => expect(callsTo(`POST /api/events/${EVENT}/reminder`)).toHaveLength(1));
    expect(callsTo(`POST ${API}/token`)).toHaveLength(0);
    expect(screen.queryByTestId("live-video")).toBeNull();
  });
});

describe("/live/:event on air", () => {
  it("shows LIVE and the viewers, plays the token's playlist with hls.js and asks for the next token a minute later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const { callsTo } = fakeServer(show({ state: "live", viewers: 3 }));
    renderPage();
    expect(await screen.findByText("LIVE")).toBeTruthy();
    expect(screen.getByTestId("live-viewers").textContent).toBe("3 watching");
    expect(screen.getByTestId("live-video")).toBeTruthy();
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const player = hls.instances[0]!;
    expect(player.sources).toEqual([`${API}/hls/tok1/index.m3u8`]);
    expect(callsTo(`POST ${API}/token`)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(callsTo(`POST ${API}/token`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(callsTo(`POST ${API}/token`)).toHaveLength(2));
    // The player keeps its source; its next requests go to the new token's folder.
    expect(player.sources).toHaveLength(1);
    const opened: string[] = [];
    const xhr = { open: (_method: string, url: string) => opened.push(url) } as unknown as XMLHttpRequest;
    await waitFor(() => {
      opened.length = 0;
      player.config.xhrSetup!(xhr, `${API}/hls/tok1/7.m4s`);
      expect(opened).toEqual([`${API}/hls/tok2/7.m4s`]);
    });
    expect(player.destroyed).toBe(false);
  });

  it.each([
    ["en", "Unmute"],
    ["pt-BR", "Ativar som"],
  ] as const)("in %s, starts muted with an Unmute button over the video that brings the sound and goes", async (locale, label) => {
    fakeServer(show({ state: "live", viewers: 3 }));
    renderPage(locale);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const video = screen.getByTestId("live-video") as HTMLVideoElement;
    expect(video.muted).toBe(true);
    fireEvent.click(await screen.findByRole("button", { name: label }));
    expect(video.muted).toBe(false);
    expect(screen.queryByRole("button", { name: label })).toBeNull();
    // Muted again from the native controls: the button comes back.
    video.muted = true;
    fireEvent(video, new Event("volumechange"));
    expect(await screen.findByRole("button", { name: label })).toBeTruthy();
  });

  it("reads the show again once its first token has counted this viewer, and not with the next tokens", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    let reads = 0;
    const { callsTo, fetchMock } = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      // The show as the Worker counts it: nobody before this viewer's token, them after it.
      [`GET ${API}`]: () => Promise.resolve(json(200, show({ state: "live", viewers: reads++ === 0 ? 0 : 1 }))),
      [`POST ${API}/token`]: () => Promise.resolve(json(200, token(callsTo(`POST ${API}/token`).length))),
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId("live-viewers").textContent).toBe("1 watching"));
    const showAndTokenAsks = fetchMock.mock.calls
      .map(([input, init]) => `${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`)
      .filter((ask) => ask.startsWith(`GET ${API}`) || ask.startsWith(`POST ${API}/token`));
    expect(showAndTokenAsks).toEqual([`GET ${API}`, `POST ${API}/token`, `GET ${API}`]);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(callsTo(`POST ${API}/token`)).toHaveLength(2));
    expect(callsTo(`GET ${API}`)).toHaveLength(2);
  });

  it("says it in Portuguese", async () => {
    fakeServer(show({ state: "live", viewers: 1 }));
    renderPage("pt-BR");
    expect(await screen.findByText("AO VIVO")).toBeTruthy();
    expect(screen.getByTestId("live-viewers").textContent).toBe("1 assistindo");
  });

  it("shows the pinned products with the store's prices, linking to them", async () => {
    fakeServer(
      show({
        state: "live",
        pinnedProducts: [{ id: "p1", slug: "tour-shirt-2026", name: "Tour shirt", priceCents: 2500, currency: "usd", imageUrl: null }],
      }),
    );
    renderPage();
    const link = await screen.findByRole("link", { name: /Tour shirt/ });
    expect(link.getAttribute("href")).toBe("/store/tour-shirt-2026");
    expect(link.textContent).toContain("$25.00");
  });
});

describe("/live/:event locked", () => {
  it("asks a visitor to sign in and shows the way to a ticket", async () => {
    const { callsTo } = fakeServer(show({ state: "live", locked: "sign_in" }), { user: null });
    renderPage();
    expect(await screen.findByText("Sign in to watch this show.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(`/social/login?redirect=%2Flive%2F${EVENT}`);
    expect(screen.getByRole("link", { name: "Get a ticket" }).getAttribute("href")).toBe(`/events#event-${EVENT}`);
    expect(screen.queryByTestId("live-video")).toBeNull();
    expect(callsTo(`POST ${API}/token`)).toHaveLength(0);
  });

  it("sends a member without a ticket to get one", async () => {
    const { callsTo } = fakeServer(show({ state: "live", locked: "ticket" }));
    renderPage();
    expect(await screen.findByText("This show is for ticket holders.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get a ticket" })).toBeTruthy();
    expect(callsTo(`POST ${API}/token`)).toHaveLength(0);
  });

  it("names the tier a show is for, with the way to the tiers", async () => {
    fakeServer(
      show({
        state: "live",
        locked: "tier",
        buyUrl: null,
        access: { kind: "tier", tierId: "inner-circle", tierName: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      }),
    );
    renderPage("pt-BR");
    expect(await screen.findByText("Este show é para Círculo Íntimo e acima.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver os níveis" }).getAttribute("href")).toBe("/signup-options");
  });

  it("asks a free member to join and tells a banned one they may not watch", async () => {
    fakeServer(show({ state: "live", locked: "membership", buyUrl: null, access: { kind: "tier", tierId: "vip", tierName: null } }));
    renderPage();
    expect(await screen.findByText("This show is for members of a paid tier.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a member" })).toBeTruthy();
    cleanup();
    const { callsTo } = fakeServer(show({ state: "live", locked: "banned" }));
    renderPage();
    expect(await screen.findByText("Your account may not watch shows.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remind me/ })).toBeNull();
    expect(callsTo(`POST ${API}/token`)).toHaveLength(0);
  });
});

describe("/live/:event after the end", () => {
  it("plays the replay with its captions until the window closes", async () => {
    const until = "2026-11-29T20:00:00.000Z";
    fakeServer(
      show({
        state: "replay",
        replayUntil: until,
        captions: [
          { locale: "en", url: `${API}/captions/en.vtt` },
          { locale: "pt-BR", url: `${API}/captions/pt-BR.vtt` },
        ],
      }),
      { tokens: [token(1, "replay")] },
    );
    renderPage();
    expect(await screen.findByText(/^Ended — replay until Nov 29, 2026/)).toBeTruthy();
    await waitFor(() => expect(hls.instances[0]?.sources).toEqual([`${API}/hls/tok1/index.m3u8`]));
    const tracks = [...screen.getByTestId("live-video").querySelectorAll("track")].map((t) => [t.getAttribute("srclang"), t.getAttribute("src")]);
    expect(tracks).toEqual([
      ["en", `${API}/captions/en.vtt`],
      ["pt-BR", `${API}/captions/pt-BR.vtt`],
    ]);
  });

  it("skips no heading level on a replay with its room beside it", async () => {
    fakeServer(show({ state: "replay", replayUntil: "2026-11-29T20:00:00.000Z", roomId: "live-room" }), { tokens: [token(1, "replay")] });
    renderPage();
    await screen.findByRole("heading", { name: "Chat" });
    const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });

  it("says Ended without a player when there is no replay", async () => {
    const { callsTo } = fakeServer(show({ state: "ended" }));
    renderPage();
    expect(await screen.findByText("Ended")).toBeTruthy();
    expect(screen.queryByTestId("live-video")).toBeNull();
    expect(callsTo(`POST ${API}/token`)).toHaveLength(0);
  });

  it("says a show that is not there is not there", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: apiError(404, "not_found", "Not found") });
    renderPage();
    expect(await screen.findByText("This show does not exist or is not online.")).toBeTruthy();
  });
});

describe("/live/:event when the show ends", () => {
  it("reads the show again as soon as its room's socket says it ended, not at the next 20-second read", async () => {
    FakeWebSocket.instances.length = 0;
    vi.stubGlobal("WebSocket", FakeWebSocket);
    let ended = false;
    const live = show({ state: "live", access: { kind: "members", tierId: null, tierName: null }, buyUrl: null, roomId: "live-room" });
    const endedView = { ...live, state: "replay" as const, replayUntil: new Date(Date.now() + 48 * 3_600_000).toISOString() };
    const { callsTo } = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      [`GET ${API}`]: () => Promise.resolve(json(200, ended ? endedView : live)),
      [`POST ${API}/token`]: () => Promise.resolve(json(200, token(1, ended ? "replay" : "live"))),
      "GET /api/rooms/live-room": json(200, { room: roomSummary({ id: "live-room" }) }),
    });
    renderPage();
    expect(await screen.findByText("LIVE")).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => {
      latestSocket().serverOpen();
      latestSocket().serverSend(welcome([]));
    });
    await waitFor(() => expect(callsTo(`GET ${API}`).length).toBeGreaterThan(0));
    const reads = callsTo(`GET ${API}`).length;
    ended = true;
    act(() => latestSocket().serverSend({ type: "show_ended" }));
    expect(await screen.findByText(/^Ended — replay until/)).toBeTruthy();
    expect(callsTo(`GET ${API}`).length).toBeGreaterThan(reads);
    expect(screen.queryByText("LIVE")).toBeNull();
  });
});

describe("a new token's folder", () => {
  it("moves only the first token's addresses", () => {
    const first = playlistFolder("/api/live/e/hls/aaa/index.m3u8");
    expect(first).toBe("/api/live/e/hls/aaa/");
    expect(withCurrentToken("/api/live/e/hls/aaa/3.m4s", first, "/api/live/e/hls/bbb/")).toBe("/api/live/e/hls/bbb/3.m4s");
    expect(withCurrentToken("https://elsewhere.example/x.m4s", first, "/api/live/e/hls/bbb/")).toBe("https://elsewhere.example/x.m4s");
  });
});
