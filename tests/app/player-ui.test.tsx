// The persistent player bar and its provider: labelled controls in both languages, hidden without a
// queue or without VIP, the keyboard shortcuts (and their silence while typing), the '?' help
// dialog, the queue dialog, the error alert and the API wiring (stream URL, play counting).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlayerEngine } from "../../app/features/music/player/engine";
import { PlayerBar } from "../../app/features/music/player/PlayerBar";
import { createApiPlayerEngine, PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { artistQueryOptions } from "../../app/lib/artist";
import type { SessionUser } from "../../worker/contracts/auth";
import type { PlayResponse, StreamResponse } from "../../worker/contracts/music/music";
import { json, mockApi } from "./accounts-harness";
import { FakeAudio, MemoryStorage, TEST_ARTIST, track } from "./player-fakes";

const QUEUE = [track(1), track(2), track(3)];
const VIP: SessionUser = { id: "user-1", email: "vip@example.test", username: "vip", isAdmin: false, isVIP: true, avatarUrl: null };

const savedQueue = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ v: 1, queue: QUEUE, index: 0, position: 65, volume: 80, muted: false, repeat: false, shuffle: false, ...overrides });

/** `me: "unknown"` leaves the session query unanswered (still loading). */
type Options = {
  me?: SessionUser | null | "unknown";
  locale?: Locale;
  saved?: string | null;
  /** "default": the provider builds its own engine (the page's real wiring). */
  engine?: PlayerEngine | "default";
  onPlayCounted?: (response: PlayResponse, trackId: string) => void;
};

function renderBar({ me = VIP, locale = "en", saved = savedQueue(), engine, onPlayCounted }: Options = {}) {
  const storage = new MemoryStorage();
  if (saved) storage.setItem("player.v1", saved);
  const audios: FakeAudio[] = [];
  const resolveSource = vi.fn(async (trackId: string): Promise<StreamResponse> => ({ url: `/media/${trackId}`, expiresAt: "2999-01-01T00:00:00Z" }));
  const player =
    (engine !== "default" && engine) ||
    new PlayerEngine({
      resolveSource,
      createAudio: () => {
        const audio = new FakeAudio();
        audios.push(audio);
        return audio;
      },
      createAudioContext: null,
      mediaSession: null,
      storage,
      log: () => {},
    });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The provider reads GET /api/artist for the lock screen: answered here, so no test reaches the
  // network (an unmocked fetch logs "socket hang up"). The lock screen's own tests answer it below.
  queryClient.setQueryData(artistQueryOptions().queryKey, TEST_ARTIST);
  if (me === "unknown") mockApi({ "GET /api/auth/me": () => new Promise<Response>(() => {}) });
  else queryClient.setQueryData(["me"], { user: me });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <PlayerProvider engine={engine === "default" ? undefined : player} brand="Neon Test Brand" onPlayCounted={onPlayCounted}>
          <label>
            Search tracks
            <input type="search" />
          </label>
          <div contentEditable suppressContentEditableWarning data-testid="editor">
            notes
          </div>
          <button type="button">Outside button</button>
          <PlayerBar />
        </PlayerProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { engine: player, storage, resolveSource, audios, state: () => player.getState() };
}

