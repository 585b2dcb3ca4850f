// The /tv page against a fake API: the public channel grid and the VIP gate for visitors (who are
// never sent a stream), and for a VIP the player: static for TV_STATIC_MS, then the signed URL
// autoplays and loops; skip, keys and fullscreen; another channel; the live channel joining the
// broadcast where it is now; errors with Try Again; autoplay refused; an expired URL replaced.
// happy-dom's <video> plays nothing: play()/pause() fire their events, and the tests set the
// duration and fire loadedmetadata/error themselves.
import nodeConsole from "node:console";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TV_SKIP_SECONDS, TV_STATIC_MS, type TvChannelView, type TvStreamResponse } from "../../worker/contracts/tv";
import { Route as TvRoute } from "../../app/routes/tv";
import { livePositionAt, streamExpired } from "../../app/features/tv/queries";
import { formatClock } from "../../app/features/tv/TvControls";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const channel = (id: string, name: string, position: number, overrides: Partial<TvChannelView> = {}): TvChannelView => ({
  id,
  name,
  description: `${name}: the English description.`,
  category: "music_video",
  live: false,
  thumbnailUrl: `/media/tv/thumbs/${id}.png`,
  position,
  ...overrides,
});

const SPRING = channel("spring-love-video", "Spring Love (Official Music Video)", 0);
const WAITING = channel("waiting-for-your-love-video", "Waiting for Your Love (Official Music Video)", 1);
const ONE = channel("i-wanna-be-the-one-video", "I Wanna Be the One (Official Music Video)", 2);
const LIVE = channel("live", "Freestyle Lovers Live", 3, { category: "live", live: true });
const BTS = channel("behind-the-scenes", "Behind the Scenes", 4, { category: "behind_the_scenes" });
// Out of order on purpose: the page orders by position.
const CHANNELS = [BTS, LIVE, SPRING, WAITING, ONE];

/** The server answers in the asked language (decision 032): a Portuguese name and description. */
const inPortuguese = (c: TvChannelView): TvChannelView => ({ ...c, name: `${c.name} (PT)`, description: `${c.name}: a descrição em português.` });
const channelsIn = (lang: string | null) => (lang === "pt-BR" ? CHANNELS.map(inPortuguese) : CHANNELS);

const VIP = sessionUser({ isVIP: true });
/** The server's clock, far from the test's: the live position must not depend on it. */
const SERVER_TIME = "2001-02-03T04:05:06.000Z";
const LIVE_START_AT = 12;

function videoStream(id: string, token: string, overrides: Partial<Extract<TvStreamResponse, { kind: "video" }>> = {}): TvStreamResponse {
  return {
    kind: "video",
    url: `/media/tv/${id}?token=${token}`,
    expiresAt: "2001-02-03T04:15:06.000Z",
    startAt: null,
    durationSeconds: 30,
    serverTime: SERVER_TIME,
    captions: [],
    ...overrides,
  };
}

/** Each stream request answers with a new token (t1, t2, ...), as the server signs a fresh URL. */
function streamRoute(id: string, overrides: Partial<Extract<TvStreamResponse, { kind: "video" }>> = {}) {
  let n = 0;
  return () => json(200, videoStream(id, `t${++n}`, overrides));
}

function api(me: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/tv/channels": (request) => json(200, { channels: channelsIn(new URL(request.url).searchParams.get("lang")) }),
    ...Object.fromEntries([SPRING, WAITING, ONE, BTS].map((c) => [`POST /api/tv/channels/${c.id}/stream`, streamRoute(c.id)])),
    "POST /api/tv/channels/live/stream": streamRoute("live", { startAt: LIVE_START_AT, durationSeconds: 40 }),
    ...extra,
  });
}

function renderTv(url = "/tv", locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(TvRoute, "/tv", root), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, url, { locale });
}

const streamCalls = (fetchMock: ReturnType<typeof mockApi>["fetchMock"]) =>
  fetchMock.mock.calls.filter(([input]) => /\/api\/tv\/channels\/[^/]+\/stream$/.test(new URL(String(input), "http://localhost").pathname));

