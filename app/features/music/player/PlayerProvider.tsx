// One PlayerEngine for the page: pageEngine(), created on first use and wired by the player's host,
// which the root layout mounts lazily (PlayerHost.tsx), so playback survives route changes. Wires
// the engine to the API (signed stream URL, play counting), restores the saved queue, keeps the
// Media Session's artist line in the active language, and forgets the queue when the session turns
// out not to be VIP/admin (signed out, membership ended). A queue of tracks the member bought
// (app/lib/ownedTracks.ts) plays in full without VIP. <PlayerProvider> puts another engine in its
// place (tests).
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { PlayResponse, PreviewPlayResponse, PreviewResponse, TrackView } from "#contracts/music/music.ts";
import { api } from "../../../lib/api";
import { configQueryOptions } from "../../../lib/session/queries";
import { artistQueryOptions } from "../../../lib/artist";
import { canUseVipContent, useSessionAnswer } from "../../../lib/session/useSession";
import { ownsAllTracks } from "../../../lib/ownedTracks";
import { requestPlayer } from "../../../lib/playerPresence";
import { claimAudioFocus, registerAudioOwner } from "../../../lib/audioFocus";
import { PlayerEngine, type PlayerEngineOptions, type PlayerState } from "./engine";
import { playerMessages } from "./messages";
import { losslessChoice } from "./lossless";
import { rememberPreviewStart } from "./previewStarts";

export type PlayerActions = {
  playQueue: (tracks: readonly TrackView[], startIndex?: number) => void;
  playTrack: (track: TrackView, queue?: readonly TrackView[]) => void;
  jumpTo: (index: number) => void;
  toggle: () => void;
  play: () => void;
  pause: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
  seekBy: (deltaSeconds: number) => void;
  setVolume: (volume: number) => void;
  volumeBy: (delta: number) => void;
  toggleMute: () => void;
  toggleShuffle: () => void;
  toggleRepeat: () => void;
  dismissError: () => void;
  /** The current track again where it is, from a new URL (lossless turned on or off). */
  reloadSource: () => void;
};

type PlayerContextValue = {
  engine: PlayerEngine;
  actions: PlayerActions;
  /** True once the session is known to be VIP or admin. */
  canPlay: boolean;
  /** True once the session is known not to be: previews only, but for the tracks it bought. */
  previewOnly: boolean;
  /** Whether the signed-in member bought every one of these tracks (they play in full). */
  owns: (tracks: readonly TrackView[]) => boolean;
};

const PlayerContext = createContext<PlayerContextValue | null>(null);

const playsPath = (trackId: string) => `/api/music/tracks/${encodeURIComponent(trackId)}/plays`;
const previewPath = (trackId: string) => `/api/music/tracks/${encodeURIComponent(trackId)}/preview`;
const previewPlaysPath = (trackId: string) => `/api/music/tracks/${encodeURIComponent(trackId)}/preview-plays`;

/**
 * An engine wired to the API: the signed stream URL (POST …/stream) and play counting
 * (POST …/plays, then `onPlayCounted`), or in preview mode the preview's URL (POST …/preview) and
 * preview counting (POST …/preview-plays). Other options (fakes in tests) pass through.
 */
export function createApiPlayerEngine(
  options: Partial<PlayerEngineOptions> & { onPlayCounted?: (response: PlayResponse, trackId: string) => void } = {},
): PlayerEngine {
  const { onPlayCounted, ...rest } = options;
  return new PlayerEngine({
    resolveSource: (trackId, preview) =>
      preview
        ? api<PreviewResponse>(previewPath(trackId), { method: "POST", json: {} }).then((preview) => {
            rememberPreviewStart(trackId, preview.startSeconds);
            return preview;
          })
        : losslessChoice.resolve(trackId, <T,>(path: string) => api<T>(path, { method: "POST", json: {} })),
    recordPlay: async (trackId, preview) => {
      if (preview) return api<PreviewPlayResponse>(previewPlaysPath(trackId), { method: "POST", json: {} });
      const response = await api<PlayResponse>(playsPath(trackId), { method: "POST", json: {} });
      onPlayCounted?.(response, trackId);
      return response;
    },
    ...rest,
  });
}

type PlayCountedCallback = (response: PlayResponse, trackId: string) => void;

class PlayCountedListener {
  private callback: PlayCountedCallback | undefined;
  set(callback: PlayCountedCallback | undefined) {
    this.callback = callback;
  }
  notify = (response: PlayResponse, trackId: string) => this.callback?.(response, trackId);
}

type PlayerProviderProps = {
  children: ReactNode;
  /**
   * Called with every successful play-count response (`counted` says whether this play counted;
   * `plays` is the track's new count, `totalPlays` the site's), e.g. to update the plays counter.
   */
  onPlayCounted?: PlayCountedCallback;
  /** The Media Session's artist line until the artist's name has loaded. Default: the configured brand, else 'The artist' translated. */
  brand?: string;
  /** Tests (or a popup with its own wiring) may pass a ready engine. */
  engine?: PlayerEngine;
};

