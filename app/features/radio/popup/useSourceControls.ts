// One set of controls for the popup's two engines: the radio (live stations) and the music player
// (featured and playlist tracks on demand, onDemand.ts). They act on the active source (logic.ts
// activeSource): on the radio, previous/next change station (wrapping, resuming if it was playing)
// and shuffle and repeat do not exist (a live station plays what everyone hears). Engine errors
// are shown for RADIO_ERROR_MS and then cleared.
import { useEffect, useState } from "react";
import type { TrackView } from "#contracts/music/music.ts";
import { RADIO_ERROR_MS } from "#contracts/radio.ts";
import { useErrorTimeout } from "../hooks";
import type { RadioApi } from "../RadioProvider";
import { activeSource, audioSystemFailed, musicErrorKey, radioErrorKey, soundingSource, type Source } from "./logic";
import type { RadioPopupErrorKey } from "./messages";
import type { OnDemandPlayer } from "./onDemand";

export type SourceControls = {
  source: Source;
  /** Playing or loading: the button shows Pause. */
  playing: boolean;
  loading: boolean;
  canToggle: boolean;
  canSkip: boolean;
  /** 0-100, of the active source. */
  volume: number;
  muted: boolean;
  /** null: not available on this source (live radio). */
  shuffle: boolean | null;
  repeat: boolean | null;
  analyser: AnalyserNode | null;
  error: RadioPopupErrorKey | null;
  toggle(): void;
  next(): void;
  previous(): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  volumeBy(delta: number): void;
  toggleShuffle(): void;
  toggleRepeat(): void;
  /** On demand, on the music engine (which pauses the radio through the audio focus). */
  playTrack(track: TrackView, queue: readonly TrackView[]): void;
  /** Chooses a station; a listener who may listen hears it at once. */
  selectStation(index: number): void;
};

export function useSourceControls(radio: RadioApi, music: OnDemandPlayer, canListen: boolean): SourceControls {
  const { engine } = radio;
  const radioState = radio.state;
  const musicState = music.state;

  // The last source that sounded decides where the controls point while both are paused.
  const [lastUsed, setLastUsed] = useState<Source>("radio");
  const sounding = soundingSource(radioState.status, musicState.status);
  if (sounding && sounding !== lastUsed) setLastUsed(sounding);
  const source = activeSource(radioState.status, musicState.status, musicState.current !== null, lastUsed);

  // The track the play/pause button was last used on: its failure reads 'Failed to toggle playback'.
  const [toggledTrack, setToggledTrack] = useState<string | null>(null);

  const radioError = radioState.error;
  useErrorTimeout(engine, radioError);

  const musicError = musicState.error;
  const { dismissError: dismissMusicError } = music.actions;
  useEffect(() => {
    if (!musicError) return;
    const timer = setTimeout(dismissMusicError, RADIO_ERROR_MS);
    return () => clearTimeout(timer);
  }, [dismissMusicError, musicError]);

  const analyser = source === "music" ? music.getAnalyser() : engine.getAnalyser();
  const status = source === "music" ? musicState.status : radioState.status;
  const audioFailed = audioSystemFailed(status === "playing", analyser, typeof window === "undefined" ? undefined : (window as never));
  const [audioNoticeDone, setAudioNoticeDone] = useState(false);
  useEffect(() => {
    if (!audioFailed || audioNoticeDone) return;
    const timer = setTimeout(() => setAudioNoticeDone(true), RADIO_ERROR_MS);
    return () => clearTimeout(timer);
  }, [audioFailed, audioNoticeDone]);

  const error: RadioPopupErrorKey | null = radioError
    ? radioErrorKey(radioError)
    : musicError
      ? musicErrorKey(musicError, toggledTrack !== null && toggledTrack === musicState.current?.id)
      : audioFailed && !audioNoticeDone
        ? "audioSystem"
        : null;

  const common = {
    source,
    playing: status === "playing" || status === "loading",
    loading: status === "loading",
    analyser,
    error,
    playTrack: (track: TrackView, queue: readonly TrackView[]) => {
      setToggledTrack(null);
      music.actions.playTrack(track, queue);
    },
    selectStation: (index: number) => {
      // Without VIP the station only changes on screen: nothing is tuned.
      if (canListen) engine.selectStation(index, { autoplay: true });
      else engine.selectStation(index);
    },
  };

  if (source === "music") {
    const { actions } = music;
    return {
      ...common,
      canToggle: musicState.current !== null,
      canSkip: musicState.queue.length > 0,
      volume: musicState.volume,
      muted: musicState.muted,
      shuffle: musicState.shuffle,
      repeat: musicState.repeat,
      toggle: () => {
        setToggledTrack(musicState.current?.id ?? null);
        actions.toggle();
      },
      next: actions.next,
      previous: actions.previous,
      toggleMute: actions.toggleMute,
      setVolume: actions.setVolume,
      volumeBy: actions.volumeBy,
      toggleShuffle: actions.toggleShuffle,
      toggleRepeat: actions.toggleRepeat,
    };
  }

  const noop = () => {};
  return {
    ...common,
    canToggle: radioState.station !== null,
    canSkip: radioState.stations.length > 1,
    volume: radioState.volume,
    muted: radioState.muted,
    shuffle: null,
    repeat: null,
    toggle: () => engine.toggle(),
    next: () => engine.nextStation(),
    previous: () => engine.previousStation(),
    toggleMute: () => engine.toggleMute(),
    setVolume: (volume) => engine.setVolume(volume),
    volumeBy: (delta) => engine.volumeBy(delta),
    toggleShuffle: noop,
    toggleRepeat: noop,
  };
}