/** A channel's card: its name is all of its text (WCAG 2.5.3), the channel's name first. */
const cardName = (c: TvChannelView) => new RegExp(`^${c.name.replace(/[()]/g, "\\$&")} `);
const card = (c: TvChannelView) => screen.getByRole("button", { name: cardName(c) });
const findCard = (c: TvChannelView) => screen.findByRole("button", { name: cardName(c) });
const playerRegion = () => screen.getByRole("region", { name: "TV player" });
const videoOf = (name: string) => screen.getByLabelText<HTMLVideoElement>(`Video: ${name}`);

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Waits through the static (asserting it is there until the very end) and for the video's source. */
async function tuneIn(name: string, url: string, { tuningText = `Tuning in to ${name}...`, region = "TV player" } = {}) {
  const player = await screen.findByRole("region", { name: region });
  expect(within(player).getByText(tuningText)).toBeTruthy();
  expect(within(player).getByTestId("static-noise")).toBeTruthy();
  await advance(TV_STATIC_MS - 600);
  // Still static, still no source, whatever the stream request did meanwhile.
  expect(within(player).getByText(tuningText)).toBeTruthy();
  expect(player.querySelector("video")!.hasAttribute("src")).toBe(false);
  await advance(600);
  await waitFor(() => expect(player.querySelector("video")!.getAttribute("src")).toBe(url));
  expect(within(player).queryByText(tuningText)).toBeNull();
  expect(within(player).queryByTestId("static-noise")).toBeNull();
  return player.querySelector("video")!;
}

/** The browser has read the file's header: the duration is known. */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, "duration", { configurable: true, get: () => duration });
  fireEvent(video, new Event("loadedmetadata"));
}