/**
 * The provider on its own, for app units; the app's pages get theirs from PlayerHost.
 * @internal
 */
export function PlayerProvider({ children, onPlayCounted, brand, engine: injected }: PlayerProviderProps) {
  // The engine lives for the page; the latest callback is handed to it through this holder.
  const [counted] = useState(() => new PlayCountedListener());
  useEffect(() => counted.set(onPlayCounted), [counted, onPlayCounted]);

  const [engine] = useState(() => injected ?? createApiPlayerEngine({ onPlayCounted: counted.notify }));

  useEffect(() => {
    engine.restore();
    return engine.attach();
  }, [engine]);

  const allowed = usePlayerWiring(engine, brand);
  const { userId } = useSessionAccess();
  const value = useMemo(() => contextValue(engine, allowed, userId), [engine, allowed, userId]);
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}

/**
 * What every engine of a page needs from React: the Media Session's artist line in the active
 * language, and full tracks or previews by the session (signed out or membership ended: previews,
 * and the queue of full tracks forgotten). Returns whether the session may play in full (null
 * while unknown).
 */
export function usePlayerWiring(engine: PlayerEngine, brand?: string): boolean | null {
  // The artist line of the lock screen / notification: the artist's name (the back office's
  // setting), else the brand while it loads or when it cannot, else 'The artist' translated.
  const intl = useIntl();
  const artistName = useQuery(artistQueryOptions()).data?.name;
  const configuredBrand = useQuery({ ...configQueryOptions(), enabled: false }).data?.brandName;
  const artist = artistName ?? brand ?? configuredBrand ?? intl.formatMessage(playerMessages.theArtist);
  useEffect(() => engine.setArtist(artist), [engine, artist]);

  const { allowed, userId } = useSessionAccess();
  // A queue the member bought keeps playing in full (the collection's Play); anything else follows the session.
  useEffect(() => {
    if (allowed !== null) engine.setPreviewMode(!allowed && !ownsAllTracks(userId, engine.getState().queue));
  }, [engine, allowed, userId]);

  // One sound at a time (app/lib/audioFocus.ts): starting a track pauses the radio, here and in
  // other windows, and the radio starting pauses the music.
  useEffect(() => {
    const unregister = registerAudioOwner("music", () => engine.pause());
    let wasActive = false;
    const unsubscribe = engine.subscribe(() => {
      const { status } = engine.getState();
      const active = status === "loading" || status === "playing";
      if (active && !wasActive) claimAudioFocus("music");
      wasActive = active;
    });
    return () => {
      unsubscribe();
      unregister();
    };
  }, [engine]);
  return allowed;
}

/**
 * Whether the session may play in full (VIP members and admins: true, others false, null while the
 * session is loading) and the signed-in member's id (whose bought tracks play in full), from one
 * observer of the session: every track row asks, so each row costs one, not one per question.
 */
function useSessionAccess(): { allowed: boolean | null; userId: string | null } {
  const { me } = useSessionAnswer();
  return { allowed: me ? canUseVipContent(me.user) : null, userId: me?.user?.id ?? null };
}

function contextValue(engine: PlayerEngine, allowed: boolean | null, userId: string | null): PlayerContextValue {
  return {
    engine,
    actions: actionsInMode(engine, allowed, userId),
    canPlay: allowed === true,
    previewOnly: allowed === false,
    owns: (tracks) => ownsAllTracks(userId, tracks),
  };
}

const actionsCache = new WeakMap<PlayerEngine, PlayerActions>();
const modeActionsCache = new WeakMap<PlayerEngine, Map<string, PlayerActions>>();

/**
 * The actions with the session's mode (full tracks or previews) applied before anything plays:
 * a click can arrive before usePlayerWiring's effect has run, when the click itself hydrates the
 * part of the page its button is in. A queue made only of tracks the member bought plays in full.
 */
function actionsInMode(engine: PlayerEngine, allowed: boolean | null, userId: string | null): PlayerActions {
  const base = actionsFor(engine);
  if (allowed === null) return base;
  let byMode = modeActionsCache.get(engine);
  if (!byMode) modeActionsCache.set(engine, (byMode = new Map()));
  const mode = `${allowed}:${userId ?? ""}`;
  let actions = byMode.get(mode);
  if (!actions) {
    const inMode = (tracks: readonly TrackView[]) => engine.setPreviewMode(!allowed && !ownsAllTracks(userId, tracks));
    actions = {
      ...base,
      playQueue: (tracks, startIndex) => {
        inMode(tracks);
        base.playQueue(tracks, startIndex);
      },
      playTrack: (track, queue) => {
        inMode(queue ?? [track]);
        base.playTrack(track, queue);
      },
    };
    byMode.set(mode, actions);
  }
  return actions;
}

