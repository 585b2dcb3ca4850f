// Small decorative line icons (24x24, currentColor). Inline SVG rather than emoji so they look the
// same on every system; always aria-hidden, the text next to them carries the meaning.
const PATHS = {
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  music: "M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  star: "M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4 6.5 20.3l1-6.2L3 9.7l6.2-.9z",
  ticket: "M3 8a2 2 0 0 0 0 4v5h18v-5a2 2 0 0 1 0-4V4H3zm10-4v13",
  gift: "M4 11h16v10H4zM3 7h18v4H3zm9 0v14M12 7c-1-3-5-4-5-1.5S12 7 12 7zm0 0c1-3 5-4 5-1.5S12 7 12 7z",
  calendar: "M4 6h16v15H4zM4 10h16M8 3v5M16 3v5",
  mail: "M3 5h18v14H3zm0 1l9 7 9-7",
  globe: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-9 9h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18",
  sparkle: "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z",
  disc: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 6a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  heart: "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z",
  video: "M3 6h12v12H3zm12 4l6-3v10l-6-3",
  crown: "M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z",
  alert: "M12 3l10 18H2zm0 6v5m0 3v.01",
  upload: "M12 16V4m0 0L7 9m5-5l5 5M4 15v5h16v-5",
  bell: "M6 9a6 6 0 0 1 12 0c0 6 3 8 3 8H3s3-2 3-8M10 21a2.2 2.2 0 0 0 4 0",
  bag: "M5 8h14l-1.2 13H6.2zM9 8V6a3 3 0 0 1 6 0v2",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
