// The music player's side of the page's Media Session (lock screen, headset keys): the track's
// metadata, the playback state and position, and the action handlers while the player is attached.
import type { TrackView } from "#contracts/music/music.ts";
import type { MediaMetadataFields, MediaSessionLike as SharedMediaSessionLike } from "../../../lib/audio/mediaSession";
import { clamp, finitePositive, type PlayerState } from "./state";

export type { MediaMetadataFields };

export type MediaSessionActionLike = "play" | "pause" | "nexttrack" | "previoustrack" | "seekto" | "seekbackward" | "seekforward";

export type MediaSessionDetails = { action?: string; seekTime?: number | null; seekOffset?: number | null };

/** The part of navigator.mediaSession the engine uses. */
export interface MediaSessionLike extends SharedMediaSessionLike {
  setActionHandler(action: MediaSessionActionLike, handler: ((details: MediaSessionDetails) => void) | null): void;
  setPositionState?(state?: { duration: number; playbackRate?: number; position?: number }): void;
}

/** What the lock screen's and the headset's buttons do. */
export type PlayerControls = {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  seekBy(deltaSeconds: number): void;
};

export class PlayerMediaSession {
  constructor(
    private readonly session: MediaSessionLike | null,
    private readonly createMetadata: (fields: MediaMetadataFields) => unknown,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** Sets the action handlers (skips of `skipSeconds` unless the browser says how far); returns the function that removes them. */
  bind(controls: PlayerControls, skipSeconds: number): () => void {
    const session = this.session;
    const handlers: [MediaSessionActionLike, (details: MediaSessionDetails) => void][] = [
      ["play", () => controls.play()],
      ["pause", () => controls.pause()],
      ["nexttrack", () => controls.next()],
      ["previoustrack", () => controls.previous()],
      ["seekto", (d) => typeof d.seekTime === "number" && controls.seek(d.seekTime)],
      ["seekbackward", (d) => controls.seekBy(-(d.seekOffset ?? skipSeconds))],
      ["seekforward", (d) => controls.seekBy(d.seekOffset ?? skipSeconds)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session?.setActionHandler(action, handler);
      } catch {
        // this browser does not know the action
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session?.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }

  /** The lock screen's title, artist line, album and cover for `track`. */
  showTrack(track: TrackView | null, artist: string) {
    const session = this.session;
    if (!session || !track) return;
    try {
      session.metadata = this.createMetadata({
        title: track.title,
        artist,
        album: track.albumTitle,
        artwork: track.coverUrl ? [{ src: track.coverUrl }] : [],
      });
    } catch (error) {
      this.log("could not set media metadata", error);
    }
  }

  /** Playing, paused or nothing queued, and the position within the track. */
  sync({ status, queue, duration, currentTime }: PlayerState) {
    const session = this.session;
    if (!session) return;
    try {
      session.playbackState = status === "playing" ? "playing" : queue.length ? "paused" : "none";
      if (finitePositive(duration)) {
        session.setPositionState?.({ duration, playbackRate: 1, position: clamp(currentTime, 0, duration) });
      }
    } catch (error) {
      this.log("could not update the media session", error);
    }
  }

  /** Nothing playing any more (the queue was forgotten). */
  clear() {
    if (this.session) {
      this.session.metadata = null;
      this.session.playbackState = "none";
    }
  }
}
