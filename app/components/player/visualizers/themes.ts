// The players' three colour themes and four visualizer styles (docs/features.md#music, docs/features.md#radio-and-tv).
// One palette feeds both the canvas drawings and the popup page's CSS variables, so the page and
// its visualizer always agree.

export const THEME_NAMES = ["synthwave", "vaporwave", "cyberpunk"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const VISUALIZER_STYLES = ["bars", "circular", "waveform", "particles"] as const;
export type VisualizerStyle = (typeof VISUALIZER_STYLES)[number];

export type ThemePalette = {
  name: ThemeName;
  /** Background gradient stops, top to bottom. */
  background: readonly [string, string, string];
  /** Main drawing colour (bars, rays, the waveform line). */
  primary: string;
  /** Second drawing colour (gradient ends, a second line). */
  secondary: string;
  /** Highlights: peaks, the circle's core, some particles. */
  accent: string;
  /** Readable text on a `primary` fill (the play button). */
  onPrimary: string;
  /** Panels of the page drawn over the background. */
  surface: string;
};

export const THEMES: Readonly<Record<ThemeName, ThemePalette>> = {
  synthwave: {
    name: "synthwave",
    background: ["#0b0221", "#2a0845", "#4a0f5c"],
    primary: "#ff2e97",
    secondary: "#00e5ff",
    accent: "#ffd319",
    onPrimary: "#14021f",
    surface: "rgba(24, 6, 48, 0.82)",
  },
  vaporwave: {
    name: "vaporwave",
    background: ["#1b1035", "#3b2a6b", "#6b3f8f"],
    primary: "#ff71ce",
    secondary: "#01cdfe",
    accent: "#05ffa1",
    onPrimary: "#1b1035",
    surface: "rgba(33, 20, 66, 0.82)",
  },
  cyberpunk: {
    name: "cyberpunk",
    background: ["#05060a", "#0d1321", "#1d0f2e"],
    primary: "#00f0ff",
    secondary: "#fcee0a",
    accent: "#ff003c",
    onPrimary: "#05060a",
    surface: "rgba(10, 14, 26, 0.86)",
  },
};

function cycle<T>(list: readonly T[], current: T): T {
  const index = list.indexOf(current);
  return list[(index + 1) % list.length] ?? list[0]!;
}

/** synthwave → vaporwave → cyberpunk → synthwave (an unknown value starts over). */
export function nextTheme(current: ThemeName): ThemeName {
  return cycle(THEME_NAMES, current);
}

/** bars → circular → waveform → particles → bars. */
export function nextStyle(current: VisualizerStyle): VisualizerStyle {
  return cycle(VISUALIZER_STYLES, current);
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === "string" && (THEME_NAMES as readonly string[]).includes(value);
}

export function isVisualizerStyle(value: unknown): value is VisualizerStyle {
  return typeof value === "string" && (VISUALIZER_STYLES as readonly string[]).includes(value);
}
