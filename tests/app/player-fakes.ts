// Fakes shared by the player tests: an <audio> element driven by hand, in-memory storage, tracks.
import type { AudioLike } from "../../app/features/music/player/engine";
import type { StorageLike } from "../../app/lib/audio/output";
import type { ArtistResponse } from "../../worker/contracts/admin/settings";
import type { TrackView } from "../../worker/contracts/music/music";

/** GET /api/artist's answer for the player's tests (the provider reads it for the lock screen). */
export const TEST_ARTIST: ArtistResponse = {
  name: "Test Artist",
  bio: { en: "", "pt-BR": "" },
  portraitUrl: "/media/site/artist-portrait.jpg",
  links: { website: null, instagram: null, facebook: null, youtube: null },
  hits: [],
};

export class FakeAudio extends EventTarget implements AudioLike {
  src = "";
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  readyState = 0;
  error: { code: number } | null = null;
  volume = 1;
  muted = false;
  preload = "";
  playCalls = 0;
  loadCalls = 0;
  /** How many of the next play() calls reject. */
  failPlays = 0;

  play(): Promise<void> {
    this.playCalls++;
    if (this.failPlays > 0) {
      this.failPlays--;
      return Promise.reject(new DOMException("The element has no supported sources.", "NotSupportedError"));
    }
    this.paused = false;
    this.ended = false;
    this.dispatchEvent(new Event("play"));
    this.dispatchEvent(new Event("playing"));
    return Promise.resolve();
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event("pause"));
  }

  load() {
    this.loadCalls++;
    this.readyState = 0;
    this.error = null;
    this.paused = true;
    this.ended = false;
    this.currentTime = 0;
    this.duration = Number.NaN;
  }

  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }

  fireMetadata(duration = 210) {
    this.readyState = 1;
    this.duration = duration;
    this.dispatchEvent(new Event("durationchange"));
    this.dispatchEvent(new Event("loadedmetadata"));
  }

  /** The end of the track as browsers report it (HTML's media element): a 'pause', then 'ended'. */
  fireEnded() {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event("pause"));
    this.dispatchEvent(new Event("ended"));
  }

  fireError(code: number) {
    this.error = { code };
    this.dispatchEvent(new Event("error"));
  }
}

export class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

export function track(n: number, overrides: Partial<TrackView> = {}): TrackView {
  return {
    id: `t${n}`,
    title: `Track ${n}`,
    number: n,
    albumId: "night-album",
    albumTitle: "Night Album",
    albumYear: 1988,
    coverUrl: "/covers/night-album.jpg",
    durationSeconds: 210,
    plays: 0,
    playable: true,
    preview: true,
    earlyAccess: false,
    releaseAt: null,
    featuredPosition: null,
    ...overrides,
  };
}