/** One actions object per engine, shared by every component (stable identity). */
function actionsFor(engine: PlayerEngine): PlayerActions {
  let actions = actionsCache.get(engine);
  if (!actions) {
    actions = {
      playQueue: (tracks, startIndex) => engine.playQueue(tracks, startIndex),
      playTrack: (track, queue) => engine.playTrack(track, queue),
      jumpTo: (index) => engine.jumpTo(index),
      toggle: () => engine.toggle(),
      play: () => engine.play(),
      pause: () => engine.pause(),
      next: () => engine.next(),
      previous: () => engine.previous(),
      seek: (seconds) => engine.seek(seconds),
      seekBy: (delta) => engine.seekBy(delta),
      setVolume: (volume) => engine.setVolume(volume),
      volumeBy: (delta) => engine.volumeBy(delta),
      toggleMute: () => engine.toggleMute(),
      toggleShuffle: () => engine.toggleShuffle(),
      toggleRepeat: () => engine.toggleRepeat(),
      dismissError: () => engine.dismissError(),
      reloadSource: () => engine.reloadSource(),
    };
    actionsCache.set(engine, actions);
  }
  return actions;
}

// The page's engine when no <PlayerProvider> overrides it: created on first use (in the music
// chunk), restored from the saved queue and attached to the Media Session at once, so playback
// survives route changes without a provider above the router.
let pageEngineInstance: PlayerEngine | null = null;
const pageCounted = new Set<PlayCountedCallback>();

export function pageEngine(): PlayerEngine {
  if (!pageEngineInstance) {
    pageEngineInstance = createApiPlayerEngine({ onPlayCounted: (response, trackId) => pageCounted.forEach((cb) => cb(response, trackId)) });
    pageEngineInstance.restore();
    pageEngineInstance.attach();
  }
  return pageEngineInstance;
}

/** Subscribes to the page engine's play-count responses; returns the unsubscribe. */
export function onPagePlayCounted(callback: PlayCountedCallback): () => void {
  pageCounted.add(callback);
  return () => void pageCounted.delete(callback);
}

/** The provider's engine when one is mounted (tests), else the page engine. */
function usePlayerEngine(): { context: PlayerContextValue | null; engine: PlayerEngine } {
  const context = useContext(PlayerContext);
  // Using the page engine means the page needs the player: the root layout mounts its host.
  useEffect(() => {
    if (!context) requestPlayer();
  }, [context]);
  return { context, engine: context?.engine ?? pageEngine() };
}

/** The engine with the session's mode and actions: the provider's, else the page engine's. */
function usePlayerContext(): PlayerContextValue {
  const { context, engine } = usePlayerEngine();
  const { allowed, userId } = useSessionAccess();
  return context ?? contextValue(engine, allowed, userId);
}

export type PlayerApi = {
  state: PlayerState;
  actions: PlayerActions;
  canPlay: boolean;
  /** Previews only: the session is known and is not VIP or admin (but for the tracks it bought). */
  previewOnly: boolean;
  /** Whether the signed-in member bought every one of these tracks (they play in full). */
  owns: (tracks: readonly TrackView[]) => boolean;
  /** The analyser for visualizers: null before the first play or without Web Audio. */
  getAnalyser: () => AnalyserNode | null;
};

export type PlayerAccess = Pick<PlayerApi, "actions" | "canPlay" | "previewOnly" | "owns">;

/**
 * What the session may play and the actions, without the playback state: a page or a track row
 * that only needs these re-renders when the session changes, never as a track loads or plays (a
 * list of rows each holding the whole state re-rendered at once on every change, the page's first
 * one included).
 */
export function usePlayerAccess(): PlayerAccess {
  const { actions, canPlay, previewOnly, owns } = usePlayerContext();
  return { actions, canPlay, previewOnly, owns };
}

/** The whole player state (re-renders on every change, progress included: 10 times a second). */
export function usePlayer(): PlayerApi {
  const { engine, actions, canPlay, previewOnly, owns } = usePlayerContext();
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  return useMemo(
    () => ({ state, actions, canPlay, previewOnly, owns, getAnalyser: () => engine.getAnalyser() }),
    [state, actions, canPlay, previewOnly, owns, engine],
  );
}

/**
 * One derived value of the state, re-rendering only when it changes: for track rows, e.g.
 * `usePlayerSelector((s) => (s.current?.id === track.id ? s.status : null))`. The selector must
 * return a primitive or a reference held by the state (never a new object).
 */
export function usePlayerSelector<T>(selector: (state: PlayerState) => T): T {
  const { engine } = usePlayerEngine();
  const get = () => selector(engine.getState());
  return useSyncExternalStore(engine.subscribe, get, get);
}

/** The actions alone (never re-renders on playback changes). */
export function usePlayerActions(): PlayerActions {
  return usePlayerContext().actions;
}
