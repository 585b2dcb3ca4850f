// The radio popup's second source: catalog tracks played on demand (the Master Playlist, the
// member's playlists) by the page's music player. The radio feature does not reach into the music
// feature for it: the route that composes the popup (app/routes/radio/-components/RadioPopupPage.tsx)
// hands the music player in, and these types are all the popup reads of it and asks of it.
import type { TrackView } from "#contracts/music/music.ts";

export type OnDemandStatus = "idle" | "loading" | "playing" | "paused";
/** play_failed: the audio would not play; not_playable: a track without audio; access_denied: not VIP (401/403). */
export type OnDemandErrorCode = "play_failed" | "not_playable" | "access_denied";

export type OnDemandState = Readonly<{
  status: OnDemandStatus;
  queue: readonly TrackView[];
  /** The track loaded, playing or paused; null when nothing is queued. */
  current: TrackView | null;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 until known. */
  duration: number;
  /** 0-100. */
  volume: number;
  muted: boolean;
  repeat: boolean;
  shuffle: boolean;
  error: OnDemandErrorCode | null;
}>;

export type OnDemandActions = {
  /** Plays `track` with `queue` as the queue (the playing track toggles instead). */
  playTrack: (track: TrackView, queue?: readonly TrackView[]) => void;
  toggle: () => void;
  next: () => void;
  previous: () => void;
  toggleMute: () => void;
  setVolume: (volume: number) => void;
  volumeBy: (delta: number) => void;
  toggleShuffle: () => void;
  toggleRepeat: () => void;
  dismissError: () => void;
};

export type OnDemandPlayer = {
  state: OnDemandState;
  actions: OnDemandActions;
  /** The analyser for the visualizer: null before the first play or without Web Audio. */
  getAnalyser: () => AnalyserNode | null;
};
