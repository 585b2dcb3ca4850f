// The TV controls' icons (24x24, currentColor), decorative: each button carries its own label.
const PATHS = {
  play: "M7 4.5v15l12.5-7.5z",
  pause: "M7 4h3.5v16H7zm6.5 0H17v16h-3.5z",
  back: "M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 3.5v3.7h3.7",
  forward: "M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 3.5v3.7h-3.7",
  fullscreen: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  exitFullscreen: "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5",
} as const;

export type TvIconName = keyof typeof PATHS;

/** `label` draws a small number in the middle (the skip step). */
export function TvIcon({ name, size = 22, label }: { name: TvIconName; size?: number; label?: string }) {
  const filled = name === "play" || name === "pause";
  return (
    <svg
      className="tv-icon"
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
