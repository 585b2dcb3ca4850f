// The players' lyrics panel (decision 117): the bar's button opens it (aria-expanded, Escape
// closes and gives the focus back), synced lines follow the fake audio's time with the sung one
// marked and scrolled into view, a preview's time is moved by where the preview starts, the
// viewer's language first (else the other), plain lyrics as text, a release's VIP-only lyrics as
// a message with the way in; the popup and the embed have the same panel.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRootRouteWithContext, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlayerEngine } from "../../app/features/music/player/engine";
import { PlayerBar } from "../../app/features/music/player/PlayerBar";
import { createApiPlayerEngine, PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import { MusicPlayerPopup, type MusicPlayerPopupState } from "../../app/features/music/popup/MusicPlayerPopup";
import { TrackEmbed } from "../../app/features/music/embed/EmbedPlayer";
import { artistQueryOptions } from "../../app/lib/artist";
import type { Locale } from "../../app/i18n/locale";
import type { TrackLyricsResponse } from "../../worker/contracts/music/track-details";
import { apiError, json, mockApi, newQueryClient, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { FakeAudio, MemoryStorage, TEST_ARTIST, track } from "./player-fakes";

const TRACK = track(1);
const LYRICS_PATH = `GET /api/music/tracks/${TRACK.id}/lyrics`;
const VIP = sessionUser({ isVIP: true });

const SYNCED_EN = {
  locale: "en" as const,
  synced: true,
  text: "[00:01.00]First line\n[00:04.00]Second line\n[01:01.00]Sixty-one\n[01:04.00]Sixty-four",
  lines: [
    { ms: 1000, text: "First line" },
    { ms: 4000, text: "Second line" },
    { ms: 61_000, text: "Sixty-one" },
    { ms: 64_000, text: "Sixty-four" },
  ],
};
const PLAIN_PT = { locale: "pt-BR" as const, synced: false, text: "Primeira linha\nSegunda linha", lines: [] };
const BOTH: TrackLyricsResponse = { access: "public", lyrics: [SYNCED_EN, PLAIN_PT] };

let scrolled: string[] = [];
beforeEach(() => {
  scrolled = [];
  // happy-dom has no scrolling: record which line was asked into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.textContent ?? "");
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function rootWith(component: () => ReactNode) {
  return createRootRouteWithContext<{ queryClient: QueryClient }>()({ component });
}

function render(root: AnyRoute, locale: Locale, queryClient: QueryClient) {
  return renderApp(root.addChildren([stubRoute(root, "/"), stubRoute(root, "/vip-signup")]), "/", { locale, queryClient });
}

/** The site's player bar for `me`, its engine given fake audio elements. */
function renderBar({ me = VIP, locale = "en", routes = {} }: { me?: ReturnType<typeof sessionUser> | null; locale?: Locale; routes?: ApiRoutes } = {}) {
  mockApi({ [LYRICS_PATH]: json(200, BOTH), ...routes });
  const audios: FakeAudio[] = [];
  const fakes = {
    createAudio: () => {
      const audio = new FakeAudio();
      audios.push(audio);
      return audio;
    },
    createAudioContext: null,
    mediaSession: null,
    storage: new MemoryStorage(),
    log: () => {},
  };
  // Full tracks from a fake source; previews through the API's wiring (the preview's start is its answer).
  const engine = me?.isVIP
    ? new PlayerEngine({ resolveSource: async (id) => ({ url: `/media/${id}`, expiresAt: "2999-01-01T00:00:00Z" }), ...fakes })
    : createApiPlayerEngine(fakes);
  const queryClient = newQueryClient();
  queryClient.setQueryData(artistQueryOptions().queryKey, TEST_ARTIST);
  queryClient.setQueryData(["me"], { user: me });
  const root = rootWith(() => (
    <PlayerProvider engine={engine} brand="Neon Test Brand">
      <Outlet />
      <PlayerBar />
    </PlayerProvider>
  ));
  render(root, locale, queryClient);
  return { engine, audios };
}

async function play(engine: PlayerEngine, audios: FakeAudio[]) {
  await act(async () => engine.playTrack(TRACK, [TRACK]));
  await act(async () => audios[0]!.fireMetadata());
  await waitFor(() => expect(engine.getState().status).toBe("playing"));
}

const lyricsButton = () => screen.getByRole("button", { name: /^(Lyrics|Letra)$/ });
const panel = () => screen.getByRole("region", { name: /^(Lyrics|Letra)$/ });
const sung = () =>
  within(panel())
    .queryAllByRole("listitem")
    .find((li) => li.getAttribute("aria-current") === "true")?.textContent ?? null;

describe("the player bar's lyrics", () => {
  it("opens on the button, follows the audio's time line by line, and Escape closes it back to the button", async () => {
    const { engine, audios } = renderBar();
    await play(engine, audios);
    expect(lyricsButton().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("region", { name: "Lyrics" })).toBeNull();

    fireEvent.click(lyricsButton());
    expect(lyricsButton().getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(4));
    expect(lyricsButton().getAttribute("aria-controls")).toBe(panel().id);
    expect(sung()).toBeNull(); // before the first line

    audios[0]!.currentTime = 4.3;
    await waitFor(() => expect(sung()).toBe("Second line"));
    expect(scrolled.at(-1)).toBe("Second line");
    audios[0]!.currentTime = 1.2;
    await waitFor(() => expect(sung()).toBe("First line"));
    expect(scrolled.at(-1)).toBe("First line");

    fireEvent.keyDown(within(panel()).getAllByRole("listitem")[0]!, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Lyrics" })).toBeNull();
    expect(lyricsButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(lyricsButton());

    // Escape on the button closes it too.
    fireEvent.click(lyricsButton());
    await screen.findByRole("region", { name: "Lyrics" });
    fireEvent.keyDown(lyricsButton(), { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Lyrics" })).toBeNull();
  });

  it("in Portuguese: the Portuguese lyrics as their text, the English a button away", async () => {
    const { engine, audios } = renderBar({ locale: "pt-BR" });
    await play(engine, audios);
    fireEvent.click(lyricsButton());
    await waitFor(() => expect(panel().querySelector(".lyrics-panel-text")?.textContent).toBe("Primeira linha\nSegunda linha"));
    expect(panel().getAttribute("lang")).toBe("pt-BR");
    fireEvent.click(within(panel()).getByRole("button", { name: "Show in English" }));
    expect(panel().getAttribute("lang")).toBe("en");
    expect(
      within(panel())
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["First line", "Second line", "Sixty-one", "Sixty-four"]);
    expect(within(panel()).getByRole("button", { name: "Fechar a letra" })).toBeTruthy();
  });

  it("falls back to the other language when the viewer's is missing, and says when a track has none", async () => {
    const { engine, audios } = renderBar({ locale: "pt-BR", routes: { [LYRICS_PATH]: json(200, { access: "public", lyrics: [SYNCED_EN] }) } });
    await play(engine, audios);
    fireEvent.click(lyricsButton());
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(4));
    expect(panel().getAttribute("lang")).toBe("en");
    expect(within(panel()).queryByRole("button", { name: /Show in English|Mostrar em português/ })).toBeNull();
    cleanup();

    const none = renderBar({ routes: { [LYRICS_PATH]: json(200, { access: "public", lyrics: [] }) } });
    await play(none.engine, none.audios);
    fireEvent.click(lyricsButton());
    expect(await within(panel()).findByText("This track has no lyrics.")).toBeTruthy();
  });

  it("a preview's lines follow the song's time: the preview's start added to the audio's", async () => {
    const { engine, audios } = renderBar({
      me: sessionUser(),
      routes: {
        [`POST /api/music/tracks/${TRACK.id}/preview`]: json(200, {
          url: "/media/previews/t1.mp3",
          expiresAt: "2999-01-01T00:00:00Z",
          startSeconds: 60,
          durationSeconds: 30,
        }),
        [`POST /api/music/tracks/${TRACK.id}/preview-plays`]: json(200, { counted: true }),
      },
    });
    await waitFor(() => expect(engine.getState().preview).toBe(true));
    await play(engine, audios);
    fireEvent.click(lyricsButton());
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(4));
    audios[0]!.currentTime = 1.5; // 61.5 s into the song
    await waitFor(() => expect(sung()).toBe("Sixty-one"));
    audios[0]!.currentTime = 4; // 64 s
    await waitFor(() => expect(sung()).toBe("Sixty-four"));
  });

  it("a release's VIP-only lyrics: the message and the way to VIP, in both languages", async () => {
    const routes = {
      [LYRICS_PATH]: apiError(403, "vip_required", "VIP Access Required"),
      [`POST /api/music/tracks/${TRACK.id}/preview`]: json(200, {
        url: "/media/previews/t1.mp3",
        expiresAt: "2999-01-01T00:00:00Z",
        startSeconds: 0,
        durationSeconds: 30,
      }),
      [`POST /api/music/tracks/${TRACK.id}/preview-plays`]: json(200, { counted: true }),
    };
    const { engine, audios } = renderBar({ me: sessionUser(), routes });
    await waitFor(() => expect(engine.getState().preview).toBe(true));
    await play(engine, audios);
    fireEvent.click(lyricsButton());
    expect(await within(panel()).findByText("The lyrics of this release are for VIP members.")).toBeTruthy();
    expect(within(panel()).getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");
    expect(within(panel()).queryAllByRole("listitem")).toHaveLength(0);
    cleanup();

    const pt = renderBar({ me: sessionUser(), routes, locale: "pt-BR" });
    await waitFor(() => expect(pt.engine.getState().preview).toBe(true));
    await play(pt.engine, pt.audios);
    fireEvent.click(lyricsButton());
    expect(await within(panel()).findByText("As letras deste lançamento são para membros VIP.")).toBeTruthy();
    expect(within(panel()).getByRole("link", { name: "Torne-se um Membro VIP" })).toBeTruthy();
  });
});

describe("the popup's lyrics", () => {
  const popupState = (currentTime: number): MusicPlayerPopupState => ({
    status: "playing",
    currentTrack: TRACK,
    currentTime,
    duration: 210,
    volume: 80,
    muted: false,
    repeat: false,
    shuffle: false,
    error: null,
  });
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

  it("the current track's lines follow the popup's time", async () => {
    mockApi({ [LYRICS_PATH]: json(200, BOTH) });
    let setTime: (seconds: number) => void = () => {};
    function Popup() {
      const [time, set] = useState(0);
      setTime = set;
      return <MusicPlayerPopup tracks={[TRACK]} state={popupState(time)} analyser={null} actions={actions} canPlay />;
    }
    render(rootWith(Popup), "en", newQueryClient());
    fireEvent.click(await screen.findByRole("button", { name: "Lyrics" }));
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(4));
    expect(sung()).toBeNull();
    act(() => setTime(4.1));
    expect(sung()).toBe("Second line");
  });
});

describe("the embed's lyrics", () => {
  it("follows the preview being played (its start added), and a release's VIP lyrics point to the site in a new tab", async () => {
    const audios: FakeAudio[] = [];
    vi.stubGlobal(
      "Audio",
      class extends FakeAudio {
        constructor() {
          super();
          audios.push(this);
        }
      },
    );
    mockApi({
      [LYRICS_PATH]: json(200, BOTH),
      [`GET /api/music/tracks/${TRACK.id}`]: json(200, { track: TRACK }),
      [`POST /api/music/tracks/${TRACK.id}/preview`]: json(200, {
        url: "/media/previews/t1.mp3",
        expiresAt: "2999-01-01T00:00:00Z",
        startSeconds: 60,
        durationSeconds: 30,
      }),
      [`POST /api/music/tracks/${TRACK.id}/preview-plays`]: json(200, { counted: true }),
    });
    const root = rootWith(() => <TrackEmbed trackId={TRACK.id} />);
    render(root, "en", newQueryClient());
    fireEvent.click(await screen.findByRole("button", { name: `Play the preview of ${TRACK.title}` }));
    await screen.findByRole("button", { name: `Pause ${TRACK.title}` });
    fireEvent.click(lyricsButton());
    await waitFor(() => expect(within(panel()).getAllByRole("listitem")).toHaveLength(4));
    act(() => {
      audios[0]!.currentTime = 4.5;
      audios[0]!.dispatchEvent(new Event("timeupdate"));
    });
    expect(sung()).toBe("Sixty-four");
    cleanup();

    mockApi({ [LYRICS_PATH]: apiError(401, "unauthorized", "Sign in"), [`GET /api/music/tracks/${TRACK.id}`]: json(200, { track: TRACK }) });
    render(
      rootWith(() => <TrackEmbed trackId={TRACK.id} />),
      "en",
      newQueryClient(),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Lyrics" }));
    const link = await within(panel()).findByRole("link", { name: "Become a VIP Member" });
    expect([link.getAttribute("href"), link.getAttribute("target")]).toEqual([`${window.location.origin}/vip-signup`, "_blank"]);
  });
});
