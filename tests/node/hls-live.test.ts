// The local live source's playlists (worker/lib/hls-live.ts, decision 113) against a fake clock: the
// live window advances with the time, wraps the loop with a discontinuity counted right, and the
// replay lists exactly the segments between the start and the end.
import { describe, expect, it } from "vitest";
import { livePlaylist, parseLiveManifest, replayPlaylist, replaySegmentCount, segmentFileKey, type LiveManifest } from "../../worker/lib/hls-live";

const manifest: LiveManifest = {
  segmentSeconds: 4,
  init: "live/demo/init.mp4",
  segments: [0, 1, 2].map((n) => ({ key: `live/demo/${n}.m4s`, duration: 4 })),
};
const START = Date.UTC(2026, 10, 27, 20, 0, 0);
const at = (seconds: number) => START + seconds * 1000;

const tag = (playlist: string, name: string) =>
  playlist
    .split("\n")
    .find((l) => l.startsWith(`#${name}:`))
    ?.slice(name.length + 2);
const uris = (playlist: string) => playlist.split("\n").filter((l) => l.endsWith(".m4s"));

describe("the live playlist", () => {
  it("starts with one segment and keeps a window of the last five as the clock advances", () => {
    const first = livePlaylist(manifest, START, at(1), 5);
    expect(uris(first)).toEqual(["0.m4s"]);
    expect(tag(first, "EXT-X-MEDIA-SEQUENCE")).toBe("0");
    expect(first).not.toContain("#EXT-X-ENDLIST");
    expect(first).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(tag(first, "EXT-X-VERSION")).toBe("7");
    expect(tag(first, "EXT-X-TARGETDURATION")).toBe("4");
    expect(tag(first, "EXT-X-PROGRAM-DATE-TIME")).toBe(new Date(START).toISOString());

    const later = livePlaylist(manifest, START, at(4 * 9 + 1), 5);
    expect(uris(later)).toEqual(["5.m4s", "6.m4s", "7.m4s", "8.m4s", "9.m4s"]);
    expect(tag(later, "EXT-X-MEDIA-SEQUENCE")).toBe("5");
    expect(tag(later, "EXT-X-PROGRAM-DATE-TIME")).toBe(new Date(at(20)).toISOString());
    // Four seconds on, the window has moved by one.
    expect(uris(livePlaylist(manifest, START, at(4 * 10 + 1), 5))[0]).toBe("6.m4s");
  });

  it("marks each wrap of the loop with a discontinuity and counts the wraps before the window", () => {
    // Segments 5..9 play files 2,0,1,2,0: wraps before 6 and 9.
    const text = livePlaylist(manifest, START, at(4 * 9 + 1), 5);
    const lines = text.split("\n");
    // A wrap: the discontinuity, the new timeline's date, the duration, the segment.
    const before = (uri: string) => lines[lines.indexOf(uri) - 3];
    expect(before("6.m4s")).toBe("#EXT-X-DISCONTINUITY");
    expect(before("9.m4s")).toBe("#EXT-X-DISCONTINUITY");
    expect(lines.filter((l) => l === "#EXT-X-DISCONTINUITY")).toHaveLength(2);
    // Segment 5 is after wraps at 3 (and 0 is the start): one before the window.
    expect(tag(text, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe("1");
    // The window now starting at segment 6, right on a wrap: two wraps at or before it, and no tag on its first line.
    const next = livePlaylist(manifest, START, at(4 * 10 + 1), 5);
    expect(tag(next, "EXT-X-DISCONTINUITY-SEQUENCE")).toBe("2");
    expect(next.split("\n").filter((l) => l === "#EXT-X-DISCONTINUITY")).toHaveLength(1);
    expect(segmentFileKey(manifest, 9)).toBe("live/demo/0.m4s");
    expect(segmentFileKey(manifest, 7)).toBe("live/demo/1.m4s");
  });
});

describe("the replay", () => {
  it("is a VOD playlist of exactly the segments between the start and the end", () => {
    const text = replayPlaylist(manifest, START, at(30));
    expect(uris(text)).toEqual(["0.m4s", "1.m4s", "2.m4s", "3.m4s", "4.m4s", "5.m4s", "6.m4s", "7.m4s"]);
    expect(tag(text, "EXT-X-PLAYLIST-TYPE")).toBe("VOD");
    expect(text.trimEnd().endsWith("#EXT-X-ENDLIST")).toBe(true);
    expect(replaySegmentCount(manifest, START, at(28))).toBe(7);
    expect(replaySegmentCount(manifest, START, at(28.001))).toBe(8);
    expect(replaySegmentCount(manifest, START, START)).toBe(1);
  });
});

describe("the manifest", () => {
  it("is read when it has the demo media step's shape, refused otherwise", () => {
    expect(parseLiveManifest(JSON.stringify(manifest))).toEqual(manifest);
    expect(parseLiveManifest("not json")).toBeNull();
    expect(parseLiveManifest(JSON.stringify({ ...manifest, segments: [] }))).toBeNull();
    expect(parseLiveManifest(JSON.stringify({ ...manifest, segmentSeconds: 0 }))).toBeNull();
  });
});
