// The TV's sound and captions settings: volume and mute through the players' shared output rules
// (app/lib/audio/output.ts: 0-100, a volume above 0 unmutes, saved values read leniently) and
// whether captions are on, kept in the TV's own storage record so they last across visits.
import { useCallback, useEffect, useState, type RefObject } from "react";
import { AudioOutput, browserStorage, readSavedLevels, type OutputLevels } from "../../lib/audio/output";

export const TV_STORAGE_KEY = "tv.v1";

type Saved = OutputLevels & { captions: boolean };

function readSaved(): Saved {
  try {
    const saved = JSON.parse(browserStorage()?.getItem(TV_STORAGE_KEY) ?? "null") as { volume?: unknown; muted?: unknown; captions?: unknown } | null;
    if (!saved || typeof saved !== "object") return { ...readSavedLevels({}), captions: false };
    return { ...readSavedLevels(saved), captions: saved.captions === true };
  } catch {
    return { ...readSavedLevels({}), captions: false };
  }
}

function save(saved: Saved) {
  try {
    browserStorage()?.setItem(TV_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // storage full or blocked: the settings last for this visit only
  }
}

export type TvOutput = {
  volume: number;
  muted: boolean;
  captions: boolean;
  setVolume(volume: number): void;
  volumeBy(delta: number): void;
  toggleMute(): void;
  toggleCaptions(): void;
};

/** The settings, applied to the <video> in `videoRef` (no Web Audio: the TV has no visualizer). */
export function useTvOutput(videoRef: RefObject<HTMLVideoElement | null>): TvOutput {
  const [initial] = useState(readSaved);
  const [output] = useState(() => {
    const created = new AudioOutput<HTMLVideoElement>({ createAudioContext: null });
    created.setLevels(initial);
    return created;
  });
  const [settings, setSettings] = useState<Saved>(initial);

  useEffect(() => {
    if (videoRef.current) output.add(videoRef.current);
  }, [output, videoRef]);

  const update = useCallback((patch: Partial<Saved>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      save(next);
      return next;
    });
  }, []);

  return {
    ...settings,
    setVolume: (volume) => update(output.setVolume(volume)),
    volumeBy: (delta) => update(output.volumeBy(delta)),
    toggleMute: () => update(output.toggleMute()),
    toggleCaptions: () => update({ captions: !settings.captions }),
  };
}
