// The popup player's look (theme and visualizer style), remembered in localStorage so the next
// popup opens the way the listener left it.
import { useCallback, useState } from "react";
import { isThemeName, isVisualizerStyle, type ThemeName, type VisualizerStyle } from "../visualizers/themes";

export const THEME_STORAGE_KEY = "musicPlayer.theme";
export const STYLE_STORAGE_KEY = "musicPlayer.visualizer";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode or storage full: the choice lasts for this visit only
  }
}

function useStoredChoice<T extends string>(key: string, isValid: (value: unknown) => value is T, fallback: T) {
  const [value, setValue] = useState<T>(() => {
    const stored = read(key);
    return isValid(stored) ? stored : fallback;
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  return [value, choose] as const;
}

export function useStoredTheme() {
  return useStoredChoice<ThemeName>(THEME_STORAGE_KEY, isThemeName, "synthwave");
}

export function useStoredVisualizerStyle() {
  return useStoredChoice<VisualizerStyle>(STYLE_STORAGE_KEY, isVisualizerStyle, "bars");
}
