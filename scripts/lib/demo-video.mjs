// Offline demo videos (the local TV channels; reusable for a promo video): the animated synthwave
// scene of scripts/lib/demo-scene.mjs, encoded to H.264 and put in an MP4 with an optional MP3
// audio track. Everything runs in Node from npm packages, no system binaries:
// - frames are drawn in JS (demo-scene.mjs), their motion driven by the audio's spectrum;
// - h264-mp4-encoder (the minih264 encoder compiled to WebAssembly, shipped inside the npm
//   package's JS) encodes them: H.264 Baseline profile, fixed quantizer, a keyframe every 4 s;
// - mediabunny remuxes its output with the MP3 frames (copied as they are, no re-encoding) into a
//   "fast start" MP4 (moov before mdat), so a browser can play and seek it while it downloads.
//   The remux also marks the real keyframes (the encoder's MP4 flags every frame as one, which
//   breaks seeking) and states the H.264 level the stream really needs.
// The same input gives the same frames; the MP4's creation time is the only thing that changes.
import {
  Input,
  Output,
  BufferSource,
  BufferTarget,
  ALL_FORMATS,
  Mp4OutputFormat,
  EncodedPacketSink,
  EncodedPacket,
  EncodedVideoPacketSource,
  EncodedAudioPacketSource,
} from "mediabunny";
import { parseMp3Frames, quieterFrame, renderTrackMp3, SAMPLE_RATE, trackSignal } from "./demo-audio.mjs";
import { createScene, SCENE_BANDS, syntheticLevels } from "./demo-scene.mjs";

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 360;
export const VIDEO_FPS = 24;
/**
 * H.264 quantizer (10..51, higher = smaller files): 36 gives 430-570 kbit/s for the channel
 * scenes, so a 30-40 s video with its MP3 stays under 3 MB, and still looks clean at 640x360.
 */
export const VIDEO_QP = 36;
/** minih264's speed setting, 0 (best) .. 10 (fastest). */
export const VIDEO_ENCODER_SPEED = 10;
export const KEYFRAME_SECONDS = 4;
/** LAME's encoder delay (samples): the demo MP3s play input sample i at output sample i + 1105. */
const MP3_DELAY_SAMPLES = 1105;

// ---------------------------------------------------------------------------------------------
// The H.264 encoder

let encoderModule = null;

/**
 * Loads h264-mp4-encoder once. Its Emscripten loader (an old one) installs process-wide
 * 'uncaughtException' (rethrow) and 'unhandledRejection' (abort) handlers as it loads; those would
 * change how the host process reports errors, so they are removed again.
 */
async function loadEncoder() {
  if (!encoderModule) {
    const events = ["uncaughtException", "unhandledRejection"];
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
    encoderModule = import("h264-mp4-encoder").then((module) => module.default ?? module);
    await encoderModule.finally(() => {
      for (const event of events) for (const listener of process.listeners(event)) if (!before.get(event).has(listener)) process.off(event, listener);
    });
  }
  return encoderModule;
}

let outputCounter = 0;

/**
 * RGBA → planar YUV 4:2:0 (I420), BT.601 limited range (what decoders assume for an SD stream that
 * does not say). Passing YUV to the encoder moves 1.5 bytes per pixel across the JS → WASM
 * boundary instead of 4 (its binding copies byte by byte).
 */
export function rgbaToI420(rgba, width, height, out = new Uint8Array((width * height * 3) / 2)) {
  const uOffset = width * height;
  const vOffset = uOffset + (width * height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out[y * width + x] = (16 + (65.738 * rgba[i] + 129.057 * rgba[i + 1] + 25.064 * rgba[i + 2]) / 256 + 0.5) | 0;
    }
  }
  const halfWidth = width / 2;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 4;
      const j = i + width * 4;
      const r = (rgba[i] + rgba[i + 4] + rgba[j] + rgba[j + 4]) / 4;
      const g = (rgba[i + 1] + rgba[i + 5] + rgba[j + 1] + rgba[j + 5]) / 4;
      const b = (rgba[i + 2] + rgba[i + 6] + rgba[j + 2] + rgba[j + 6]) / 4;
      const c = (y / 2) * halfWidth + x / 2;
      out[uOffset + c] = (128 + (-37.945 * r - 74.494 * g + 112.439 * b) / 256 + 0.5) | 0;
      out[vOffset + c] = (128 + (112.439 * r - 94.154 * g - 18.285 * b) / 256 + 0.5) | 0;
    }
  }
  return out;
}

