// The music popup's state, actions and favorites, as its parent hands them over: in their own
// module so the popup and its track lists both read them without importing each other.
import type { TrackView } from "#contracts/music/music.ts";

export type PlayerStatus = "idle" | "loading" | "playing" | "paused";

export type MusicPlayerPopupState = {
  status: PlayerStatus;
  currentTrack: TrackView | null;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 while unknown (the track's catalog duration is shown meanwhile). */
  duration: number;
  /** 0-100. */
  volume: number;
  muted: boolean;
  repeat: boolean;
  shuffle: boolean;
  /** An error code (engine: play_failed, not_playable, access_denied); unknown codes show the generic play error. */
  error: string | null;
  /** Whether previews are playing (the quality label then says so). */
  preview?: boolean;
};

export type MusicPlayerPopupActions = {
  playTrack(track: TrackView, queue: TrackView[]): void;
  toggle(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
};

/** The member's favorites as the popup shows them (see `favorites` below). */
export type MusicPlayerPopupFavorites = {
  /** The favorite tracks, newest first; the Favorites tab lists the playable ones. */
  tracks: TrackView[];
  /** Their ids, for the heart on each Master Playlist row. */
  ids: ReadonlySet<string>;
  /** Asks for a track to be added (true) or removed (false). */
  toggle(track: TrackView, favorite: boolean): void;
};
