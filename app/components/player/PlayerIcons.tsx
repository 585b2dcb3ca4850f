// The players' control icons (music, radio, TV; 24x24, currentColor), decorative: each button
// carries its own label. Kept free of CSS imports so any player can use them.
const PATHS = {
  play: "M7 4.5v15l12.5-7.5z",
  pause: "M7 4h3.5v16H7zm6.5 0H17v16h-3.5z",
  previous: "M6 5v14M19 5l-10 7 10 7z",
  next: "M18 5v14M5 5l10 7-10 7z",
  shuffle: "M3 7h3.5c4 0 6 10 10 10H21m0 0-3-3m3 3-3 3M3 17h3.5c1.6 0 2.8-1.6 3.9-3.5M21 7h-4.5c-1.6 0-2.8 1.6-3.9 3.5M21 7l-3-3m3 3-3 3",
  repeat: "M4 11V9a3 3 0 0 1 3-3h13m0 0-3-3m3 3-3 3M20 13v2a3 3 0 0 1-3 3H4m0 0 3 3m-3-3 3-3",
  volume: "M4 9v6h4l5 4V5L8 9zm12.5-1.5a6 6 0 0 1 0 9M19 5a9.5 9.5 0 0 1 0 14",
  muted: "M4 9v6h4l5 4V5L8 9zm12 0 6 6m0-6-6 6",
  queue: "M4 6h16M4 12h10M4 18h10m4-6v8m0 0 3-3m-3 3-3-3",
  keyboard: "M3 6h18v12H3zm3 3h.01M9 9h.01M12 9h.01M15 9h.01M18 9h.01M6 12h.01M18 12h.01M8 15h8",
  close: "M6 6l12 12M18 6 6 18",
  chevronUp: "M6 15l6-6 6 6",
  chevronDown: "M6 9l6 6 6-6",
  palette:
    "M12 3a9 9 0 1 0 0 18c1.2 0 1.8-.8 1.8-1.7 0-1.2-1-1.6-1-2.6 0-1 .8-1.7 1.9-1.7H17a4 4 0 0 0 4-4C21 6.5 17 3 12 3zM7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01",
  visualizer: "M4 20V14M8 20V8M12 20V4M16 20V10M20 20V15",
  equalizer: "M6 18V12M10 18V6M14 18V10M18 18V14",
  disc: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 6a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  back: "M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 3.5v3.7h3.7",
  forward: "M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 3.5v3.7h-3.7",
  fullscreen: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  exitFullscreen: "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5",
  lyrics: "M4 6h12M4 10h12M4 14h7M4 18h5m11-8v7.5m0 0a2.5 2.5 0 1 1-2.5-2.5H20",
} as const;

export type PlayerIconName = keyof typeof PATHS;

/** `label` draws a small number in the middle (a skip step). */
export function PlayerIcon({ name, size = 22, label }: { name: PlayerIconName; size?: number; label?: string }) {
  const filled = name === "play" || name === "pause";
  return (
    <svg
      className="player-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
      {label && (
        <text x="12" y="15.3" textAnchor="middle" fontSize="8" fontWeight="800" fill="currentColor" stroke="none">
          {label}
        </text>
      )}
    </svg>
  );
}
