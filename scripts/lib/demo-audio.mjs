// Offline demo audio for the catalog: a short freestyle / synth-pop loop per track, synthesized
// in code and encoded to MP3 with a pure-JS LAME port (@breezystack/lamejs). Nothing is
// downloaded; everything is derived from a hash of the track id, so every track sounds
// different (tempo, key, mode, chord progression, drum kit and pattern, bass line, arpeggio,
// melody, timbres) and the same id always gives the same bytes.
//
// How it stays fast (~130 tracks, 2+ hours of audio, in well under a minute on two cores):
// - One 4-bar period of the arrangement is synthesized into stems (cheap oscillators: PolyBLEP
//   saw/pulse, a TPT state-variable filter; drums are pre-rendered one-shots stamped in), and
//   the track is that period looped after a 1-bar intro, with a fade in and a fade out.
// - The period is a whole number of MP3 frames (576 samples at 22.05 kHz, MPEG-2 Layer III), and
//   the encoder writes self-contained frames (lamejs runs with the bit reservoir off), so the
//   frames of one steady period are encoded once and repeated: only the intro and one period go
//   through the encoder. The fade-out lowers the repeated frames' global gain (as mp3gain does).
//   The result is a plain CBR stream of valid frames that sounds like encoding the whole signal.
//
// The parts: demo-audio-dsp.mjs (oscillators, filters, delay, reverb), demo-audio-drums.mjs (drum
// one-shots), demo-audio-arrangement.mjs (the design and the stems) and demo-audio-mp3.mjs (MP3
// frames); this module mixes the stems into the track's signal and encodes it.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { designTrack, renderStems } from "./demo-audio-arrangement.mjs";
import { SAMPLE_RATE } from "./demo-audio-dsp.mjs";
import { concatBytes, parseMp3Frames, quieterFrame, SAMPLES_PER_FRAME } from "./demo-audio-mp3.mjs";
import { id3v24Bytes } from "./id3v24.mjs";

export { DEMO_AUDIO_VERSION, designTrack, renderStems } from "./demo-audio-arrangement.mjs";
export { SAMPLE_RATE } from "./demo-audio-dsp.mjs";
export { id3Length, mp3DurationSeconds, parseMp3Frames, quieterFrame, SAMPLES_PER_FRAME } from "./demo-audio-mp3.mjs";

/**
 * lamejs's Mp3Encoder hard-codes LAME quality 3 (an exhaustive noise-shaping search). For these
 * loops quality 7 sounds the same and encodes about 2.4x faster, which keeps the whole catalog
 * within its time budget. So the package's own installed ESM build is loaded with that one
 * constant changed (read from node_modules; nothing is downloaded or vendored). Should another
 * version of the package not contain that exact text, the package is used as it is (quality 3):
 * slower, equally valid.
 */
async function loadEncoder() {
  const url = import.meta.resolve("@breezystack/lamejs");
  const source = await readFile(fileURLToPath(url), "utf8").catch(() => "");
  const marker = "R.quality = 3,";
  if (source.split(marker).length === 2) {
    const patched = source.replace(marker, "R.quality = 7,");
    const module = await import(`data:text/javascript;base64,${Buffer.from(patched).toString("base64")}`);
    return { Mp3Encoder: module.Mp3Encoder, quality: 7 };
  }
  const module = await import("@breezystack/lamejs");
  return { Mp3Encoder: module.Mp3Encoder, quality: 3 };
}
const { Mp3Encoder, quality: encoderQuality } = await loadEncoder();
/** The LAME quality setting in use (7 normally; 3 if the encoder could not be tuned). */
export const ENCODER_QUALITY = encoderQuality;

export const BITRATE_KBPS = 64;

const SR = SAMPLE_RATE;
const INTRO_BARS = 1; // drums (+ bass from beat 3) over the period's last bar, whose fill leads into the top
const FADE_IN_S = 1.0;
const FADE_OUT_S = 2.5;

/** Subtracts a periodic buffer's mean (its DC offset), in place. */
function removeDc(buffer) {
  let sum = 0;
  for (let i = 0; i < buffer.length; i++) sum += buffer[i];
  const mean = sum / buffer.length;
  for (let i = 0; i < buffer.length; i++) buffer[i] -= mean;
}

/** The gain that brings a buffer to `db` dB RMS (full scale = 0 dB). */
function level(buffer, db) {
  let sum = 0;
  for (let i = 0; i < buffer.length; i++) sum += buffer[i] * buffer[i];
  const rms = Math.sqrt(sum / buffer.length);
  return rms > 1e-6 ? 10 ** (db / 20) / rms : 1;
}

/** A smooth limiter: tanh-like soft clip (rational approximation). */
const softClip = (x) => {
  if (x > 3) return 1;
  if (x < -3) return -1;
  return (x * (27 + x * x)) / (27 + 9 * x * x);
};

// ---------------------------------------------------------------------------------------------
// The whole track as PCM, on demand (any region), and its MP3 encoding

/**
 * The track's signal: a 1-bar intro (drums, bass from beat 3; the period's last bar, so its fill
 * leads into the top), then the full period looped; fade in and fade out. `sampleAt(i)` gives
 * sample i.
 */
