// The local live shows' demo source: a minute of the synthwave scene (demo-video.mjs) as a
// fragmented MP4 cut into HLS's CMAF shape, an init segment (ftyp + moov) and one media segment
// (moof + mdat) per 4-second keyframe interval. The Worker's local provider serves them from R2
// as a live playlist that advances with the clock, and as the replay's VOD playlist; the manifest
// tells it the keys and each segment's length without reading the segments.

/** R2 keys of the demo source (the Worker's local live provider reads the manifest). */
export const DEMO_LIVE_PREFIX = "live/demo";
export const DEMO_LIVE_MANIFEST_KEY = `${DEMO_LIVE_PREFIX}/manifest.json`;
export const DEMO_LIVE_INIT_KEY = `${DEMO_LIVE_PREFIX}/init.mp4`;
/** @param {number} index */
export const demoLiveSegmentKey = (index) => `${DEMO_LIVE_PREFIX}/${index}.m4s`;

/**
 * The source's look and length: 60 s, 15 segments of 4 s (HLS's usual target duration), with the
 * LIVE badge; the picture moves to a catalog track's music. The stream carries no sound: MP3 in
 * fragmented MP4 is not something every browser's Media Source takes, and a silent source keeps
 * the player's autoplay free of the browsers' sound rules.
 */
export const DEMO_LIVE = {
  trackId: "spring-love",
  durationSeconds: 60,
  look: { hue: 265, accent: 320 },
  seed: "live:demo",
  variant: 2,
  title: "Live from the Studio",
  subtitle: "Freestyle Lovers",
};

/** The top-level boxes of an ISO BMFF file: type, start offset and size. */
export function topLevelBoxes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7]);
    if (size === 1) size = Number(view.getBigUint64(offset + 8));
    else if (size === 0) size = bytes.length - offset;
    if (size < 8 || offset + size > bytes.length) throw new Error(`demo live: a broken ${type} box at ${offset}`);
    boxes.push({ type, offset, size });
    offset += size;
  }
  return boxes;
}

/** The first box of `type` found by walking down `path` (a list of container box types) inside `bytes`. */
function findBox(bytes, path) {
  let scope = bytes;
  for (const type of path) {
    const box = topLevelBoxes(scope).find((b) => b.type === type);
    if (!box) return null;
    scope = scope.subarray(box.offset + 8, box.offset + box.size);
  }
  return scope;
}

/** The video track's timescale (moov/trak/mdia/mdhd). */
function timescaleOf(moov) {
  const mdhd = findBox(moov, ["trak", "mdia", "mdhd"]);
  if (!mdhd) throw new Error("demo live: the init segment has no mdhd");
  const view = new DataView(mdhd.buffer, mdhd.byteOffset, mdhd.byteLength);
  return mdhd[0] === 1 ? view.getUint32(20) : view.getUint32(12);
}

/** A fragment's start in timescale units (moof/traf/tfdt). */
function decodeTimeOf(moof) {
  const tfdt = findBox(moof, ["traf", "tfdt"]);
  if (!tfdt) throw new Error("demo live: a fragment has no tfdt");
  const view = new DataView(tfdt.buffer, tfdt.byteOffset, tfdt.byteLength);
  return tfdt[0] === 1 ? Number(view.getBigUint64(4)) : view.getUint32(4);
}

/**
 * Cuts a fragmented MP4 into its init segment (everything before the first moof) and its media
 * segments (each moof with the mdat after it), with each segment's length in seconds.
 * @param {Uint8Array} fmp4
 * @param {number} totalSeconds the whole file's length (the last segment ends there)
 */
export function splitFragmentedMp4(fmp4, totalSeconds) {
  const boxes = topLevelBoxes(fmp4);
  const firstMoof = boxes.findIndex((b) => b.type === "moof");
  if (firstMoof < 0) throw new Error("demo live: not a fragmented MP4");
  const moovBox = boxes.slice(0, firstMoof).find((b) => b.type === "moov");
  if (!moovBox) throw new Error("demo live: no moov before the first fragment");
  const timescale = timescaleOf(fmp4.subarray(moovBox.offset + 8, moovBox.offset + moovBox.size));
  const init = fmp4.slice(0, boxes[firstMoof].offset);
  const fragments = [];
  for (let i = firstMoof; i < boxes.length; i++) {
    if (boxes[i].type !== "moof") continue;
    const mdat = boxes[i + 1];
    if (mdat?.type !== "mdat") throw new Error("demo live: a moof without its mdat");
    const moof = boxes[i];
    fragments.push({
      bytes: fmp4.slice(moof.offset, mdat.offset + mdat.size),
      start: decodeTimeOf(fmp4.subarray(moof.offset + 8, moof.offset + moof.size)) / timescale,
    });
  }
  const segments = fragments.map((fragment, i) => ({
    bytes: fragment.bytes,
    duration: Math.round(((fragments[i + 1]?.start ?? totalSeconds) - fragment.start) * 1000) / 1000,
  }));
  return { init, segments };
}

/**
 * Renders the demo source and cuts it: `{ init, segments: [{ bytes, duration }], manifest }`, the
 * manifest being what goes to R2 as live/demo/manifest.json.
 * @param {typeof DEMO_LIVE} live
 */
export async function renderDemoLiveSource(live = DEMO_LIVE) {
  const { renderDemoVideo, trackVideoAudio, KEYFRAME_SECONDS } = await import("./demo-video.mjs");
  const { levels } = trackVideoAudio({ id: live.trackId }, live.durationSeconds);
  const fmp4 = await renderDemoVideo({
    look: live.look,
    seed: live.seed,
    variant: live.variant,
    title: live.title,
    subtitle: live.subtitle,
    live: true,
    durationSeconds: live.durationSeconds,
    audio: { levels },
    fragmented: true,
  });
  const { init, segments } = splitFragmentedMp4(fmp4, live.durationSeconds);
  const manifest = {
    segmentSeconds: KEYFRAME_SECONDS,
    init: DEMO_LIVE_INIT_KEY,
    segments: segments.map((segment, i) => ({ key: demoLiveSegmentKey(i), duration: segment.duration })),
  };
  return { init, segments, manifest };
}
