// Line icons for the player's controls (24x24, currentColor). Always aria-hidden: every button
// that shows one carries its own translated label.
const PATHS = {
  play: "M7 4.5v15l12-7.5z",
  pause: "M7 4h3.5v16H7zm6.5 0H17v16h-3.5z",
  previous: "M6 5v14M19 5L8.5 12 19 19z",
  next: "M18 5v14M5 5l10.5 7L5 19z",
  shuffle: "M3 7h3.5c4 0 6.5 10 11 10H21m0 0l-3-3m3 3l-3 3M3 17h3.5c1.4 0 2.6-1.2 3.6-2.8m3.8-4.4C14.9 8.2 16.1 7 17.5 7H21m0 0l-3-3m3 3l-3 3",
  repeat: "M4 11V9a3 3 0 0 1 3-3h13m0 0l-3-3m3 3l-3 3M20 13v2a3 3 0 0 1-3 3H4m0 0l3 3m-3-3l3-3",
  volume: "M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11",
  muted: "M4 9.5h3.5L12 5.5v13l-4.5-4H4zM16 9.5l5 5m0-5l-5 5",
  close: "M6 6l12 12M18 6L6 18",
  palette: "M12 3a9 9 0 1 0 0 18c1.2 0 1.8-.8 1.8-1.7 0-1.2-1-1.6-1-2.6 0-1 .8-1.7 1.9-1.7H17a4 4 0 0 0 4-4C21 6.5 17 3 12 3zM7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01",
  visualizer: "M4 20V14M8 20V8M12 20V4M16 20V10M20 20V15",
  equalizer: "M6 18V12M10 18V6M14 18V10M18 18V14",
} as const;

export type PlayerIconName = keyof typeof PATHS;

export function PlayerIcon({ name, size = 22 }: { name: PlayerIconName; size?: number }) {
  const filled = name === "play" || name === "pause";
  return (
    <svg
      className="mp-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={filled ? 1 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
