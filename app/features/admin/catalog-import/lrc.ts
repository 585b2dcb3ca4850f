// Timed lines to LRC and back to a test of "is this LRC": lyrics are stored as their LRC text
// (decision 112), so synced lyrics read from ID3 SYLT frames are written as LRC here.

/** [mm:ss.xx] of a time in milliseconds. */
function stamp(ms: number): string {
  const total = Math.max(0, Math.round(ms / 10));
  const minutes = Math.floor(total / 6000);
  const seconds = Math.floor((total % 6000) / 100);
  const hundredths = total % 100;
  return `[${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}.${String(hundredths).padStart(2, "0")}]`;
}

export function toLrc(lines: readonly { ms: number; text: string }[]): string {
  return lines.map(({ ms, text }) => `${stamp(ms)}${text}`).join("\n");
}

const TIMED_LINE = /^\s*\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\]/m;

/** True when the text has at least one timed line, the rule the Worker applies to synced lyrics. */
export const isLrc = (text: string) => TIMED_LINE.test(text);
