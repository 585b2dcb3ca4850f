// Synced lyrics (decision 112): the timed lines of an LRC text, read with `clrc`.
import { LineType, parse } from "clrc";
import type { SyncedLine } from "#contracts/music/track-details.ts";

/**
 * The timed lines of an LRC text, in time order; a line with several times appears at each.
 * Metadata lines ([ar:], [ti:]) are left out, and `[offset:+/-ms]` moves every line as LRC says
 * (a positive offset shows lines sooner). Untimed lines are not lyrics of a synced text.
 */
export function syncedLines(lrc: string): SyncedLine[] {
  const parsed = parse(lrc.replace(/\r\n?/g, "\n"));
  let offset = 0;
  const lines: SyncedLine[] = [];
  for (const line of parsed) {
    if (line.type === LineType.METADATA && line.key.trim().toLowerCase() === "offset") offset = Number.parseInt(line.value, 10) || 0;
    if (line.type === LineType.LYRIC) lines.push({ ms: line.startMillisecond, text: line.content.trim() });
  }
  return lines.map((line) => ({ ...line, ms: Math.max(0, line.ms - offset) })).sort((a, b) => a.ms - b.ms);
}
