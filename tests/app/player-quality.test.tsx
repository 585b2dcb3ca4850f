// The quality label (decision 121): the player bar and the popup say which quality is playing,
// from the facts the Worker gave with the track's source: "MP3 · 320 kbps" for the full stream,
// "FLAC · 24-bit · 96 kHz" once lossless plays, "Preview" while previews play, nothing while
// nothing is known; screen readers hear it as a sentence. English and Portuguese.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlayerBar } from "../../app/features/music/player/PlayerBar";
import { createApiPlayerEngine, PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import { losslessChoice } from "../../app/features/music/player/lossless";
import { MusicPlayerPopup, type MusicPlayerPopupProps } from "../../app/features/music/popup/MusicPlayerPopup";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { artistQueryOptions } from "../../app/lib/artist";
import type { SessionUser } from "../../worker/contracts/auth";
import type { PlayingQuality } from "../../worker/contracts/music/music";
import { json, mockApi } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";
import { FakeAudio, TEST_ARTIST, track } from "./player-fakes";

const MEMBER: SessionUser = { id: "user-1", email: "ic@example.test", username: "ic", isAdmin: false, isVIP: true, avatarUrl: null };
const FOREVER = "2999-01-01T00:00:00Z";
const MP3: PlayingQuality = { format: "mp3", kbps: 320, sampleRate: null, bitDepth: null };
const FLAC: PlayingQuality = { format: "flac", kbps: null, sampleRate: 96_000, bitDepth: 24 };

function renderBar(locale: Locale = "en", streamQuality: PlayingQuality | null = MP3) {
  mockApi({
    "POST /api/music/tracks/t1/stream": json(200, {
      url: "/media/tracks/t1?token=mp3",
      expiresAt: FOREVER,
      lossless: true,
      quality: streamQuality ?? undefined,
    }),
    "POST /api/music/tracks/t1/lossless": json(200, {
      url: "/media/masters/t1?token=flac",
      downloadUrl: "/media/masters/t1?token=flac&download=1",
      format: "flac",
      quality: FLAC,
      expiresAt: FOREVER,
    }),
    "POST /api/music/tracks/t1/plays": json(200, { counted: true, plays: 1, totalPlays: 1 }),
  });
  const audios: FakeAudio[] = [];
  const engine = createApiPlayerEngine({
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(artistQueryOptions().queryKey, TEST_ARTIST);
  queryClient.setQueryData(["me"], { user: MEMBER });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <PlayerProvider engine={engine}>
          <PlayerBar />
        </PlayerProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { audios, engine };
}

async function renderPopup(preview: boolean, locale: Locale = "en") {
  const current = track(1);
  const props: MusicPlayerPopupProps = {
    tracks: [current],
    state: {
      status: "playing",
      currentTrack: current,
      currentTime: 0,
      duration: 30,
      volume: 100,
      muted: false,
      repeat: false,
      shuffle: false,
      error: null,
      preview,
    },
    analyser: null,
    actions: {
      playTrack: vi.fn(),
      toggle: vi.fn(),
      next: vi.fn(),
      previous: vi.fn(),
      seek: vi.fn(),
      setVolume: vi.fn(),
      toggleMute: vi.fn(),
      toggleShuffle: vi.fn(),
      toggleRepeat: vi.fn(),
    },
    canPlay: true,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedConfig(queryClient);
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: () => <Outlet /> });
  const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: "/music/player", component: () => <MusicPlayerPopup {...props} /> })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/music/player"] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await screen.findAllByText("Track 1");
}

/** The label's visible text and what a screen reader hears, in the element given. */
function label(container: ParentNode, selector: string) {
  const el = container.querySelector(selector);
  if (!el) return null;
  return { shown: el.querySelector('[aria-hidden="true"]')?.textContent, spoken: el.querySelector(".sr-only")?.textContent };
}

afterEach(async () => {
  cleanup();
  losslessChoice.setOn(false);
  // The page's one store keeps facts per track: each test starts from none.
  await losslessChoice.resolve("t1", async <T,>() => ({ url: "", expiresAt: FOREVER, lossless: false }) as T);
  localStorage.clear();
});

describe("the player bar's quality label", () => {
  it("names the MP3 and its bitrate, then the FLAC's bit depth and sample rate once lossless plays", async () => {
    const { audios, engine } = renderBar();
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(label(document, ".player-bar-quality")?.shown).toBe("MP3 · 320 kbps"));
    expect(label(document, ".player-bar-quality")?.spoken).toBe("Playing quality: MP3, 320 kbps");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Lossless" }));
    });
    await waitFor(() => expect(audios.some((a) => a.src === "/media/masters/t1?token=flac")).toBe(true));
    await waitFor(() => expect(label(document, ".player-bar-quality")?.shown).toBe("FLAC · 24-bit · 96 kHz"));
    expect(label(document, ".player-bar-quality")?.spoken).toBe("Playing quality: FLAC, 24-bit, 96 kHz");
  });

  it("speaks Portuguese, with its decimal comma", async () => {
    localStorage.setItem("player.lossless", "1");
    losslessChoice.setOn(true);
    mockApi({});
    const { engine } = renderBar("pt-BR");
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(label(document, ".player-bar-quality")?.shown).toBe("FLAC · 24 bits · 96 kHz"));
    expect(label(document, ".player-bar-quality")?.spoken).toBe("Qualidade em reprodução: FLAC, 24 bits e 96 kHz");
    await act(async () =>
      losslessChoice.resolve(
        "t1",
        async <T,>() => ({ url: "", expiresAt: FOREVER, lossless: false, quality: { format: "wav", kbps: null, sampleRate: 44_100, bitDepth: 16 } }) as T,
      ),
    );
    expect(label(document, ".player-bar-quality")?.shown).toBe("WAV · 16 bits · 44,1 kHz");
  });

  it("shows nothing while the Worker named no quality (a remote file)", async () => {
    const { audios, engine } = renderBar("en", null);
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(audios[0]?.src).toBe("/media/tracks/t1?token=mp3"));
    expect(document.querySelector(".player-quality")).toBeNull();
  });
});

describe("the popup's quality label", () => {
  it("says Preview while previews play, in both languages", async () => {
    await renderPopup(true);
    expect(label(document, ".mp-now-quality")).toEqual({ shown: "Preview", spoken: "Playing quality: Preview" });
    cleanup();
    await renderPopup(true, "pt-BR");
    expect(label(document, ".mp-now-quality")).toEqual({ shown: "Prévia", spoken: "Qualidade em reprodução: Prévia" });
  });

  it("names the full stream's quality from the same facts", async () => {
    await losslessChoice.resolve("t1", async <T,>() => ({ url: "", expiresAt: FOREVER, lossless: false, quality: MP3 }) as T);
    await renderPopup(false);
    expect(label(document, ".mp-now-quality")).toEqual({ shown: "MP3 · 320 kbps", spoken: "Playing quality: MP3, 320 kbps" });
  });
});
