// The player bar's lossless toggle (decision 105): absent while the Worker's stream answer does not
// offer the track's master; shown when it does, and pressing it plays the lossless route's URL from
// where the track was, offers the master's download, and is kept for the next visit. Both languages.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PlayerBar } from "../../app/features/music/player/PlayerBar";
import { createApiPlayerEngine, PlayerProvider } from "../../app/features/music/player/PlayerProvider";
import { losslessChoice } from "../../app/features/music/player/lossless";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { artistQueryOptions } from "../../app/lib/artist";
import type { SessionUser } from "../../worker/contracts/auth";
import { json, mockApi } from "./accounts-harness";
import { FakeAudio, TEST_ARTIST, track } from "./player-fakes";

const MEMBER: SessionUser = { id: "user-1", email: "ic@example.test", username: "ic", isAdmin: false, isVIP: true, avatarUrl: null };
const FOREVER = "2999-01-01T00:00:00Z";

function renderBar(offered: boolean, locale: Locale = "en") {
  const api = mockApi({
    "POST /api/music/tracks/t1/stream": json(200, { url: "/media/tracks/t1?token=mp3", expiresAt: FOREVER, lossless: offered }),
    "POST /api/music/tracks/t1/lossless": json(200, {
      url: "/media/masters/t1?token=flac",
      downloadUrl: "/media/masters/t1?token=flac&download=1",
      format: "flac",
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
  return { api, audios, engine };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  losslessChoice.setOn(false);
  localStorage.clear();
});

describe("the lossless toggle", () => {
  it("is absent when the Worker does not offer the track's master", async () => {
    const { api, audios, engine } = renderBar(false);
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(audios[0]?.src).toBe("/media/tracks/t1?token=mp3"));
    expect(screen.queryByRole("button", { name: "Lossless" })).toBeNull();
    expect(api.callsTo("POST /api/music/tracks/t1/lossless")).toHaveLength(0);
  });

  it("plays the master from where the track was when pressed, offers its download and keeps the choice", async () => {
    const { api, audios, engine } = renderBar(true);
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(audios[0]?.src).toBe("/media/tracks/t1?token=mp3"));
    await act(async () => audios[0]!.fireMetadata());
    await act(async () => engine.seek(42));
    const toggle = await screen.findByRole("button", { name: "Lossless" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() => expect(audios.some((a) => a.src === "/media/masters/t1?token=flac")).toBe(true));
    expect(api.callsTo("POST /api/music/tracks/t1/lossless")).toHaveLength(1);
    expect(engine.getState().currentTime).toBe(42);
    expect(screen.getByRole("button", { name: "Lossless" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("link", { name: "Download the lossless master" }).getAttribute("href")).toBe("/media/masters/t1?token=flac&download=1");
    expect(localStorage.getItem("player.lossless")).toBe("1");
  });

  it("speaks Portuguese", async () => {
    const { audios, engine } = renderBar(true, "pt-BR");
    await act(async () => engine.playQueue([track(1)], 0));
    await waitFor(() => expect(audios[0]?.src).toBe("/media/tracks/t1?token=mp3"));
    expect((await screen.findByRole("button", { name: "Sem perdas" })).getAttribute("aria-pressed")).toBe("false");
  });
});