let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, "play");
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/tv for a visitor", () => {
  it("shows the five channels and the VIP gate, and never asks for a stream", async () => {
    const { fetchMock } = api(null);
    renderTv();
    const grid = await screen.findByRole("list");
    const cards = within(grid).getAllByRole("button");
    expect(cards.map((c) => c.querySelector(".tv-card-name")!.textContent)).toEqual([SPRING.name, WAITING.name, ONE.name, LIVE.name, BTS.name]);
    // Thumbnails hold their 16:9 box before they load.
    const thumb = cards[0]!.querySelector("img")!;
    expect([thumb.getAttribute("src"), thumb.getAttribute("width"), thumb.getAttribute("height")]).toEqual([SPRING.thumbnailUrl, "320", "180"]);
    // Category, description in English, and the LIVE badge only on the live channel.
    expect(cards[0]!.textContent).toContain("Music Video");
    expect(cards[0]!.textContent).toContain(SPRING.description);
    expect(cards[3]!.textContent).toContain("Live Stream");
    expect(within(cards[3]!).getByText("LIVE")).toBeTruthy();
    expect(cards[4]!.textContent).toContain("Behind the Scenes");
    expect(cards.filter((c) => within(c).queryByText("LIVE"))).toHaveLength(1);
    // A card's accessible name holds all the text it shows (WCAG 2.5.3), the channel's name first.
    expect(screen.getByRole("button", { name: `${SPRING.name} Music Video ${SPRING.description} On screen` })).toBe(cards[0]);
    expect(screen.getByRole("button", { name: `${LIVE.name} Live Stream ${LIVE.description} LIVE` })).toBe(cards[3]);
    // The first channel is the chosen one.
    expect(card(SPRING).getAttribute("aria-pressed")).toBe("true");
    expect(card(WAITING).getAttribute("aria-pressed")).toBe("false");

    expect(await screen.findByRole("heading", { level: 2, name: "VIP Access Required" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByRole("region", { name: "TV player" })).toBeNull();
    expect(document.querySelector("video")).toBeNull();

    // Choosing a channel marks it, and still asks for nothing.
    fireEvent.click(card(LIVE));
    await waitFor(() => expect(card(LIVE).getAttribute("aria-pressed")).toBe("true"));
    expect(card(SPRING).getAttribute("aria-pressed")).toBe("false");
    expect(streamCalls(fetchMock)).toEqual([]);
  });

  it("shows a loading skeleton, then 'Failed to load channels' with a retry that asks again", async () => {
    let release: (response: Response) => void = () => {};
    let calls = 0;
    const { callsTo } = api(null, {
      "GET /api/tv/channels": () => {
        calls++;
        if (calls === 1) return new Promise<Response>((resolve) => (release = resolve));
        return calls === 2 ? json(200, { channels: CHANNELS }) : apiError(500, "internal", "boom");
      },
    });
    renderTv();
    const loading = await screen.findByRole("status");
    expect(loading.textContent).toBe("Loading channels...");
    expect(loading.querySelectorAll(".tv-card-skeleton")).toHaveLength(5);
    release(apiError(404, "not_found", "Not found"));
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load channels");
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await findCard(SPRING)).toBeTruthy();
    expect(callsTo("GET /api/tv/channels")).toHaveLength(2);
    expect(screen.queryByText("Failed to load channels")).toBeNull();
  });

  it("speaks Portuguese: gate, headings, categories, badge, and the channels' names and descriptions asked in pt-BR", async () => {
    const { callsTo } = api(null);
    renderTv("/tv", "pt-BR");
    expect(await screen.findByRole("heading", { level: 2, name: "Acesso VIP necessário" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Canais" })).toBeTruthy();
    const live = await findCard(LIVE);
    expect(within(live).getByText("AO VIVO")).toBeTruthy();
    const pt = inPortuguese(LIVE);
    expect(screen.getByRole("button", { name: `${pt.name} Transmissão ao vivo ${pt.description} AO VIVO` })).toBe(live);
    expect(live.textContent).toContain("Transmissão ao vivo");
    expect(live.textContent).toContain(pt.description);
    expect(live.textContent).not.toContain(LIVE.description);
    expect(callsTo("GET /api/tv/channels").map(([input]) => new URL(String(input), "http://localhost").search)).toContain("?lang=pt-BR");
    expect(card(SPRING).textContent).toContain("Videoclipe");
    expect(card(BTS).textContent).toContain("Bastidores");
  });
});

describe("/tv for a VIP", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("shows static for TV_STATIC_MS, then plays the first channel's signed URL, autoplaying and looping", async () => {
    const { callsTo } = api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    expect(callsTo("POST /api/tv/channels/spring-love-video/stream")).toHaveLength(1);
    expect(video.autoplay).toBe(true);
    expect(video.loop).toBe(true);
    expect(play).toHaveBeenCalled();
    expect(video.paused).toBe(false);
    expect(within(playerRegion()).getByRole("button", { name: "Pause" })).toBeTruthy();
    // The chosen channel's name and description under the player; no LIVE label on a video.
    expect(within(playerRegion()).getByRole("heading", { level: 2, name: SPRING.name })).toBeTruthy();
    expect(within(playerRegion()).getByText(SPRING.description)).toBeTruthy();
    expect(within(playerRegion()).queryByText("LIVE")).toBeNull();
  });

  it("skips 10 seconds back and forward (buttons and keys), shows the time, pauses and toggles fullscreen", async () => {
    api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    loadMetadata(video, 30);
    video.currentTime = 5;
    fireEvent(video, new Event("timeupdate"));
    const player = playerRegion();
    expect(player.querySelector(".tv-time")!.textContent).toBe("0:05 / 0:30");

    const forward = within(player).getByRole("button", { name: `Skip forward ${TV_SKIP_SECONDS} seconds` });
    const back = within(player).getByRole("button", { name: `Skip back ${TV_SKIP_SECONDS} seconds` });
    fireEvent.click(forward);
    expect(video.currentTime).toBe(15);
    expect(player.querySelector(".tv-time")!.textContent).toBe("0:15 / 0:30");
    fireEvent.click(back);
    expect(video.currentTime).toBe(5);
    fireEvent.click(back);
    expect(video.currentTime).toBe(0); // not before the start
    fireEvent.click(forward);
    fireEvent.click(forward);
    fireEvent.click(forward);
    fireEvent.click(forward);
    expect(video.currentTime).toBe(30); // nor past the end

    // Keys, with the focus in the player.
    const pause = within(player).getByRole("button", { name: "Pause" });
    pause.focus();
    fireEvent.keyDown(pause, { key: "j" });
    expect(video.currentTime).toBe(20);
    fireEvent.keyDown(pause, { key: "ArrowLeft" });
    expect(video.currentTime).toBe(10);
    fireEvent.keyDown(pause, { key: "l" });
    fireEvent.keyDown(pause, { key: "ArrowRight" });
    expect(video.currentTime).toBe(30);
    fireEvent.keyDown(pause, { key: "k" });
    expect(video.paused).toBe(true);
    expect(within(player).getByRole("button", { name: "Play" })).toBe(pause);
    fireEvent.keyDown(video, { key: " " });
    expect(video.paused).toBe(false);
    // Space on a button is that button's own click, not a second toggle.
    const spaceOnButton = fireEvent.keyDown(forward, { key: " " });
    expect(spaceOnButton).toBe(true);
    expect(video.paused).toBe(false);
    // Keys outside the player do nothing to it.
    fireEvent.keyDown(document.body, { key: "k" });
    expect(video.paused).toBe(false);

    // Fullscreen on the player itself, and back.
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => fullscreenElement });
    const setFullscreen = (element: Element | null) => {
      fullscreenElement = element;
      document.dispatchEvent(new Event("fullscreenchange"));
      return Promise.resolve();
    };
    const request = vi.fn(function (this: Element) {
      return setFullscreen(this);
    });
    const exit = vi.fn(() => setFullscreen(null));
    Object.defineProperty(HTMLElement.prototype, "requestFullscreen", { configurable: true, value: request });
    Object.defineProperty(document, "exitFullscreen", { configurable: true, value: exit });
    try {
      fireEvent.click(within(player).getByRole("button", { name: "Fullscreen" }));
      expect(request.mock.contexts[0]).toBe(player);
      expect(within(player).getByRole("button", { name: "Exit fullscreen" })).toBeTruthy();
      fireEvent.keyDown(pause, { key: "f" });
      expect(exit).toHaveBeenCalledTimes(1);
      expect(within(player).getByRole("button", { name: "Fullscreen" })).toBeTruthy();
    } finally {
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
      delete (document as { exitFullscreen?: unknown }).exitFullscreen;
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
    }
  });

  it("shows the static again when another channel is chosen, and puts it in the URL", async () => {
    const { callsTo } = api(VIP);
    const { router } = renderTv();
    const first = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    const waiting = card(WAITING);
    waiting.focus();
    fireEvent.click(waiting);
    await waitFor(() => expect(within(playerRegion()).getByText(`Tuning in to ${WAITING.name}...`)).toBeTruthy());
    // The old picture is gone at once.
    expect(first.hasAttribute("src")).toBe(false);
    expect(waiting.getAttribute("aria-pressed")).toBe("true");
    expect(card(SPRING).getAttribute("aria-pressed")).toBe("false");
    expect(router.state.location.search).toEqual({ channel: WAITING.id });
    expect(document.activeElement).toBe(waiting);
    const video = await tuneIn(WAITING.name, "/media/tv/waiting-for-your-love-video?token=t1");
    expect(video).toBe(first); // the same element: fullscreen and focus survive a channel change
    expect(callsTo("POST /api/tv/channels/waiting-for-your-love-video/stream")).toHaveLength(1);
    expect(within(playerRegion()).getByRole("heading", { level: 2, name: WAITING.name })).toBeTruthy();

    // Back to the first channel, and away and back again before the static ends: each time the
    // static again and a fresh URL, never the stream it had before.
    fireEvent.click(card(SPRING));
    await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t2");
    fireEvent.click(card(ONE));
    await waitFor(() => expect(within(playerRegion()).getByText(`Tuning in to ${ONE.name}...`)).toBeTruthy());
    fireEvent.click(card(SPRING));
    await waitFor(() => expect(card(SPRING).getAttribute("aria-pressed")).toBe("true"));
    await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t3");
    expect(callsTo("POST /api/tv/channels/spring-love-video/stream")).toHaveLength(3);
  });

  it("opens the channel a link names, and the first one for an unknown name", async () => {
    const { callsTo } = api(VIP);
    renderTv("/tv?channel=behind-the-scenes");
    await tuneIn(BTS.name, "/media/tv/behind-the-scenes?token=t1");
    expect(card(BTS).getAttribute("aria-pressed")).toBe("true");
    cleanup();
    renderTv("/tv?channel=no-such-channel");
    await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    expect(callsTo("POST /api/tv/channels/behind-the-scenes/stream")).toHaveLength(1);
  });

  it("joins the live channel where the broadcast is now, shows LIVE, cannot skip, and re-joins after a pause", async () => {
    api(VIP);
    renderTv("/tv?channel=live");
    const video = await tuneIn(LIVE.name, "/media/tv/live?token=t1");
    // The answer said 12 s as of its arrival; the static took TV_STATIC_MS since.
    loadMetadata(video, 40);
    const expected = LIVE_START_AT + TV_STATIC_MS / 1000;
    expect(video.currentTime).toBeGreaterThanOrEqual(expected);
    expect(video.currentTime).toBeLessThan(expected + 0.5);
    const player = playerRegion();
    expect(within(player).getByText("LIVE")).toBeTruthy();
    expect(player.querySelector(".tv-time")!.textContent).toBe("");

    const forward = within(player).getByRole("button", { name: "Skip forward 10 seconds" });
    expect(forward.getAttribute("aria-disabled")).toBe("true");
    expect(within(player).getByRole("button", { name: "Skip back 10 seconds" }).getAttribute("aria-disabled")).toBe("true");
    const before = video.currentTime;
    fireEvent.click(forward);
    fireEvent.keyDown(forward, { key: "l" });
    expect(video.currentTime).toBe(before);

    fireEvent.click(within(player).getByRole("button", { name: "Pause" }));
    expect(video.paused).toBe(true);
    await advance(5_000);
    fireEvent.click(within(player).getByRole("button", { name: "Play" }));
    expect(video.paused).toBe(false);
    expect(video.currentTime).toBeGreaterThanOrEqual(expected + 5);
    expect(video.currentTime).toBeLessThan(expected + 5.5);
  });

  it("plays a live channel's embed page in a sandboxed iframe", async () => {
    // happy-dom loads no iframe page (there is no network here) and reports that, with a stack, on
    // Node's own console, which vitest's silent mode does not reach: expected here, and checked.
    const notLoaded = vi.spyOn(nodeConsole, "error").mockImplementation(() => {});
    api(VIP, {
      "POST /api/tv/channels/live/stream": json(200, { kind: "embed", embedUrl: "https://player.example.test/live/embed" } satisfies TvStreamResponse),
    });
    renderTv("/tv?channel=live");
    const player = await screen.findByRole("region", { name: "TV player" });
    await advance(TV_STATIC_MS);
    const frame = await within(player).findByTitle("Freestyle Lovers Live live stream");
    expect(frame.getAttribute("src")).toBe("https://player.example.test/live/embed");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-presentation");
    expect(frame.getAttribute("allow")).toBe("autoplay; fullscreen");
    expect(videoOf(LIVE.name).hidden).toBe(true);
    expect(videoOf(LIVE.name).hasAttribute("src")).toBe(false);
    expect(within(player).getByText("LIVE")).toBeTruthy();
    expect(within(player).queryByRole("button", { name: /Skip/ })).toBeNull();
    expect(notLoaded).toHaveBeenCalledWith(expect.objectContaining({ name: "NotSupportedError", message: expect.stringContaining("player.example.test") }));
  });

  it("shows the spec's error on a video error, and Try Again asks for a new stream and replays", async () => {
    const { callsTo } = api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    fireEvent(video, new Event("error"));
    const alert = await within(playerRegion()).findByRole("alert");
    expect(alert.textContent).toContain("Unable to play video. Please try again.");
    expect(within(playerRegion()).getByRole("button", { name: "Play" }).getAttribute("aria-disabled")).toBe("true");
    play.mockClear();
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(callsTo("POST /api/tv/channels/spring-love-video/stream")).toHaveLength(2));
    expect(within(playerRegion()).queryByRole("alert")).toBeNull();
    await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t2");
    expect(play).toHaveBeenCalled();
    expect(video.paused).toBe(false);
  });

  it("shows the error when play() fails, and when the stream cannot be had", async () => {
    play.mockImplementationOnce(() => Promise.reject(new DOMException("The element has no supported sources.", "NotSupportedError")));
    api(VIP, { "POST /api/tv/channels/waiting-for-your-love-video/stream": apiError(500, "internal", "boom") });
    renderTv();
    await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    expect((await within(playerRegion()).findByRole("alert")).textContent).toContain("Unable to play video. Please try again.");

    fireEvent.click(card(WAITING));
    await advance(TV_STATIC_MS);
    const alert = await within(playerRegion()).findByRole("alert");
    expect(alert.textContent).toContain("Unable to play video. Please try again.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("offers a big play button, not an error, when the browser refuses autoplay", async () => {
    play.mockImplementationOnce(() =>
      Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", "NotAllowedError")),
    );
    api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    const big = await within(playerRegion()).findByRole("button", { name: "Play video" });
    expect(within(playerRegion()).queryByRole("alert")).toBeNull();
    expect(video.paused).toBe(true);
    fireEvent.click(big);
    expect(video.paused).toBe(false);
    await waitFor(() => expect(within(playerRegion()).queryByRole("button", { name: "Play video" })).toBeNull());
  });

  it("replaces a URL that stopped working (network error) without static, and resumes at the same position", async () => {
    const { callsTo } = api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    loadMetadata(video, 30);
    video.currentTime = 17;
    Object.defineProperty(video, "error", { configurable: true, get: () => ({ code: 2 }) });
    fireEvent(video, new Event("error"));
    await waitFor(() => expect(video.getAttribute("src")).toBe("/media/tv/spring-love-video?token=t2"));
    expect(callsTo("POST /api/tv/channels/spring-love-video/stream")).toHaveLength(2);
    expect(within(playerRegion()).queryByText(/Tuning in/)).toBeNull();
    expect(within(playerRegion()).queryByRole("alert")).toBeNull();
    delete (video as { error?: unknown }).error;
    video.currentTime = 0; // a new source starts at the beginning...
    loadMetadata(video, 30);
    expect(video.currentTime).toBe(17); // ...and the player puts it back
  });

  it("speaks Portuguese in the player", async () => {
    api(VIP);
    renderTv("/tv", "pt-BR");
    const player = await screen.findByRole("region", { name: "Player de TV" });
    const pt = inPortuguese(SPRING);
    await tuneIn(pt.name, "/media/tv/spring-love-video?token=t1", { tuningText: `Sintonizando ${pt.name}...`, region: "Player de TV" });
    expect(within(player).getByRole("button", { name: "Avançar 10 segundos" })).toBeTruthy();
    expect(within(player).getByRole("button", { name: "Voltar 10 segundos" })).toBeTruthy();
    expect(within(player).getByRole("button", { name: "Tela cheia" })).toBeTruthy();
    expect(within(player).getByRole("button", { name: "Pausar" })).toBeTruthy();
    expect(within(player).getByText(pt.description)).toBeTruthy();
    fireEvent(screen.getByLabelText(`Vídeo: ${pt.name}`), new Event("error"));
    const alert = await within(player).findByRole("alert");
    expect(alert.textContent).toContain("Não foi possível reproduzir o vídeo. Tente novamente.");
    expect(within(alert).getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });
});