const key = (init: KeyboardEventInit, target: Element = document.body) => {
  let notPrevented = true;
  act(() => {
    notPrevented = fireEvent.keyDown(target, init);
  });
  return { prevented: !notPrevented };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("PlayerBar", () => {
  it("renders every control labelled, with the track, the times and the slider values (en)", () => {
    renderBar();
    const bar = screen.getByRole("region", { name: "Audio player" });
    expect(within(bar).getByText("Track 1")).toBeTruthy();
    expect(within(bar).getByText("Night Album")).toBeTruthy();
    for (const name of ["Play", "Previous track", "Next track", "Mute", "Queue", "Keyboard shortcuts"]) {
      expect(within(bar).getByRole("button", { name })).toBeTruthy();
    }
    expect(within(bar).getByRole("button", { name: "Shuffle" }).getAttribute("aria-pressed")).toBe("false");
    expect(within(bar).getByRole("button", { name: "Repeat" }).getAttribute("aria-pressed")).toBe("false");
    const seek = within(bar).getByRole("slider", { name: "Seek" }) as HTMLInputElement;
    expect(seek.type).toBe("range");
    expect(seek.value).toBe("65");
    expect(seek.getAttribute("aria-valuetext")).toBe("1:05 of 3:30");
    const volume = within(bar).getByRole("slider", { name: "Volume" }) as HTMLInputElement;
    expect([volume.min, volume.max, volume.value]).toEqual(["0", "100", "80"]);
    expect(volume.getAttribute("aria-valuetext")).toBe("80%");
    expect(within(bar).getByText("1:05")).toBeTruthy();
    expect(within(bar).getByText("3:30")).toBeTruthy();
    // Room is left at the bottom of the page for the bar.
    expect(document.body.classList.contains("has-player-bar")).toBe(true);
  });

  it("is labelled in Brazilian Portuguese", () => {
    renderBar({ locale: "pt-BR" });
    const bar = screen.getByRole("region", { name: "Player de áudio" });
    for (const name of ["Reproduzir", "Faixa anterior", "Próxima faixa", "Ordem aleatória", "Repetir", "Silenciar", "Fila", "Atalhos de teclado"]) {
      expect(within(bar).getByRole("button", { name })).toBeTruthy();
    }
    expect(within(bar).getByRole("slider", { name: "Posição na faixa" }).getAttribute("aria-valuetext")).toBe("1:05 de 3:30");
    expect(within(bar).getByRole("slider", { name: "Volume" })).toBeTruthy();
  });

  it("the shortcuts help says in Brazilian Portuguese where Ctrl+S and Ctrl+R work", () => {
    renderBar({ locale: "pt-BR" });
    key({ key: "?", shiftKey: true });
    const dialog = screen.getByRole("dialog", { name: "Atalhos de teclado" });
    expect(within(dialog).getByText(/Ctrl\+S e Ctrl\+R só funcionam enquanto o player está em foco/)).toBeTruthy();
  });

  it("is hidden while nothing is queued, and appears with the first queue", async () => {
    const { engine } = renderBar({ saved: null });
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
    expect(document.body.classList.contains("has-player-bar")).toBe(false);
    await act(async () => engine.playQueue(QUEUE, 1));
    expect(screen.getByRole("region", { name: "Audio player" })).toBeTruthy();
    expect(screen.getByText("Track 2")).toBeTruthy();
  });

  it("is hidden for a signed-in member without VIP, whose saved queue is forgotten", () => {
    const { state, storage } = renderBar({ me: { ...VIP, isVIP: false } });
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
    expect(state().queue).toEqual([]);
    expect(storage.getItem("player.v1")).toBeNull();
  });

  it("stays hidden while the session is unknown, keeping the saved queue", () => {
    const { state, storage } = renderBar({ me: "unknown" });
    expect(state().queue).toHaveLength(3);
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
    expect(storage.getItem("player.v1")).not.toBeNull();
  });

  it("its buttons and sliders drive the engine", async () => {
    const { state, audios } = renderBar();
    fireEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    expect(screen.getByRole("button", { name: "Shuffle" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Repeat" }));
    expect(state()).toMatchObject({ shuffle: true, repeat: true });
    fireEvent.change(screen.getByRole("slider", { name: "Volume" }), { target: { value: "35" } });
    expect(state().volume).toBe(35);
    fireEvent.change(screen.getByRole("slider", { name: "Seek" }), { target: { value: "100" } });
    expect(state().currentTime).toBe(100);
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(screen.getByRole("button", { name: "Mute" }).getAttribute("aria-pressed")).toBe("true");

    // Play: loads the track, then the button offers Pause.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Play" }));
    });
    await act(async () => audios[0]!.fireMetadata());
    await waitFor(() => expect(state().status).toBe("playing"));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(audios[0]!.currentTime).toBe(100);
    expect(audios[0]!.volume).toBeCloseTo(0.35);
  });

  it("shows a playback error in an alert", async () => {
    const { engine } = renderBar();
    act(() => engine.playTrack(track(9, { playable: false })));
    expect(screen.getByRole("alert").textContent).toContain("This track cannot be played yet");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("the queue dialog lists the queue, marks the current track and jumps on click", async () => {
    const { state } = renderBar();
    fireEvent.click(screen.getByRole("button", { name: "Queue" }));
    const dialog = screen.getByRole("dialog", { name: "Play Queue" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    const current = within(dialog).getByRole("button", { name: /Track 1/ });
    expect(current.getAttribute("aria-current")).toBe("true");
    expect(current.textContent).toContain("Now playing");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: /Track 3/ }));
    });
    expect(state().index).toBe(2);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Player keyboard shortcuts", () => {
  it("Space, Shift+arrows, M, Alt+arrows, Ctrl+S and Ctrl+R control the player", async () => {
    const { state } = renderBar();
    expect(key({ key: " ", code: "Space" }).prevented).toBe(true);
    expect(state().status).toBe("loading");
    key({ key: " ", code: "Space" });
    expect(state().status).toBe("paused");

    key({ key: "ArrowRight", shiftKey: true });
    expect(state().index).toBe(1);
    key({ key: "ArrowLeft", shiftKey: true });
    key({ key: "ArrowLeft", shiftKey: true });
    expect(state().index).toBe(2); // wraps
    key({ key: " " }); // pause the load the arrows started
    await act(async () => {});

    key({ key: "m" });
    expect(state().muted).toBe(true);
    key({ key: "M" });
    expect(state().muted).toBe(false);

    key({ key: "ArrowUp", altKey: true });
    expect(state().volume).toBe(90);
    key({ key: "ArrowDown", altKey: true });
    key({ key: "ArrowDown", altKey: true });
    expect(state().volume).toBe(70);

    // Ctrl+S and Ctrl+R with the focus inside the player bar.
    const inBar = screen.getByRole("button", { name: "Next track" });
    expect(key({ key: "s", ctrlKey: true }, inBar).prevented).toBe(true);
    expect(state().shuffle).toBe(true);
    expect(key({ key: "r", ctrlKey: true }, inBar).prevented).toBe(true);
    expect(state().repeat).toBe(true);
    expect(screen.getByRole("button", { name: "Repeat" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("Ctrl+S and Ctrl+R outside the player bar are left to the browser (save, reload); other keys still work", () => {
    const { state } = renderBar();
    for (const target of [document.body, screen.getByRole("button", { name: "Outside button" })]) {
      expect(key({ key: "s", ctrlKey: true }, target).prevented).toBe(false);
      expect(key({ key: "r", ctrlKey: true }, target).prevented).toBe(false);
    }
    expect(state()).toMatchObject({ shuffle: false, repeat: false });
    expect(key({ key: "m" }).prevented).toBe(true);
    expect(state().muted).toBe(true);

    // Inside the bar's help dialog they act (it is part of the player).
    key({ key: "?", shiftKey: true });
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(key({ key: "s", ctrlKey: true }, within(dialog).getByRole("button", { name: "Close" })).prevented).toBe(true);
    expect(state().shuffle).toBe(true);
  });

  it("are ignored while typing in an input or an editable area", () => {
    const { state } = renderBar();
    const input = screen.getByRole("searchbox", { name: "Search tracks" });
    input.focus();
    expect(key({ key: " " }, input).prevented).toBe(false);
    key({ key: "m" }, input);
    key({ key: "ArrowRight", shiftKey: true }, input);
    key({ key: "ArrowUp", altKey: true }, input);
    expect(key({ key: "s", ctrlKey: true }, input).prevented).toBe(false);
    key({ key: "?", shiftKey: true }, input);
    const editor = screen.getByTestId("editor");
    key({ key: "m" }, editor);
    expect(state()).toMatchObject({ status: "paused", muted: false, index: 0, volume: 80, shuffle: false });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Space on a focused button is left to the button", () => {
    const { state } = renderBar();
    const shuffle = screen.getByRole("button", { name: "Shuffle" });
    expect(key({ key: " " }, shuffle).prevented).toBe(false);
    expect(state().status).toBe("paused");
  });

  it("take no keys while the bar is hidden", () => {
    renderBar({ saved: null });
    expect(key({ key: " " }).prevented).toBe(false);
    expect(key({ key: "r", ctrlKey: true }).prevented).toBe(false);
  });

  it("'?' opens the shortcuts help dialog, which lists the keys and closes", () => {
    renderBar();
    key({ key: "?", shiftKey: true });
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const text of [
      "Play or pause",
      "Next track",
      "Previous track",
      "Mute or unmute",
      "Volume up by 10",
      "Volume down by 10",
      "Shuffle on or off",
      "Repeat on or off",
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getByText("Space")).toBeTruthy();
    expect(within(dialog).getByText(/Ctrl\+S and Ctrl\+R work only while the player has the focus/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy();
  });
});

describe("PlayerProvider API wiring", () => {
  it("the provider's own engine plays through the API and reports counted plays to onPlayCounted", async () => {
    const counted: PlayResponse = { counted: true, plays: 3, totalPlays: 99 };
    const api = mockApi({
      "POST /api/music/tracks/t1/stream": json(200, { url: "/media/t1?token=a", expiresAt: "2999-01-01T00:00:00Z" }),
      "POST /api/music/tracks/t2/stream": json(200, { url: "/media/t2?token=b", expiresAt: "2999-01-01T00:00:00Z" }),
      "POST /api/music/tracks/t1/plays": json(200, counted),
    });
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
    localStorage.setItem("player.v1", savedQueue({ position: 0 }));
    const onPlayCounted = vi.fn();
    renderBar({ engine: "default", onPlayCounted });
    // Restored from localStorage by the provider: the bar shows, paused.
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Play" }));
    });
    await waitFor(() => expect(audios[0]?.src).toBe("/media/t1?token=a"));
    await act(async () => audios[0]!.fireMetadata());
    await waitFor(() => expect(onPlayCounted).toHaveBeenCalledWith(counted, "t1"));
    expect(api.callsTo("POST /api/music/tracks/t1/plays")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
  });

  it("asks the stream route for a signed URL, counts the play once and reports the new counters", async () => {
    const counted: PlayResponse = { counted: true, plays: 8, totalPlays: 1234 };
    const api = mockApi({
      "POST /api/music/tracks/t2/stream": json(200, { url: "/media/t2?token=abc", expiresAt: "2999-01-01T00:00:00Z" }),
      "POST /api/music/tracks/t3/stream": json(200, { url: "/media/t3?token=def", expiresAt: "2999-01-01T00:00:00Z" }),
      "POST /api/music/tracks/t2/plays": json(200, counted),
    });
    const audios: FakeAudio[] = [];
    const onPlayCounted = vi.fn();
    const engine = createApiPlayerEngine({
      onPlayCounted,
      createAudio: () => {
        const audio = new FakeAudio();
        audios.push(audio);
        return audio;
      },
      createAudioContext: null,
      mediaSession: null,
      storage: null,
      log: () => {},
    });
    renderBar({ engine, saved: null });
    await act(async () => engine.playQueue(QUEUE, 1));
    await waitFor(() => expect(audios[0]?.src).toBe("/media/t2?token=abc"));
    const [, init] = api.callsTo("POST /api/music/tracks/t2/stream")[0]!;
    expect(init?.body).toBe("{}");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");

    await act(async () => audios[0]!.fireMetadata());
    await waitFor(() => expect(onPlayCounted).toHaveBeenCalledWith(counted, "t2"));
    expect(api.callsTo("POST /api/music/tracks/t2/plays")).toHaveLength(1);
    expect(engine.getState().status).toBe("playing");
  });
});

describe("the lock screen's artist line (Media Session)", () => {
  /** The engine with a Media Session that keeps what it is given, on the saved queue. */
  function renderWithSession(artistAnswer: Response) {
    mockApi({ "GET /api/artist": artistAnswer });
    const session = { metadata: null as { artist?: string; title?: string } | null, playbackState: "none", setActionHandler: () => {} };
    const storage = new MemoryStorage();
    storage.setItem("player.v1", savedQueue());
    const engine = new PlayerEngine({
      resolveSource: async (trackId) => ({ url: `/media/${trackId}`, expiresAt: "2999-01-01T00:00:00Z" }),
      createAudio: () => new FakeAudio(),
      createAudioContext: null,
      mediaSession: session,
      createMediaMetadata: (fields) => fields,
      storage,
      log: () => {},
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(["me"], { user: VIP });
    render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale="en">
          <PlayerProvider engine={engine} brand="Neon Test Brand">
            <PlayerBar />
          </PlayerProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    return session;
  }

  it("names the artist (the back office's setting), not the brand", async () => {
    const session = renderWithSession(
      json(200, { name: "Marina Sol", bio: { en: "", "pt-BR": "" }, portraitUrl: "/media/site/artist-portrait.jpg", links: {}, hits: [] }),
    );
    await waitFor(() => expect(session.metadata?.artist).toBe("Marina Sol"));
    expect(session.metadata?.title).toBe(QUEUE[0]!.title);
  });

  it("keeps the brand when the artist cannot be read", async () => {
    const session = renderWithSession(json(500, { error: { code: "internal", message: "Internal error" } }));
    await waitFor(() => expect(session.metadata?.artist).toBe("Neon Test Brand"));
  });
});
