// A track row's play control reads what the session may play, not the player's whole state: a
// list of rows each re-rendering on every change of the player (its first one while the page is
// starting, then ten times a second while a track plays) was the music pages' longest task.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { TrackPlayButton } from "../../app/features/music/catalog/TrackPlayButton";
import { PlayerEngine } from "../../app/features/music/player/engine";
import { PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import { artistQueryOptions } from "../../app/lib/artist";
import { FakeAudio, MemoryStorage, TEST_ARTIST, track } from "./player-fakes";

const QUEUE = [track(1), track(2)];

afterEach(() => cleanup());

function renderButtons() {
  const engine = new PlayerEngine({
    resolveSource: async (trackId) => ({ url: `/media/${trackId}`, expiresAt: "2999-01-01T00:00:00Z" }),
    createAudio: () => new FakeAudio(),
    createAudioContext: null,
    mediaSession: null,
    storage: new MemoryStorage(),
    log: () => {},
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(artistQueryOptions().queryKey, TEST_ARTIST);
  queryClient.setQueryData(["me"], { user: { id: "user-1", email: "vip@example.test", username: "vip", isAdmin: false, isVIP: true, avatarUrl: null } });
  const commits = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="en">
        <PlayerProvider engine={engine}>
          <Profiler id="rows" onRender={commits}>
            {QUEUE.map((t) => (
              <TrackPlayButton key={t.id} track={t} queue={QUEUE} />
            ))}
          </Profiler>
        </PlayerProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { engine, commits };
}

it("leaves the rows' play buttons alone when the player changes what they do not show", async () => {
  const { engine, commits } = renderButtons();
  expect(await screen.findByRole("button", { name: "Play Track 1" })).toBeTruthy();
  commits.mockClear();
  act(() => engine.setVolume(30));
  act(() => engine.toggleShuffle());
  expect(engine.getState().volume).toBe(30);
  expect(commits).not.toHaveBeenCalled();
});

it("re-renders a row's play button when its own track starts", async () => {
  const { engine, commits } = renderButtons();
  await screen.findByRole("button", { name: "Play Track 1" });
  commits.mockClear();
  await act(async () => engine.playTrack(QUEUE[0]!, QUEUE));
  expect(commits).toHaveBeenCalled();
  expect(screen.getByRole("button", { name: /Track 1/ }).className).toContain("track-play-current");
});
