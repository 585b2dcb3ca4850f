// The radio and the Media Session (lock screen, notification): while the radio plays, the page's one
// session shows the station and the track now playing (title, the artist's name, album and
// station, cover or station picture), replacing the music track's; when the music player takes over again it writes its own
// track back. Both engines share one fake session and the real audio focus module, wired as
// RadioProvider and usePlayerWiring wire them.
import { afterEach, describe, expect, it } from "vitest";
import { PlayerEngine } from "../../app/features/music/player/engine";
import type { MediaSessionActionLike, MediaSessionLike } from "../../app/features/music/player/mediaSession";
import { RadioEngine, type RadioSocketLike } from "../../app/features/radio/engine";
import { claimAudioFocus, registerAudioOwner } from "../../app/lib/audioFocus";
import type { NowPlaying, RadioSlot, RadioStationView, TuneResponse } from "../../worker/contracts/radio";
import { FakeAudio, track } from "./player-fakes";

class FakeMediaSession implements MediaSessionLike {
  metadata: unknown = null;
  playbackState = "none";
  setActionHandler(_action: MediaSessionActionLike, _handler: unknown) {}
  setPositionState() {}
}

const T0 = Date.parse("2030-01-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

const station = (id: string, name: string, sourceType: RadioStationView["sourceType"], imageUrl: string | null): RadioStationView => ({
  id,
  name,
  description: name,
  imageUrl,
  features: [],
  sourceType,
  position: 0,
});

const STATIONS = [
  station("freestyle", "Freestyle FM", "catalog", "/media/site/stations/freestyle.jpg"),
  station("live", "Live Stream", "stream", "/media/site/stations/live.jpg"),
];

const slot = (n: number, coverUrl: string | null): RadioSlot => ({
  track: { id: `t${n}`, title: `Radio Track ${n}`, albumId: "a", albumTitle: "Radio Album", albumYear: 1989, coverUrl, durationSeconds: 200 },
  startedAt: iso(T0 - 10_000),
  endsAt: iso(T0 + 190_000),
});

const nowPlaying = (stationId: string, current: RadioSlot | null): NowPlaying => ({
  stationId,
  serverTime: iso(T0),
  current,
  next: null,
  history: [],
  listeners: 1,
});

async function flush() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const session = new FakeMediaSession();
  const radioAudios: FakeAudio[] = [];
  const musicAudios: FakeAudio[] = [];
  const sockets: { frame: (data: unknown) => void }[] = [];
  let answer: (stationId: string) => TuneResponse = (id) => ({
    kind: "catalog",
    nowPlaying: nowPlaying(id, slot(1, "/covers/radio-1.jpg")),
    url: `/r/${id}`,
    expiresAt: iso(T0 + 600_000),
  });
  const radio = new RadioEngine({
    tune: async (id) => answer(id),
    createAudio: () => {
      const audio = new FakeAudio();
      radioAudios.push(audio);
      return audio;
    },
    createAudioContext: null,
    openSocket: () => {
      const listeners: ((event: { data: unknown }) => void)[] = [];
      const socket = {
        readyState: 1,
        send() {},
        close() {},
        addEventListener(type: string, listener: (event: never) => void) {
          if (type === "message") listeners.push(listener as (event: { data: unknown }) => void);
        },
      } as RadioSocketLike;
      sockets.push({ frame: (data) => listeners.forEach((l) => l({ data: JSON.stringify(data) })) });
      return socket;
    },
    onStart: () => claimAudioFocus("radio"),
    mediaSession: session,
    createMediaMetadata: (fields) => fields,
    storage: null,
    now: () => T0,
    log: () => {},
  });
  radio.setStations(STATIONS);
  // As RadioProvider: the artist's name from the back office's settings.
  radio.setArtist("Neon Test Brand");
  cleanups.push(registerAudioOwner("radio", () => radio.pause()));

  const music = new PlayerEngine({
    resolveSource: async (id) => ({ url: `/m/${id}`, expiresAt: iso(T0 + 600_000) }),
    createAudio: () => {
      const audio = new FakeAudio();
      musicAudios.push(audio);
      return audio;
    },
    createAudioContext: null,
    mediaSession: session,
    createMediaMetadata: (fields) => fields,
    storage: null,
    now: () => T0,
    artist: "Neon Test Brand",
    log: () => {},
  });
  // As usePlayerWiring: the music player claims the focus as it becomes active.
  cleanups.push(registerAudioOwner("music", () => music.pause()));
  let wasActive = false;
  cleanups.push(
    music.subscribe(() => {
      const { status } = music.getState();
      const active = status === "loading" || status === "playing";
      if (active && !wasActive) claimAudioFocus("music");
      wasActive = active;
    }),
  );

  return {
    session,
    radio,
    music,
    setAnswer: (next: typeof answer) => (answer = next),
    frame: (data: unknown) => sockets.at(-1)!.frame(data),
    async radioPlays() {
      radio.play();
      await flush();
      radioAudios.at(-1)!.fireMetadata(200);
      await flush();
      expect(radio.getState().status).toBe("playing");
    },
    async musicPlays(n: number) {
      music.playQueue([track(n)]);
      await flush();
      musicAudios.find((a) => a.src === `/m/t${n}`)!.fireMetadata(210);
      await flush();
      expect(music.getState().status).toBe("playing");
    },
  };
}

