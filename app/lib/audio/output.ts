// The sound path the site's audio players share (the music engine and the radio engine each hold
// one): the volume and mute their <audio> elements get, the Web Audio analyser the visualizers
// read, and the rules for the volume and mute each player saves among its own settings. One copy
// of these rules, so a slider, a saved setting and a visualizer behave alike in every player. Free
// of React; the browser's AudioContext and localStorage are only defaults (tests pass fakes).
//
// - Volume is a whole number 0-100, applied to each element as volume / 100. Mute is separate;
//   setting a volume above 0 unmutes, setting 0 keeps the mute as it was.
// - The analyser (fft 2048, smoothing 0.8, docs/features.md#music) is made once, on the first ask, never again:
//   browsers let an AudioContext start only inside the click that asked for sound, so a player asks
//   when playback starts. Every element the output holds feeds it, elements added later too.
// - Saved volume and mute are read leniently: a volume out of range is clamped, anything unreadable
//   is the default. Each player keeps them in its own storage record (its own key and format).

/** The analyser's settings (docs/features.md#music). */
export const ANALYSER_FFT_SIZE = 2048;
export const ANALYSER_SMOOTHING = 0.8;
export const DEFAULT_VOLUME = 100;
/** One press of a volume key or shortcut. */
export const VOLUME_STEP = 10;

/** The part of an HTMLMediaElement the output touches. */
export interface OutputElement {
  volume: number;
  muted: boolean;
}

/** The part of AudioContext the output uses. */
export interface AudioContextLike {
  readonly state: string;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  createAnalyser(): AnalyserNode;
  createMediaElementSource(element: HTMLMediaElement): AudioNode;
}

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Volume 0-100 and mute, as every player shows and saves them. */
export type OutputLevels = Readonly<{ volume: number; muted: boolean }>;

export type AudioOutputOptions = {
  /** Default: a new AudioContext when the browser has one; null turns Web Audio off. */
  createAudioContext?: (() => AudioContextLike | null) | null;
  log?: (message: string, error?: unknown) => void;
};

const DEFAULT_LEVELS: OutputLevels = Object.freeze({ volume: DEFAULT_VOLUME, muted: false });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** localStorage when this page may use it, else null (storage blocked by privacy settings). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function browserAudioContext(): AudioContextLike | null {
  if (typeof window === "undefined") return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Ctor ? (new Ctor() as unknown as AudioContextLike) : null;
}

/** The volume and mute of a player's saved record (parsed JSON, possibly old or tampered with). */
export function readSavedLevels(saved: { volume?: unknown; muted?: unknown }): OutputLevels {
  const volume = typeof saved.volume === "number" && Number.isFinite(saved.volume) ? Math.round(clamp(saved.volume, 0, 100)) : DEFAULT_VOLUME;
  return Object.freeze({ volume, muted: saved.muted === true });
}

export class AudioOutput<E extends OutputElement = OutputElement> {
  private levels: OutputLevels = DEFAULT_LEVELS;
  private readonly elements: E[] = [];
  private readonly createAudioContext: (() => AudioContextLike | null) | null;
  private readonly log: (message: string, error?: unknown) => void;
  private context: AudioContextLike | null = null;
  private analyser: AnalyserNode | null = null;
  private analyserTried = false;
  private readonly feeding = new WeakSet<E>();

  constructor(options: AudioOutputOptions = {}) {
    this.createAudioContext = options.createAudioContext === undefined ? browserAudioContext : options.createAudioContext;
    this.log = options.log ?? (() => {});
  }

  getLevels(): OutputLevels {
    return this.levels;
  }

  /** Rounded and clamped to 0-100; a volume above 0 unmutes. Not a number: nothing changes. */
  setVolume(volume: number): OutputLevels {
    if (!Number.isFinite(volume)) return this.levels;
    const next = Math.round(clamp(volume, 0, 100));
    return this.setLevels({ volume: next, muted: next > 0 ? false : this.levels.muted });
  }

  volumeBy(delta: number): OutputLevels {
    return this.setVolume(this.levels.volume + delta);
  }

  toggleMute(): OutputLevels {
    return this.setLevels({ volume: this.levels.volume, muted: !this.levels.muted });
  }

  /** Both at once (saved levels coming back, see readSavedLevels); applied to every element. */
  setLevels(levels: OutputLevels): OutputLevels {
    if (levels.volume !== this.levels.volume || levels.muted !== this.levels.muted) {
      this.levels = Object.freeze({ volume: levels.volume, muted: levels.muted });
    }
    for (const element of this.elements) this.apply(element);
    return this.levels;
  }

  /** An element of the player: it gets the levels now and on every change, and feeds the analyser. */
  add(element: E) {
    if (this.elements.includes(element)) return;
    this.elements.push(element);
    this.apply(element);
    this.feed(element);
  }

  /** The analyser the visualizers read: null before the first ensureAnalyser() or without Web Audio. */
  getAnalyser(): AnalyserNode | null {
    return this.analyser;
  }

  /**
   * Makes the analyser on the first call (call it inside the click that starts playback); later
   * calls return the same one, or null again when it could not be made.
   */
  ensureAnalyser(): AnalyserNode | null {
    if (this.analyserTried || !this.createAudioContext) return this.analyser;
    this.analyserTried = true;
    try {
      const context = this.createAudioContext();
      if (!context) return null;
      const analyser = context.createAnalyser();
      analyser.fftSize = ANALYSER_FFT_SIZE;
      analyser.smoothingTimeConstant = ANALYSER_SMOOTHING;
      analyser.connect(context.destination);
      this.context = context;
      this.analyser = analyser;
    } catch (error) {
      this.log("Web Audio unavailable", error);
      return null;
    }
    for (const element of this.elements) this.feed(element);
    return this.analyser;
  }

  /** A suspended context is resumed on play (docs/features.md#music). Not awaited: without a click it never settles. */
  resume() {
    const context = this.context;
    if (context && context.state === "suspended") {
      context.resume().catch((error: unknown) => this.log("could not resume audio", error));
    }
  }

  private apply(element: E) {
    element.volume = this.levels.volume / 100;
    element.muted = this.levels.muted;
  }

  private feed(element: E) {
    if (!this.context || !this.analyser || this.feeding.has(element)) return;
    try {
      this.context.createMediaElementSource(element as unknown as HTMLMediaElement).connect(this.analyser);
      this.feeding.add(element);
    } catch (error) {
      this.log("could not connect the analyser", error);
    }
  }
}