export function trackSignal(track) {
  const design = designTrack(track);
  const stems = renderStems(design);
  const n = design.periodSamples;
  // Balance the stems at fixed levels (dB RMS), so every track is mixed alike whatever its kit
  // and patterns: drums and melody in front, bass close, pad behind.
  for (const stem of Object.values(stems)) removeDc(stem);
  const gains = { drums: level(stems.drums, -13), bass: level(stems.bass, -15), melodic: level(stems.melodic, -14), pad: level(stems.pad, -23) };
  const full = new Float32Array(n);
  const introDrums = new Float32Array(n);
  const introBass = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const core = stems.drums[i] * gains.drums + stems.pad[i] * gains.pad + 0.5 * stems.reverb[i];
    full[i] = core + stems.bass[i] * gains.bass + stems.melodic[i] * gains.melodic;
    introDrums[i] = core;
    introBass[i] = core + stems.bass[i];
  }
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(full[i]));
  const drive = 1.3 / (peak || 1); // a little soft-clip warmth on the loudest peaks
  for (const buffer of [full, introDrums, introBass]) for (let i = 0; i < n; i++) buffer[i] = 0.92 * softClip(buffer[i] * drive);

  const introSamples = Math.round(INTRO_BARS * 16 * design.stepSamples);
  const totalSamples = Math.round(track.durationSeconds * SR);
  const fadeIn = Math.round(FADE_IN_S * SR);
  const fadeOut = Math.round(FADE_OUT_S * SR);
  const barSamples = 16 * design.stepSamples;
  const sampleAt = (i) => {
    if (i < 0 || i >= totalSamples) return 0;
    const phase = (((i - introSamples) % n) + n) % n;
    let value;
    if (i >= introSamples) value = full[phase];
    else value = i < introSamples - barSamples / 2 ? introDrums[phase] : introBass[phase];
    if (i < fadeIn) value *= i / fadeIn;
    const left = totalSamples - i;
    if (left < fadeOut) value *= 0.5 - 0.5 * Math.cos((Math.PI * left) / fadeOut);
    return value;
  };
  return { design, introSamples, totalSamples, fadeOutSamples: fadeOut, sampleAt };
}

/** Samples [start, start + length) of a track signal as 16-bit PCM. */
export function pcmRegion(signal, start, length) {
  const pcm = new Int16Array(length);
  for (let i = 0; i < length; i++) pcm[i] = Math.max(-32767, Math.min(32767, Math.round(signal.sampleAt(start + i) * 32767)));
  return pcm;
}

/** Encodes mono PCM (Int16) to MP3 bytes with lamejs (CBR, no bit reservoir). */
export function encodePcm(pcm) {
  const encoder = new Mp3Encoder(1, SR, BITRATE_KBPS);
  const parts = [];
  const block = SAMPLES_PER_FRAME * 32;
  for (let i = 0; i < pcm.length; i += block) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + block)));
  parts.push(encoder.flush());
  return concatBytes(parts);
}

// The body of the signal is exactly periodic (delay and reverb are computed on the circular
// period), so only the encoder's own state needs a few frames to settle after the intro
// (filter bank / MDCT overlap, psychoacoustic history).
const LOOKAHEAD_FRAMES = 6; // the encoder's look-ahead past a frame, generously
const SETTLE_FRAMES = 8;
/** LAME's encoder delay: input sample i is decoded at output sample i + ENCODER_DELAY. */
const ENCODER_DELAY = 1105;

/**
 * Renders a catalog track's demo audio: an MP3 exactly `track.durationSeconds` long (plus the
 * encoder's few milliseconds of delay and padding), mono 22.05 kHz, 64 kbps CBR, behind the
 * ID3v2.4 tag of `tags` when given (the import's writer, id3v24.mjs). Only the intro and one
 * steady period are encoded; the steady period's frames are then repeated to the end, the last
 * ones made progressively quieter for the fade-out.
 * @param {{ id: string, durationSeconds: number }} track
 * @param {import("./id3v24.mjs").Id3Tags<Uint8Array>} [tags]
 * @returns {Uint8Array}
 */
export function renderTrackMp3(track, tags) {
  if (!Number.isFinite(track.durationSeconds) || track.durationSeconds <= 0) throw new Error(`bad duration for ${track.id}`);
  const signal = trackSignal(track);
  const F = SAMPLES_PER_FRAME;
  const L = signal.design.periodFrames;
  const N = signal.totalSamples;
  const total = Math.ceil((N + ENCODER_DELAY) / F); // frames a one-pass encoding would end with
  const w0 = Math.ceil(signal.introSamples / F) + SETTLE_FRAMES; // steady period: frames [w0, w0 + L)
  const fadeStart = Math.floor((N - signal.fadeOutSamples + ENCODER_DELAY) / F); // first faded frame
  let audio;
  if (fadeStart - (w0 + L) < 2 * LOOKAHEAD_FRAMES) {
    audio = encodePcm(pcmRegion(signal, 0, N)); // a short track: one pass, faded in the signal
  } else {
    const pass = encodePcm(pcmRegion(signal, 0, (w0 + L + LOOKAHEAD_FRAMES) * F));
    const frames = parseMp3Frames(pass);
    if (frames.length < w0 + L || frames.some((f) => f.mainDataBegin !== 0)) throw new Error("unexpected encoder output (bit reservoir in use?)");
    const parts = [];
    for (let g = 0; g < total; g++) {
      const frame = frames[g < w0 + L ? g : w0 + ((g - w0) % L)];
      const bytes = pass.subarray(frame.offset, frame.offset + frame.length);
      if (g < fadeStart) {
        parts.push(bytes);
        continue;
      }
      // the fade-out: a raised-cosine amplitude curve, in 1.5 dB steps (log2(a) * 4)
      const left = (N - (g * F - ENCODER_DELAY + F / 2)) / signal.fadeOutSamples;
      const amplitude = left <= 0 ? 0 : 0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, left));
      parts.push(quieterFrame(bytes, amplitude <= 0 ? 255 : Math.round(-4 * Math.log2(amplitude))));
    }
    audio = concatBytes(parts);
  }
  return tags ? concatBytes([id3v24Bytes(tags), audio]) : audio;
}