const musicMetadata = (n: number) => ({ title: `Track ${n}`, artist: "Neon Test Brand", album: "Night Album", artwork: [{ src: "/covers/night-album.jpg" }] });
const radioMetadata = (n: number) => ({
  title: `Radio Track ${n}`,
  artist: "Neon Test Brand",
  album: "Radio Album · Freestyle FM",
  artwork: [{ src: `/covers/radio-${n}.jpg` }],
});

describe("radio and the Media Session", () => {
  it("the radio taking over replaces the music track's metadata; the music taking over again writes its own back", async () => {
    const t = setup();
    await t.musicPlays(1);
    expect(t.session.metadata).toEqual(musicMetadata(1));
    expect(t.session.playbackState).toBe("playing");

    await t.radioPlays();
    expect(t.music.getState().status).toBe("paused");
    expect(t.session.metadata).toEqual(radioMetadata(1));
    expect(t.session.playbackState).toBe("playing");

    // The next track of the station arrives over the live socket.
    t.frame({ type: "now_playing", nowPlaying: nowPlaying("freestyle", slot(2, "/covers/radio-2.jpg")) });
    expect(t.session.metadata).toEqual(radioMetadata(2));

    // Resuming the music (same track, paused by the radio) pauses the radio and puts the track back.
    t.music.play();
    await flush();
    expect(t.radio.getState().status).toBe("paused");
    expect(t.session.metadata).toEqual(musicMetadata(1));
  });

  it("without a cover the station's picture stands in; a stream station shows its name as the title", async () => {
    const t = setup();
    t.setAnswer((id) => ({ kind: "catalog", nowPlaying: nowPlaying(id, slot(3, null)), url: `/r/${id}`, expiresAt: iso(T0 + 600_000) }));
    await t.radioPlays();
    expect(t.session.metadata).toEqual({
      title: "Radio Track 3",
      artist: "Neon Test Brand",
      album: "Radio Album · Freestyle FM",
      artwork: [{ src: "/media/site/stations/freestyle.jpg" }],
    });

    t.setAnswer((id) => ({ kind: "stream", nowPlaying: nowPlaying(id, null), url: `/r/${id}`, expiresAt: iso(T0 + 600_000) }));
    t.radio.nextStation();
    await flush();
    expect(t.radio.getState().status).toBe("playing");
    expect(t.session.metadata).toEqual({ title: "Live Stream", artist: "Live Stream", album: "", artwork: [{ src: "/media/site/stations/live.jpg" }] });
  });

  it("names the artist once the name arrives, and the station while it is unknown", async () => {
    const t = setup();
    t.radio.setArtist("");
    await t.radioPlays();
    expect(t.session.metadata).toEqual({ ...radioMetadata(1), artist: "Freestyle FM" });
    t.radio.setArtist("Neon Test Brand");
    expect(t.session.metadata).toEqual(radioMetadata(1));
  });

  it("pausing keeps the radio's metadata (paused); stopping clears it, but never the music's", async () => {
    const t = setup();
    await t.radioPlays();
    t.radio.pause();
    expect(t.session.metadata).toEqual(radioMetadata(1));
    expect(t.session.playbackState).toBe("paused");
    t.radio.reset();
    expect(t.session.metadata).toBeNull();
    expect(t.session.playbackState).toBe("none");

    await t.radioPlays();
    await t.musicPlays(2);
    t.radio.reset();
    expect(t.session.metadata).toEqual(musicMetadata(2));
    expect(t.session.playbackState).toBe("playing");
  });
});