/** Encodes frames (RGBA, drawn by `drawFrame(index)`) to an MP4 in the encoder's own layout. */
async function encodeFrames({ width, height, fps, frameCount, quantizer, drawFrame }) {
  const HME = await loadEncoder();
  const encoder = await HME.createH264MP4Encoder();
  encoder.width = width;
  encoder.height = height;
  encoder.frameRate = fps;
  encoder.speed = VIDEO_ENCODER_SPEED;
  encoder.quantizationParameter = quantizer;
  encoder.groupOfPictures = Math.max(1, Math.round(fps * KEYFRAME_SECONDS));
  encoder.outputFilename = `demo-video-${process.pid}-${++outputCounter}.mp4`; // in the encoder's in-memory file system
  try {
    encoder.initialize();
    const yuv = new Uint8Array((width * height * 3) / 2);
    for (let i = 0; i < frameCount; i++) encoder.addFrameYuv(rgbaToI420(drawFrame(i), width, height, yuv));
    encoder.finalize();
    const bytes = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    return bytes;
  } finally {
    encoder.delete();
  }
}

// ---------------------------------------------------------------------------------------------
// MP4 assembly

/** The lowest H.264 level (level_idc) whose frame size and macroblock rate limits fit. */
export function h264LevelFor(width, height, fps) {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const levels = [
    [10, 99, 1485],
    [11, 396, 3000],
    [12, 396, 6000],
    [13, 396, 11880],
    [21, 792, 19800],
    [22, 1620, 20250],
    [30, 1620, 40500],
    [31, 3600, 108000],
    [32, 5120, 216000],
    [40, 8192, 245760],
  ];
  const found = levels.find(([, maxFrame, maxRate]) => frameMbs <= maxFrame && frameMbs * fps <= maxRate);
  return found ? found[0] : 42;
}

/** NAL unit types in an AVC sample (4-byte length prefixes). */
function nalTypes(sample) {
  const types = [];
  for (let offset = 0; offset + 4 < sample.length;) {
    const length = ((sample[offset] << 24) | (sample[offset + 1] << 16) | (sample[offset + 2] << 8) | sample[offset + 3]) >>> 0;
    types.push(sample[offset + 4] & 0x1f);
    offset += 4 + length;
  }
  return types;
}

const hex2 = (n) => n.toString(16).padStart(2, "0").toUpperCase();

/** MP3 frames as packets: the channel count and sample rate from the first header. */
function mp3Packets(mp3) {
  const frames = parseMp3Frames(mp3);
  if (frames.length === 0) throw new Error("demo video: the audio has no MP3 frames");
  const first = frames[0];
  const channels = mp3[first.offset + 3] >> 6 === 3 ? 1 : 2;
  return { frames, sampleRate: first.sampleRate, samples: first.samples, channels };
}

/**
 * Puts the encoder's H.264 samples and (optionally) MP3 frames into a fast-start MP4. The audio
 * is cut to the video's length, or looped (frame by frame) when shorter.
 */
async function muxMp4({ encoded, fps, frameCount, mp3, fragmented = false }) {
  const input = new Input({ source: new BufferSource(encoded), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error("demo video: the encoder wrote no video track");
  const config = await track.getDecoderConfig();
  if (!config?.description) throw new Error("demo video: no avcC in the encoder's output");
  const source = config.description;
  const description = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength).slice() : new Uint8Array(source).slice();
  // avcC: version, profile, compatibility, level, ...; its first SPS starts at byte 8 (NAL header,
  // profile, constraint flags, level). Raise the level the encoder states to the one the size and
  // rate need (minih264 states 2.2 for 640x360, whose 24 fps need 3.0).
  const level = Math.max(description[3], h264LevelFor(track.codedWidth, track.codedHeight, fps));
  description[3] = level;
  if ((description[8] & 0x1f) === 7) description[11] = level;
  const codec = `avc1.${hex2(description[1])}${hex2(description[2])}${hex2(level)}`;

  // A fragmented MP4 (for HLS) cuts a fragment at the first keyframe KEYFRAME_SECONDS after the
  // last cut: one fragment per keyframe interval.
  const format = fragmented
    ? new Mp4OutputFormat({ fastStart: "fragmented", minimumFragmentDuration: KEYFRAME_SECONDS })
    : new Mp4OutputFormat({ fastStart: "in-memory" });
  const output = new Output({ format, target: new BufferTarget() });
  const videoSource = new EncodedVideoPacketSource("avc");
  output.addVideoTrack(videoSource, { frameRate: fps });
  let audioSource = null;
  let audio = null;
  if (mp3) {
    audio = mp3Packets(mp3);
    audioSource = new EncodedAudioPacketSource("mp3");
    output.addAudioTrack(audioSource);
  }
  await output.start();

  let index = 0;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    if (index >= frameCount) break;
    const key = nalTypes(packet.data).includes(5); // IDR slice
    if (index === 0 && !key) throw new Error("demo video: the first frame is not a keyframe");
    const fixed = new EncodedPacket(packet.data, key ? "key" : "delta", index / fps, 1 / fps);
    await videoSource.add(
      fixed,
      index === 0 ? { decoderConfig: { codec, codedWidth: track.codedWidth, codedHeight: track.codedHeight, description } } : undefined,
    );
    index++;
  }
  if (index !== frameCount) throw new Error(`demo video: encoded ${index} frames, expected ${frameCount}`);

  if (audio) {
    const frameSeconds = audio.samples / audio.sampleRate;
    const count = Math.floor(frameCount / fps / frameSeconds + 1e-9);
    for (let i = 0; i < count; i++) {
      const frame = audio.frames[i % audio.frames.length];
      const packet = new EncodedPacket(mp3.subarray(frame.offset, frame.offset + frame.length), "key", (i * audio.samples) / audio.sampleRate, frameSeconds);
      await audioSource.add(packet, i === 0 ? { decoderConfig: { codec: "mp3", sampleRate: audio.sampleRate, numberOfChannels: audio.channels } } : undefined);
    }
  }
  await output.finalize();
  input.dispose();
  return new Uint8Array(output.target.buffer);
}

