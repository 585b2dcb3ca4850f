// The local live source's HLS playlists (decision 113), computed from the clock: a loop of demo
// segments played as if a camera were on. Pure: the time, the show's start and end and the
// manifest come in; the playlist's text goes out, so a fake clock tests every case.
//
// Live: segment n (n = 0 at the show's start, one every `segmentSeconds`) plays file n mod count.
// The playlist is a sliding window of the last few segments, the newest the one "being recorded"
// now; where the loop wraps the timestamps jump back, so that segment carries EXT-X-DISCONTINUITY
// and EXT-X-DISCONTINUITY-SEQUENCE counts the wraps before the window's first segment.
// Once the show has ended, the live playlist stops at the show's last segment (the replay's last)
// and says EXT-X-ENDLIST, so an outside player stops instead of looping the window.
// Replay: every segment from the start to the end, as a VOD playlist.

/** live/demo/manifest.json, as the demo media step writes it. */
export type LiveManifest = {
  segmentSeconds: number;
  init: string;
  segments: { key: string; duration: number }[];
};

/** A manifest read from R2, or null when it is not one (the route answers live_media_missing). */
export function parseLiveManifest(text: string): LiveManifest | null {
  try {
    const value = JSON.parse(text) as Partial<LiveManifest>;
    if (typeof value.segmentSeconds !== "number" || !(value.segmentSeconds > 0) || typeof value.init !== "string") return null;
    if (!Array.isArray(value.segments) || value.segments.length === 0) return null;
    if (!value.segments.every((s) => typeof s?.key === "string" && typeof s.duration === "number" && s.duration > 0)) return null;
    return { segmentSeconds: value.segmentSeconds, init: value.init, segments: value.segments };
  } catch {
    return null;
  }
}

const segmentMs = (manifest: LiveManifest) => manifest.segmentSeconds * 1000;

/** The newest segment's number at `now`: the one being "recorded". */
export const liveHeadSegment = (manifest: LiveManifest, startedAt: number, now: number) => Math.max(0, Math.floor((now - startedAt) / segmentMs(manifest)));

/** How many segments a show from `startedAt` to `endedAt` recorded (at least one). */
export const replaySegmentCount = (manifest: LiveManifest, startedAt: number, endedAt: number) =>
  Math.max(1, Math.ceil((endedAt - startedAt) / segmentMs(manifest)));

/** The R2 key of the file segment number `n` plays. */
export const segmentFileKey = (manifest: LiveManifest, n: number) => manifest.segments[n % manifest.segments.length]!.key;

const durationOf = (manifest: LiveManifest, n: number) => manifest.segments[n % manifest.segments.length]!.duration;

function header(manifest: LiveManifest, lines: string[]) {
  const longest = Math.max(manifest.segmentSeconds, ...manifest.segments.map((s) => s.duration));
  return ["#EXTM3U", "#EXT-X-VERSION:7", `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`, "#EXT-X-INDEPENDENT-SEGMENTS", ...lines, '#EXT-X-MAP:URI="init.mp4"'];
}

function segmentLines(manifest: LiveManifest, first: number, last: number, startedAt: number): string[] {
  const lines: string[] = [];
  for (let n = first; n <= last; n++) {
    if (n > first && n % manifest.segments.length === 0) lines.push("#EXT-X-DISCONTINUITY");
    if (n === first || n % manifest.segments.length === 0)
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(startedAt + n * segmentMs(manifest)).toISOString()}`);
    lines.push(`#EXTINF:${durationOf(manifest, n).toFixed(3)},`, `${n}.m4s`);
  }
  return lines;
}

/**
 * The newest segment the live playlist lists at `now`: the head while the show is on, its last
 * recorded segment once it has ended (`endedAt`, null while live), whatever the clock says after.
 */
export const liveLastSegment = (manifest: LiveManifest, startedAt: number, endedAt: number | null, now: number) =>
  endedAt === null || now < endedAt ? liveHeadSegment(manifest, startedAt, now) : replaySegmentCount(manifest, startedAt, endedAt) - 1;

/** The live playlist at `now`: the last `window` segments up to the head; once ended, up to the show's last, with ENDLIST. */
export function livePlaylist(manifest: LiveManifest, startedAt: number, now: number, window: number, endedAt: number | null = null): string {
  const last = liveLastSegment(manifest, startedAt, endedAt, now);
  const first = Math.max(0, last - window + 1);
  const wraps = Math.floor(first / manifest.segments.length);
  const head = header(manifest, [`#EXT-X-MEDIA-SEQUENCE:${first}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${wraps}`]);
  const ended = endedAt !== null && now >= endedAt;
  return [...head, ...segmentLines(manifest, first, last, startedAt), ...(ended ? ["#EXT-X-ENDLIST"] : []), ""].join("\n");
}

/** The replay: every segment the show recorded, as video on demand. */
export function replayPlaylist(manifest: LiveManifest, startedAt: number, endedAt: number): string {
  const count = replaySegmentCount(manifest, startedAt, endedAt);
  const head = header(manifest, ["#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-MEDIA-SEQUENCE:0"]);
  return [...head, ...segmentLines(manifest, 0, count - 1, startedAt), "#EXT-X-ENDLIST", ""].join("\n");
}