describe("/tv sound and captions", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // happy-dom makes a new TextTrack on every read of <track>.track; a browser keeps one per
    // element, whose mode is what shows. Keep one per element here too.
    const textTracks = new WeakMap<HTMLTrackElement, TextTrack>();
    vi.spyOn(HTMLTrackElement.prototype, "track", "get").mockImplementation(function (this: HTMLTrackElement) {
      let track = textTracks.get(this);
      if (!track) textTracks.set(this, (track = { mode: "disabled" } as TextTrack));
      return track;
    });
  });

  const CAPTIONS = (token: string) => [
    { lang: "en" as const, url: `/media/tv/spring-love-video/captions/en?token=${token}` },
    { lang: "pt-BR" as const, url: `/media/tv/spring-love-video/captions/pt-BR?token=${token}` },
  ];
  const withCaptions = () => ({
    "POST /api/tv/channels/spring-love-video/stream": () => json(200, videoStream("spring-love-video", "t1", { captions: CAPTIONS("t1") })),
  });
  const modes = (video: HTMLVideoElement) => [...video.querySelectorAll("track")].map((t) => [t.srclang, t.track.mode]);

  it("mute and volume: buttons, slider and M, applied to the video and kept for the next visit", async () => {
    api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    const player = playerRegion();
    const slider = within(player).getByRole("slider", { name: "Volume" });
    expect(slider.getAttribute("aria-valuetext")).toBe("100%");
    expect(video.volume).toBe(1);

    fireEvent.change(slider, { target: { value: "40" } });
    expect(video.volume).toBeCloseTo(0.4);
    expect(slider.getAttribute("aria-valuetext")).toBe("40%");
    const mute = within(player).getByRole("button", { name: "Mute" });
    expect(mute.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(mute);
    expect(video.muted).toBe(true);
    expect(within(player).getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
    expect((slider as HTMLInputElement).value).toBe("0");
    // M, with the focus in the player, unmutes again.
    fireEvent.keyDown(within(player).getByRole("button", { name: "Pause" }), { key: "m" });
    expect(video.muted).toBe(false);
    expect((slider as HTMLInputElement).value).toBe("40");
    expect(JSON.parse(localStorage.getItem("tv.v1")!)).toEqual({ volume: 40, muted: false, captions: false });

    // A new visit starts at the saved volume.
    cleanup();
    api(VIP);
    renderTv();
    const again = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    expect(again.volume).toBeCloseTo(0.4);
  });

  it("captions: a <track> per language, labelled in the page's language; CC (and C) shows the page language's track", async () => {
    api(VIP, withCaptions());
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    const tracks = [...video.querySelectorAll("track")];
    expect(tracks.map((t) => [t.kind, t.srclang, t.label, t.getAttribute("src")])).toEqual([
      ["subtitles", "en", "English", "/media/tv/spring-love-video/captions/en?token=t1"],
      ["subtitles", "pt-BR", "Portuguese (Brazil)", "/media/tv/spring-love-video/captions/pt-BR?token=t1"],
    ]);
    expect(modes(video)).toEqual([
      ["en", "disabled"],
      ["pt-BR", "disabled"],
    ]);
    const cc = within(playerRegion()).getByRole("button", { name: "CC: captions" });
    expect(cc.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(cc);
    expect(cc.getAttribute("aria-pressed")).toBe("true");
    expect(modes(video)).toEqual([
      ["en", "showing"],
      ["pt-BR", "disabled"],
    ]);
    expect(JSON.parse(localStorage.getItem("tv.v1")!)).toMatchObject({ captions: true });
    fireEvent.keyDown(cc, { key: "c" });
    expect(cc.getAttribute("aria-pressed")).toBe("false");
    expect(modes(video)).toEqual([
      ["en", "disabled"],
      ["pt-BR", "disabled"],
    ]);
  });

  it("in Portuguese: the labels are Portuguese and CC shows the pt-BR track", async () => {
    api(VIP, withCaptions());
    renderTv("/tv", "pt-BR");
    const pt = inPortuguese(SPRING);
    const video = await tuneIn(pt.name, "/media/tv/spring-love-video?token=t1", { tuningText: `Sintonizando ${pt.name}...`, region: "Player de TV" });
    const player = screen.getByRole("region", { name: "Player de TV" });
    expect([...video.querySelectorAll("track")].map((t) => t.label)).toEqual(["Inglês", "Português (Brasil)"]);
    expect(within(player).getByRole("button", { name: "Silenciar" })).toBeTruthy();
    expect(within(player).getByRole("slider", { name: "Volume" })).toBeTruthy();
    fireEvent.click(within(player).getByRole("button", { name: "CC: legendas" }));
    expect(modes(video)).toEqual([
      ["en", "disabled"],
      ["pt-BR", "showing"],
    ]);
  });

  it("a video without captions has no tracks and its CC button is disabled", async () => {
    api(VIP);
    renderTv();
    const video = await tuneIn(SPRING.name, "/media/tv/spring-love-video?token=t1");
    expect(video.querySelectorAll("track")).toHaveLength(0);
    const cc = within(playerRegion()).getByRole("button", { name: "CC: captions" });
    expect(cc.getAttribute("aria-disabled")).toBe("true");
    expect(cc.getAttribute("title")).toBe("This video has no captions");
    fireEvent.click(cc);
    expect(cc.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("TV helpers", () => {
  const stream = { ...(videoStream("live", "x", { startAt: 12, durationSeconds: 40 }) as Extract<TvStreamResponse, { kind: "video" }>), receivedAt: 1_000_000 };

  it("live position: startAt plus local time since the answer, wrapped, whatever the server's clock says", () => {
    expect(livePositionAt(stream, 1_000_000)).toBe(12);
    expect(livePositionAt(stream, 1_003_500)).toBe(15.5);
    expect(livePositionAt(stream, 1_000_000 + 30_000)).toBe(2); // 42 s wraps to 2 in a 40 s loop
    expect(livePositionAt({ ...stream, serverTime: "2030-01-01T00:00:00.000Z" }, 1_003_500)).toBe(15.5);
    expect(livePositionAt(stream, 1_000_000 + 27_990, 39.9)).toBeCloseTo(39.85, 5); // never past the file's end
  });

  it("expiry: by the URL's lifetime and local elapsed time", () => {
    expect(streamExpired(stream, 1_000_000 + 9 * 60_000)).toBe(false);
    expect(streamExpired(stream, 1_000_000 + 10 * 60_000)).toBe(true);
  });

  it("clock", () => {
    expect([formatClock(0), formatClock(75.9), formatClock(3725), formatClock(Number.NaN)]).toEqual(["0:00", "1:15", "1:02:05", "--:--"]);
  });
});