// ---------------------------------------------------------------------------------------------
// Audio: an MP3 for the video and its spectrum per video frame

/**
 * Spectrum levels per video frame from mono PCM: SCENE_BANDS band-pass filters (log-spaced,
 * 55 Hz..7 kHz, 4th order: two state-variable band-passes in a row), RMS per frame in dB, each
 * band scaled to its own loud moments (so every band moves, as on a club's light show) but never
 * boosted more than 18 dB above the loudest band (so a band with hardly anything stays low), with
 * a fast attack and a slower release so pulses read well. `delaySamples` shifts the analysis to
 * when the samples are heard.
 * @returns {{ bass: number, mid: number, high: number, bands: number[] }[]}
 */
export function analyzeLevels(samples, sampleRate, fps, frameCount, delaySamples = 0) {
  const frameOf = new Int32Array(samples.length);
  for (let i = 0; i < samples.length; i++) frameOf[i] = Math.floor(((i + delaySamples) * fps) / sampleRate);
  const decibels = [];
  for (let b = 0; b < SCENE_BANDS; b++) {
    const hz = 55 * (7000 / 55) ** (b / (SCENE_BANDS - 1));
    const g = Math.tan((Math.PI * Math.min(hz, sampleRate * 0.45)) / sampleRate);
    const k = 1.2; // 1/Q per stage
    const a1 = 1 / (1 + g * (g + k));
    const a2 = g * a1;
    const a3 = g * a2;
    let s1 = 0;
    let s2 = 0;
    let t1 = 0;
    let t2 = 0;
    const energy = new Float64Array(frameCount);
    const counts = new Float64Array(frameCount);
    for (let i = 0; i < samples.length; i++) {
      // TPT state-variable filter, band-pass output, twice
      let v3 = samples[i] - s2;
      let v1 = a1 * s1 + a2 * v3;
      let v2 = s2 + a2 * s1 + a3 * v3;
      s1 = 2 * v1 - s1;
      s2 = 2 * v2 - s2;
      const stage = v1 * k;
      v3 = stage - t2;
      v1 = a1 * t1 + a2 * v3;
      v2 = t2 + a2 * t1 + a3 * v3;
      t1 = 2 * v1 - t1;
      t2 = 2 * v2 - t2;
      const frame = frameOf[i];
      if (frame >= 0 && frame < frameCount) {
        const out = v1 * k;
        energy[frame] += out * out;
        counts[frame]++;
      }
    }
    decibels.push(Array.from(energy, (e, f) => 10 * Math.log10((counts[f] ? e / counts[f] : 0) + 1e-12)));
  }
  const loud = decibels.map((db) => [...db].sort((x, y) => x - y)[Math.floor(db.length * 0.95)] ?? -120);
  const loudest = Math.max(...loud);
  const range = 30;
  const bands = decibels.map((db, b) => {
    const reference = Math.max(loud[b], loudest - 18);
    let previous = 0;
    return db.map((value) => {
      const level = Math.min(1, Math.max(0, (value - (reference - range)) / range));
      previous = Math.max(level, previous * 0.8);
      return previous;
    });
  });
  const mean = (f, from, to) => {
    let sum = 0;
    for (let b = from; b < to; b++) sum += bands[b][f];
    return sum / (to - from);
  };
  return Array.from({ length: frameCount }, (_, f) => ({
    bass: mean(f, 0, 3),
    mid: mean(f, 3, 8),
    high: mean(f, 8, SCENE_BANDS),
    bands: bands.map((band) => band[f]),
  }));
}

/**
 * A catalog track's demo music for a video: the MP3 the demo audio generator renders for that
 * track id, made `durationSeconds` long (same music; it fades in at the start and out at the end,
 * so a looping video flows), without its ID3 tag, optionally quieter (`gainDb`, in 1.5 dB steps,
 * by lowering each frame's global gain), with its spectrum per video frame.
 * @param {{ id: string }} track
 */
export function trackVideoAudio(track, durationSeconds, { fps = VIDEO_FPS, gainDb = 0 } = {}) {
  const demo = { id: track.id, durationSeconds };
  const tagged = renderTrackMp3(demo);
  const steps = Math.max(0, Math.round(-gainDb / 1.5));
  const mp3 = new Uint8Array(
    Buffer.concat(
      parseMp3Frames(tagged).map((f) => {
        const frame = tagged.subarray(f.offset, f.offset + f.length);
        return steps > 0 ? quieterFrame(frame, steps) : frame;
      }),
    ),
  );
  const signal = trackSignal(demo);
  const samples = new Float32Array(signal.totalSamples);
  for (let i = 0; i < samples.length; i++) samples[i] = signal.sampleAt(i);
  const levels = analyzeLevels(samples, SAMPLE_RATE, fps, Math.round(durationSeconds * fps), MP3_DELAY_SAMPLES);
  return { mp3, levels };
}

// ---------------------------------------------------------------------------------------------
// The video

/**
 * Renders a looping demo video: the synthwave scene in the look's colours, with a title, an
 * optional LIVE badge and optional audio, as an H.264 + MP3 MP4 (fast start).
 * @param {object} options
 * @param {{ hue: number, accent: number }} options.look
 * @param {number} options.durationSeconds
 * @param {string} [options.seed]       varies the layout (default: from the title)
 * @param {number} [options.variant]    picks the emblem (see demo-scene.mjs designScene)
 * @param {number} [options.width]      even; default 640
 * @param {number} [options.height]     even; default 360
 * @param {number} [options.fps]        default 24
 * @param {string | null} [options.title]
 * @param {string | null} [options.subtitle]
 * @param {boolean} [options.live]      draws a LIVE badge
 * @param {number} [options.quantizer]  H.264 QP, default VIDEO_QP
 * @param {number} [options.maxBytes]   a size limit: while the MP4 is larger, it is encoded again
 *   3 QP steps coarser (about 30% smaller each time); fails when even QP 51 does not fit
 * @param {{ mp3?: Uint8Array, levels?: ReturnType<typeof analyzeLevels> }} [options.audio]
 *   an MP3 (any ID3 tag is skipped) and optionally its levels per frame (else a synthetic beat);
 *   levels without an MP3 drive the picture of a silent video
 * @param {boolean} [options.fragmented]  a fragmented MP4 (ftyp, moov, then a moof + mdat per
 *   keyframe interval), the shape HLS plays in segments
 * @returns {Promise<Uint8Array>}
 */
export async function renderDemoVideo({
  look,
  durationSeconds,
  seed,
  variant,
  width = VIDEO_WIDTH,
  height = VIDEO_HEIGHT,
  fps = VIDEO_FPS,
  title = null,
  subtitle = null,
  live = false,
  quantizer = VIDEO_QP,
  maxBytes = Infinity,
  audio,
  fragmented = false,
}) {
  if (!(durationSeconds > 0)) throw new Error("demo video: durationSeconds must be positive");
  if (width % 2 || height % 2) throw new Error("demo video: width and height must be even");
  const frameCount = Math.round(durationSeconds * fps);
  const sceneSeed = seed ?? `video:${title ?? ""}`;
  const scene = createScene({ look, seed: sceneSeed, variant, width, height, loopSeconds: frameCount / fps, title, subtitle, live, layout: "video" });
  const levelHold = Math.max(1, Math.round(fps / 12));
  const drawFrame = (i) => {
    const p = i / frameCount;
    // The levels (bars, pulses) change at about 12 Hz, like a real analyser's display: steadier
    // to watch, and cheaper to encode.
    const held = i - (i % levelHold);
    return scene.draw(p, audio?.levels?.[held] ?? syntheticLevels(held / frameCount, frameCount / fps, sceneSeed)).rgba;
  };
  for (let qp = quantizer; ; qp = Math.min(51, qp + 3)) {
    const encoded = await encodeFrames({ width, height, fps, frameCount, quantizer: qp, drawFrame });
    const mp4 = await muxMp4({ encoded, fps, frameCount, mp3: audio?.mp3, fragmented });
    if (mp4.length <= maxBytes) return mp4;
    if (qp >= 51) throw new Error(`demo video: ${mp4.length} bytes at QP 51, over the ${maxBytes}-byte limit`);
  }
}
