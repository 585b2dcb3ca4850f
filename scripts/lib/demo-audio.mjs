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
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { fnv1a, prng } from "../catalog/hash.mjs";

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

/** Seeds every track's random design; bump to re-roll them all. (The demo media cache follows code changes by itself.) */
export const DEMO_AUDIO_VERSION = 1;
export const SAMPLE_RATE = 22050;
export const BITRATE_KBPS = 64;
/** Samples per MPEG-2 Layer III frame (one granule). */
export const SAMPLES_PER_FRAME = 576;

const SR = SAMPLE_RATE;
const BARS = 4; // one period of the arrangement: drums, bass, pad, arpeggio, a 2-bar call + 2-bar answer melody
const INTRO_BARS = 1; // drums (+ bass from beat 3) over the period's last bar, whose fill leads into the top
const FADE_IN_S = 1.0;
const FADE_OUT_S = 2.5;

// ---------------------------------------------------------------------------------------------
// Small DSP building blocks

/** PolyBLEP residual: removes most aliasing from the saw/pulse discontinuities. */
function blep(t, dt) {
  if (t < dt) {
    t /= dt;
    return t + t - t * t - 1;
  }
  if (t > 1 - dt) {
    t = (t - 1) / dt;
    return t * t + t + t + 1;
  }
  return 0;
}

const SINE_SIZE = 4096;
const SINE = new Float32Array(SINE_SIZE + 1);
for (let i = 0; i <= SINE_SIZE; i++) SINE[i] = Math.sin((2 * Math.PI * i) / SINE_SIZE);
/** sin(2π·phase) for phase in [0, 1), by table lookup. */
const sine01 = (phase) => SINE[(phase * SINE_SIZE) | 0];

/** Noise from a seeded PRNG (deterministic), as a function returning values in [-1, 1). */
function noiseSource(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2147483648 - 1;
  };
}

const midiToHz = (note) => 440 * 2 ** ((note - 69) / 12);

/** Adds `source` into the circular buffer `out` starting at `start` (wrapping at the end). */
function stamp(out, source, start, gain) {
  const n = out.length;
  let index = ((Math.round(start) % n) + n) % n;
  for (let i = 0; i < source.length; i++) {
    out[index] += source[i] * gain;
    if (++index === n) index = 0;
  }
}

/**
 * One synth note, or a chord sharing one envelope and filter, rendered into the circular buffer
 * `out`: per note up to two oscillators (the second detuned), a resonant low-pass with its own
 * envelope, an ADSR amplitude envelope and optional vibrato.
 * @param {number | number[]} notes MIDI note number(s)
 */
function renderNote(out, start, gateSamples, notes, voice, gain) {
  const list = typeof notes === "number" ? [notes] : notes;
  const count = list.length;
  const release = Math.round(voice.release * SR);
  const total = Math.round(gateSamples) + release;
  const n = out.length;
  let index = ((Math.round(start) % n) + n) % n;
  const baseDt = Float64Array.from(list, (note) => midiToHz(note) / SR);
  const detune = 2 ** (voice.detuneCents / 1200);
  const phase1 = new Float64Array(count);
  const phase2 = new Float64Array(count).fill(0.37);
  const saw1 = voice.wave === "saw";
  const saw2 = voice.wave2 === "saw";
  const pw = voice.pulseWidth;
  const dc = 1 - 2 * pw; // a pulse's DC offset, removed
  const twoOsc = voice.twoOsc;
  const vibrato = voice.vibrato;
  const vibratoStart = 0.15 * SR;
  const attack = Math.max(1, Math.round(voice.attack * SR));
  const decayMul = Math.exp(-1 / (voice.decay * SR));
  const releaseMul = Math.exp(-1 / ((voice.release / 4) * SR));
  const filterMul16 = Math.exp(-16 / (voice.filterDecay * SR));
  const k = 2 - 2 * voice.resonance; // SVF damping
  const outGain = gain / (count * (twoOsc ? 2 : 1));
  let level = 0;
  let vibratoPhase = 0;
  let filterEnv = 1;
  let ic1 = 0;
  let ic2 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  const gate = Math.round(gateSamples);
  for (let i = 0; i < total; i++) {
    // envelopes
    if (i < attack) level = i / attack;
    else if (i < gate) level = voice.sustain + (level - voice.sustain) * decayMul;
    else level *= releaseMul;
    if ((i & 15) === 0) {
      filterEnv *= filterMul16;
      const cutoff = Math.min(SR * 0.45, voice.cutoff * (1 + voice.filterEnv * filterEnv));
      const g = Math.tan((Math.PI * cutoff) / SR);
      a1 = 1 / (1 + g * (g + k));
      a2 = g * a1;
      a3 = g * a2;
    }
    let bend = 1;
    if (vibrato > 0 && i > vibratoStart) {
      vibratoPhase += 5.5 / SR;
      if (vibratoPhase >= 1) vibratoPhase -= 1;
      bend += vibrato * sine01(vibratoPhase);
    }
    let sample = 0;
    for (let v = 0; v < count; v++) {
      const dt1 = baseDt[v] * bend;
      let p = phase1[v];
      if (saw1) sample += 2 * p - 1 - blep(p, dt1);
      else {
        const q = p < pw ? p + 1 - pw : p - pw;
        sample += (p < pw ? 1 : -1) + blep(p, dt1) - blep(q, dt1) + dc;
      }
      p += dt1;
      phase1[v] = p >= 1 ? p - 1 : p;
      if (twoOsc) {
        const dt2 = dt1 * detune;
        p = phase2[v];
        sample += saw2 ? 2 * p - 1 - blep(p, dt2) : (p < 0.5 ? 1 : -1) + blep(p, dt2) - blep(p < 0.5 ? p + 0.5 : p - 0.5, dt2);
        p += dt2;
        phase2[v] = p >= 1 ? p - 1 : p;
      }
    }
    // TPT state-variable low-pass
    const v3 = sample - ic2;
    const v1 = a1 * ic1 + a2 * v3;
    const v2 = ic2 + a2 * ic1 + a3 * v3;
    ic1 = 2 * v1 - ic1;
    ic2 = 2 * v2 - ic2;
    out[index] += v2 * level * outGain;
    if (++index === n) index = 0;
  }
}

/** A one-pole high-pass (in place). */
function highPass(buffer, cutoffHz) {
  const a = Math.exp((-2 * Math.PI * cutoffHz) / SR);
  let lastIn = 0;
  let lastOut = 0;
  for (let i = 0; i < buffer.length; i++) {
    const x = buffer[i];
    lastOut = a * (lastOut + x - lastIn);
    lastIn = x;
    buffer[i] = lastOut;
  }
  return buffer;
}

/** A one-pole low-pass (in place). */
function lowPass(buffer, cutoffHz) {
  const a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / SR);
  let y = 0;
  for (let i = 0; i < buffer.length; i++) {
    y += a * (buffer[i] - y);
    buffer[i] = y;
  }
  return buffer;
}

/**
 * How far before the start of a circular buffer a feedback loop (delay `delay`, feedback `g`) has
 * to start running to be in its periodic steady state there: until g^(k/delay) < 1e-4. Running
 * from there once around (instead of twice around) gives the seamless loop.
 */
const preroll = (n, delay, g) => Math.min(n, Math.ceil((Math.log(1e-4) / Math.log(g)) * delay));

/** A feedback delay on a circular (periodic) buffer, in place. */
function circularDelay(buffer, delaySamples, feedback, mix) {
  const n = buffer.length;
  const wet = new Float32Array(n);
  for (let i = -preroll(n, delaySamples, feedback); i < n; i++) {
    const at = i < 0 ? i + n : i;
    let j = at - delaySamples;
    if (j < 0) j += n;
    wet[at] = buffer[j] + feedback * wet[j];
  }
  for (let i = 0; i < n; i++) buffer[i] += mix * wet[i];
}

/** A small Schroeder reverb (4 damped combs + 2 all-passes) on a circular buffer. */
function circularReverb(input, size, damping) {
  const n = input.length;
  const out = new Float32Array(n);
  const feedback = 0.8;
  for (const base of [558, 594, 638, 678]) {
    const delay = Math.round(base * size);
    const y = new Float32Array(n);
    let filtered = 0;
    for (let i = -preroll(n, delay, feedback); i < n; i++) {
      const at = i < 0 ? i + n : i;
      let j = at - delay;
      if (j < 0) j += n;
      filtered += (1 - damping) * (y[j] - filtered);
      y[at] = input[at] + feedback * filtered;
    }
    for (let i = 0; i < n; i++) out[i] += y[i] * 0.25;
  }
  for (const delay of [225, 341]) {
    const line = new Float32Array(n); // the all-pass's internal delay line
    const x = out.slice();
    for (let i = -preroll(n, delay, 0.5); i < n; i++) {
      const at = i < 0 ? i + n : i;
      let j = at - delay;
      if (j < 0) j += n;
      line[at] = x[at] + 0.5 * line[j];
      if (i >= 0) out[at] = line[j] - 0.5 * line[at];
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Drum one-shots

function kickShot(p) {
  const length = Math.round(p.decay * 5 * SR);
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    const hz = p.endHz + (p.startHz - p.endHz) * Math.exp(-t / p.pitchDecay);
    phase += hz / SR;
    if (phase >= 1) phase -= 1;
    const click = i < 40 ? (1 - i / 40) * 0.3 : 0;
    out[i] = (sine01(phase) + click) * Math.exp(-t / p.decay);
  }
  return out;
}

function snareShot(p, noise) {
  const length = Math.round((p.gated ? p.gateS + 0.03 : p.noiseDecay * 5) * SR);
  const out = new Float32Array(length);
  const body = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    let env = Math.exp(-t / p.noiseDecay);
    if (p.gated) env = Math.max(env, 0.35) * (t < p.gateS ? 1 : Math.max(0, 1 - (t - p.gateS) / 0.03));
    out[i] = noise() * env;
    phase += p.toneHz / SR;
    if (phase >= 1) phase -= 1;
    body[i] = sine01(phase) * Math.exp(-t / 0.06);
  }
  highPass(out, p.noiseHp);
  for (let i = 0; i < length; i++) out[i] = out[i] * 0.9 + body[i] * p.tone;
  return out;
}

function clapShot(noise) {
  const length = Math.round(0.35 * SR);
  const out = new Float32Array(length);
  const bursts = [0, 0.011, 0.022, 0.034];
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    let env = 0;
    for (const b of bursts) if (t >= b) env = Math.max(env, Math.exp(-(t - b) / (b === 0.034 ? 0.09 : 0.006)));
    out[i] = noise() * env;
  }
  highPass(out, 900);
  return lowPass(out, 4200);
}

/** 808-style metallic hats: six detuned square waves, high-passed. */
function hatShot(decay, tuning, noise) {
  const freqs = [205.3, 304.4, 369.6, 522.7, 540.0, 800.0].map((f) => f * tuning);
  const length = Math.round(decay * 5 * SR);
  const out = new Float32Array(length);
  const phases = new Float64Array(freqs.length);
  for (let i = 0; i < length; i++) {
    let s = 0;
    for (let k = 0; k < freqs.length; k++) {
      phases[k] += freqs[k] / SR;
      if (phases[k] >= 1) phases[k] -= 1;
      s += phases[k] < 0.5 ? 1 : -1;
    }
    out[i] = (s / 6 + noise() * 0.5) * Math.exp(-i / SR / decay);
  }
  highPass(out, 6000);
  return highPass(out, 6000);
}

function cowbellShot() {
  const length = Math.round(0.4 * SR);
  const out = new Float32Array(length);
  let p1 = 0;
  let p2 = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    p1 = (p1 + 540 / SR) % 1;
    p2 = (p2 + 800 / SR) % 1;
    const env = 0.6 * Math.exp(-t / 0.012) + 0.4 * Math.exp(-t / 0.12);
    out[i] = ((p1 < 0.5 ? 1 : -1) + (p2 < 0.5 ? 0.8 : -0.8)) * env;
  }
  highPass(out, 500);
  return lowPass(out, 3000);
}

function congaShot(hz) {
  const length = Math.round(0.3 * SR);
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SR;
    phase += (hz * (1 + 0.25 * Math.exp(-t / 0.01))) / SR;
    if (phase >= 1) phase -= 1;
    out[i] = sine01(phase) * Math.exp(-t / 0.09);
  }
  return out;
}

function crashShot(noise) {
  const length = Math.round(1.6 * SR);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = noise() * Math.exp(-i / SR / 0.45);
  highPass(out, 4000);
  return highPass(out, 3000);
}

/** An "orchestra hit": the chord stacked over three octaves with a noise burst, decaying fast. */
function stabShot(notes, noise) {
  const length = Math.round(0.45 * SR);
  const out = new Float32Array(length);
  const voice = {
    wave: "saw",
    pulseWidth: 0.5,
    twoOsc: true,
    wave2: "saw",
    detuneCents: 9,
    attack: 0.002,
    decay: 0.12,
    sustain: 0,
    release: 0.05,
    cutoff: 900,
    filterEnv: 4,
    filterDecay: 0.08,
    resonance: 0.2,
    vibrato: 0,
  };
  const padded = new Float32Array(length + 1);
  renderNote(padded, 0, 0.3 * SR, notes, voice, 0.35 * notes.length);
  for (let i = 0; i < length; i++) out[i] = padded[i] + noise() * 0.5 * Math.exp(-i / SR / 0.03);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The arrangement, derived from the track id

const MINOR = [0, 2, 3, 5, 7, 8, 10];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const MINOR_PROGRESSIONS = [
  [0, 5, 6, 0],
  [0, 3, 6, 2],
  [0, 5, 2, 6],
  [0, 6, 5, 6],
  [0, 3, 4, 0],
  [5, 6, 0, 0],
  [0, 2, 6, 5],
  [0, 5, 3, 4],
];
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [3, 4, 0, 5],
  [0, 3, 4, 3],
];
const KICKS = ["x.....x...x.....", "x..x..x...x..x..", "x.....x.x.....x.", "x...x...x...x...", "x..x....x.x.....", "x.....x...x..x.x"];
const SNARES = ["....x.......x...", "....x.......x..x", "....x..x....x...", "....x.......x.x."];
const HATS = ["x.x.x.x.x.x.x.x.", "xxxxxxxxxxxxxxxx", "x.xxx.xxx.xxx.xx", ".x.x.x.x.x.x.x.x"];
const OPEN_HATS = ["................", "..x...x...x...x.", "..............x.", "......x.......x."];
const COWBELLS = ["x..x..x...x..x..", "..x...x...x...x.", "x.x..x.x..x.x..."];
const CONGAS = ["...x..x....x.x..", "..xx....x..x..x.", "x..x.x....x..x.."];
// Bass: R = chord root, O = root an octave up, F = fifth, T = third, . = rest
const BASSES = ["R.O.R.O.R.O.R.O.", "R..R..R.R..R..O.", "R.RO.RR.O.R.RO.R", "R...R.F.R...O.F.", "R..O..R..O..R.F.", "RR.O.RR.O.RR.O.R", "R..R..T.R..R..F."];
const ARP_ORDERS = ["up", "down", "updown", "pinky", "broken"];

/** The musical design of a track: everything its sound depends on. */
export function designTrack(track) {
  const rand = prng(fnv1a(`audio:${DEMO_AUDIO_VERSION}:${track.id}`));
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const between = (low, high) => low + rand() * (high - low);
  const bpmTarget = 100 + Math.floor(rand() * 29);
  // Round the period to whole MP3 frames; the tempo moves by well under 1 BPM.
  const frames = Math.round((BARS * 4 * 60 * SR) / bpmTarget / SAMPLES_PER_FRAME);
  const periodSamples = frames * SAMPLES_PER_FRAME;
  const modeRoll = rand();
  const scale = modeRoll < 0.6 ? MINOR : modeRoll < 0.8 ? DORIAN : MAJOR;
  const leadWave = pick(["saw", "square", "pulse"]);
  return {
    bpm: (BARS * 4 * 60 * SR) / periodSamples,
    periodFrames: frames,
    periodSamples,
    stepSamples: periodSamples / (BARS * 16),
    tonic: 48 + Math.floor(rand() * 12), // C3..B3
    scale,
    progression: pick(scale === MAJOR ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS),
    twoBarChords: rand() < 0.3,
    kick: pick(KICKS),
    snare: pick(SNARES),
    clap: rand() < 0.6,
    hats: pick(HATS),
    openHats: pick(OPEN_HATS),
    cowbell: rand() < 0.45 ? pick(COWBELLS) : null,
    congas: rand() < 0.5 ? pick(CONGAS) : null,
    fill: pick(["snare", "congas", "none"]),
    stab: rand() < 0.6,
    bass: pick(BASSES),
    kit: {
      kick: { startHz: between(110, 190), endHz: between(40, 56), pitchDecay: between(0.025, 0.06), decay: between(0.14, 0.4) },
      snare: {
        toneHz: between(165, 235),
        tone: between(0.3, 0.7),
        noiseDecay: between(0.07, 0.16),
        noiseHp: between(800, 2000),
        gated: rand() < 0.5,
        gateS: between(0.16, 0.26),
      },
      hatDecay: between(0.025, 0.055),
      hatTuning: between(0.9, 1.35),
      congaHz: between(190, 330),
    },
    bassVoice: {
      wave: pick(["saw", "pulse"]),
      pulseWidth: between(0.25, 0.5),
      twoOsc: rand() < 0.5,
      wave2: "saw",
      detuneCents: between(4, 12),
      attack: 0.002,
      decay: between(0.08, 0.25),
      sustain: between(0.4, 0.8),
      release: 0.03,
      cutoff: between(180, 600),
      filterEnv: between(2, 6),
      filterDecay: between(0.05, 0.18),
      resonance: between(0.2, 0.6),
      vibrato: 0,
    },
    bassGate: between(0.45, 0.9),
    arpOrder: pick(ARP_ORDERS),
    arpRate: rand() < 0.75 ? 1 : 2, // in 16th steps
    arpOctaves: rand() < 0.5 ? 1 : 2,
    arpVoice: {
      wave: pick(["pulse", "saw", "pulse"]),
      pulseWidth: between(0.12, 0.5),
      twoOsc: false,
      wave2: "saw",
      detuneCents: 0,
      attack: 0.002,
      decay: between(0.05, 0.2),
      sustain: between(0, 0.3),
      release: 0.04,
      cutoff: between(900, 2500),
      filterEnv: between(1, 4),
      filterDecay: between(0.04, 0.12),
      resonance: between(0.1, 0.55),
      vibrato: 0,
    },
    arpGate: between(0.3, 0.7),
    arpDelaySteps: pick([3, 3, 2, 6]),
    padVoice: {
      wave: "saw",
      pulseWidth: 0.5,
      twoOsc: true,
      wave2: pick(["saw", "pulse"]),
      detuneCents: between(6, 16),
      attack: between(0.05, 0.25),
      decay: 0.5,
      sustain: 0.8,
      release: 0.25,
      cutoff: between(700, 1800),
      filterEnv: 0.3,
      filterDecay: 0.5,
      resonance: 0.1,
      vibrato: 0,
    },
    padLevel: between(0.05, 0.1),
    leadVoice: {
      wave: leadWave === "saw" ? "saw" : "pulse",
      pulseWidth: leadWave === "square" ? 0.5 : between(0.15, 0.35),
      twoOsc: rand() < 0.6,
      wave2: leadWave === "saw" ? "saw" : "pulse",
      detuneCents: between(5, 14),
      attack: between(0.005, 0.03),
      decay: between(0.15, 0.4),
      sustain: between(0.5, 0.85),
      release: between(0.06, 0.18),
      cutoff: between(1400, 4000),
      filterEnv: between(0.5, 2),
      filterDecay: between(0.1, 0.3),
      resonance: between(0.1, 0.4),
      vibrato: between(0.002, 0.006),
    },
    melodySeed: Math.floor(rand() * 2 ** 32),
    noiseSeed: Math.floor(rand() * 2 ** 32),
  };
}

const scaleNote = (design, degree) => {
  const octave = Math.floor(degree / 7);
  return design.tonic + 12 * octave + design.scale[((degree % 7) + 7) % 7];
};

/** Chord degree of each bar of the period. */
const barDegree = (design, bar) => design.progression[(design.twoBarChords ? Math.floor(bar / 2) : bar) % 4];

/** A chord's notes (MIDI): the triad of scale degrees d, d+2, d+4 (+ the seventh). */
const chordNotes = (design, degree, seventh = false) => [0, 2, 4, ...(seventh ? [6] : [])].map((step) => scaleNote(design, degree + step));

function arpSequence(design, chord) {
  const notes = [];
  for (let octave = 0; octave < design.arpOctaves; octave++) for (const n of chord) notes.push(n + 12 + 12 * octave);
  switch (design.arpOrder) {
    case "down":
      return notes.reverse();
    case "updown":
      return [...notes, ...notes.slice(1, -1).reverse()];
    case "pinky": // alternate a low note with the rising ones
      return notes.slice(1).flatMap((n) => [notes[0], n]);
    case "broken":
      return [notes[0], notes[2] ?? notes[1], notes[1], notes[notes.length - 1]];
    default:
      return notes;
  }
}

/** The lead melody: a 2-bar call (bars 0-1), then its answer (bars 2-3) ending on the root. */
function melody(design) {
  const rand = prng(design.melodySeed);
  const onsets = [];
  for (let step = 0; step < 32; step++) {
    const strong = step % 4 === 0;
    if (step === 0 || rand() < (strong ? 0.7 : step % 2 === 0 ? 0.35 : 0.18)) onsets.push(step);
  }
  const notes = [];
  for (const half of [0, 1]) {
    let degree = 7 + Math.floor(rand() * 3); // around the octave above the tonic
    for (let k = 0; k < onsets.length; k++) {
      const step = onsets[k];
      const next = onsets[k + 1] ?? 32;
      const bar = half * 2 + Math.floor(step / 16);
      const chordDegree = barDegree(design, bar);
      if (step % 4 === 0) {
        // land on a chord tone near the previous note
        const options = [0, 2, 4].flatMap((s) => [chordDegree + s + 7, chordDegree + s + 14]).filter((d) => d >= 5 && d <= 14);
        options.sort((a, b) => Math.abs(a - degree) - Math.abs(b - degree));
        degree = options[Math.floor(rand() * Math.min(2, options.length))] ?? degree;
      } else {
        degree += [-2, -1, -1, 1, 1, 2][Math.floor(rand() * 6)];
        degree = Math.max(5, Math.min(14, degree));
      }
      let length = Math.min(next - step, 6);
      if (half === 1 && k === onsets.length - 1) {
        degree = chordDegree + 7; // resolve on the chord's root
        length = 32 - step;
      }
      notes.push({ step: half * 32 + step, length, note: scaleNote(design, degree) });
    }
  }
  return notes;
}

const hits = (pattern) => [...pattern].flatMap((c, i) => (c === "x" ? [i] : []));

/** Synthesizes one period of the arrangement as stems (circular buffers of periodSamples). */
export function renderStems(design) {
  const n = design.periodSamples;
  const step = design.stepSamples;
  const noise = noiseSource(design.noiseSeed);
  const drums = new Float32Array(n);
  const drumSend = new Float32Array(n);
  const bass = new Float32Array(n);
  const pad = new Float32Array(n);
  const arp = new Float32Array(n);
  const lead = new Float32Array(n);
  const stabs = new Float32Array(n);

  const kick = kickShot(design.kit.kick);
  const snare = snareShot(design.kit.snare, noise);
  const clap = clapShot(noise);
  const hat = hatShot(design.kit.hatDecay, design.kit.hatTuning, noise);
  const openHat = hatShot(design.kit.hatDecay * 6, design.kit.hatTuning, noise);
  const cowbell = design.cowbell ? cowbellShot() : null;
  const congaHigh = congaShot(design.kit.congaHz * 1.5);
  const congaLow = congaShot(design.kit.congaHz);
  const crash = crashShot(noise);

  for (let bar = 0; bar < BARS; bar++) {
    const at = (s) => (bar * 16 + s) * step;
    const fillBar = bar === BARS - 1 && design.fill !== "none";
    for (const s of hits(design.kick)) stamp(drums, kick, at(s), 0.95);
    for (const s of hits(design.snare)) {
      if (fillBar && s >= 12) continue;
      const ghost = s !== 4 && s !== 12;
      stamp(drums, snare, at(s), ghost ? 0.25 : 0.6);
      if (!ghost) stamp(drumSend, snare, at(s), 0.35);
      if (design.clap && !ghost) {
        stamp(drums, clap, at(s), 0.45);
        stamp(drumSend, clap, at(s), 0.3);
      }
    }
    for (const s of hits(design.hats)) stamp(drums, hat, at(s), s % 4 === 2 ? 0.22 : 0.14);
    for (const s of hits(design.openHats)) stamp(drums, openHat, at(s), 0.14);
    if (cowbell) for (const s of hits(design.cowbell)) stamp(drums, cowbell, at(s), 0.12);
    if (design.congas) for (const [i, s] of hits(design.congas).entries()) stamp(drums, i % 2 ? congaLow : congaHigh, at(s), 0.3);
    if (fillBar && design.fill === "snare") for (let s = 12; s < 16; s++) stamp(drums, snare, at(s), 0.3 + 0.1 * (s - 12));
    if (fillBar && design.fill === "congas") for (let s = 8; s < 16; s += 1) stamp(drums, s < 12 ? congaHigh : congaLow, at(s), 0.35);
  }
  stamp(drums, crash, 0, 0.3); // marks the top of every period

  // bass line
  for (let bar = 0; bar < BARS; bar++) {
    const degree = barDegree(design, bar);
    const root = scaleNote(design, degree) - 12;
    const fifth = scaleNote(design, degree + 4) - 12;
    const third = scaleNote(design, degree + 2) - 12;
    const positions = [...design.bass].flatMap((c, s) => (c === "." ? [] : [[s, c]]));
    for (let k = 0; k < positions.length; k++) {
      const [s, c] = positions[k];
      const next = positions[k + 1]?.[0] ?? 16;
      const note = c === "O" ? root + 12 : c === "F" ? fifth : c === "T" ? third : root;
      renderNote(bass, (bar * 16 + s) * step, (next - s) * step * design.bassGate, note, design.bassVoice, 0.55);
    }
  }

  // pad: the bar's chord with its seventh, held
  for (let bar = 0; bar < BARS; bar++) {
    const notes = chordNotes(design, barDegree(design, bar), true);
    renderNote(pad, bar * 16 * step, 16 * step * 0.97, notes, design.padVoice, design.padLevel * notes.length);
  }

  // arpeggio, under the melody
  for (let bar = 0; bar < BARS; bar++) {
    const sequence = arpSequence(design, chordNotes(design, barDegree(design, bar)));
    const level = 0.2;
    for (let s = 0, k = bar * 16; s < 16; s += design.arpRate, k++) {
      renderNote(arp, (bar * 16 + s) * step, design.arpRate * step * design.arpGate, sequence[k % sequence.length], design.arpVoice, level);
    }
  }
  circularDelay(arp, Math.round(design.arpDelaySteps * step), 0.35, 0.45);

  for (const { step: s, length, note } of melody(design)) renderNote(lead, s * step, length * step * 0.92, note, design.leadVoice, 0.3);
  circularDelay(lead, Math.round(3 * step), 0.25, 0.3);

  if (design.stab) {
    const shot = stabShot(
      chordNotes(design, barDegree(design, 0)).flatMap((x) => [x, x + 12]),
      noise,
    );
    stamp(stabs, shot, 0, 0.5);
    const shot2 = stabShot(
      chordNotes(design, barDegree(design, 2)).flatMap((x) => [x, x + 12]),
      noise,
    );
    stamp(stabs, shot2, 2 * 16 * step, 0.45);
    stamp(stabs, shot2, (2 * 16 + 6) * step, 0.3);
  }

  const reverbIn = new Float32Array(n);
  for (let i = 0; i < n; i++) reverbIn[i] = drumSend[i] + pad[i] * 0.6;
  const reverb = circularReverb(reverbIn, 1, 0.35);
  return { drums, bass, pad, melodic: mixInto(new Float32Array(n), [arp, 1], [lead, 1], [stabs, 1]), reverb };
}

function mixInto(out, ...parts) {
  for (const [buffer, gain] of parts) for (let i = 0; i < out.length; i++) out[i] += buffer[i] * gain;
  return out;
}

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

function concatBytes(parts) {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(new Uint8Array(p.buffer, p.byteOffset, p.length), offset);
    offset += p.length;
  }
  return out;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Length of an ID3v2 tag at `offset` (header included), or 0 when there is none. */
export function id3Length(bytes, offset = 0) {
  if (bytes[offset] !== 0x49 || bytes[offset + 1] !== 0x44 || bytes[offset + 2] !== 0x33) return 0;
  const size = ((bytes[offset + 6] & 0x7f) << 21) | ((bytes[offset + 7] & 0x7f) << 14) | ((bytes[offset + 8] & 0x7f) << 7) | (bytes[offset + 9] & 0x7f);
  return 10 + size + (bytes[offset + 5] & 0x10 ? 10 : 0);
}

/**
 * Splits a Layer III stream into frames (after an optional ID3v2 tag). Throws on anything that
 * is not a valid frame header, so it doubles as a validity check.
 * @returns {{ offset: number, length: number, samples: number, sampleRate: number, kbps: number, mainDataBegin: number }[]}
 */
export function parseMp3Frames(bytes) {
  const frames = [];
  let offset = id3Length(bytes);
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) throw new Error(`truncated frame header at ${offset}`);
    const b1 = bytes[offset + 1];
    const b2 = bytes[offset + 2];
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at ${offset}`);
    const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 3; // 1 = Layer III
    if (version === 1 || layer !== 1) throw new Error(`not an MPEG Layer III frame at ${offset}`);
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 3;
    if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) throw new Error(`bad frame header at ${offset}`);
    const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex];
    const sampleRate = SAMPLE_RATES[version][rateIndex];
    const samples = version === 3 ? 1152 : 576;
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
    if (offset + length > bytes.length) throw new Error(`truncated frame at ${offset}`);
    const sideInfo = offset + 4 + (b1 & 1 ? 0 : 2); // protection bit 0 = a CRC follows the header
    const mainDataBegin = version === 3 ? (bytes[sideInfo] << 1) | (bytes[sideInfo + 1] >> 7) : bytes[sideInfo];
    frames.push({ offset, length, samples, sampleRate, kbps, mainDataBegin });
    offset += length;
  }
  return frames;
}

/** Playing time of an MP3 from its frames (seconds). */
export function mp3DurationSeconds(bytes) {
  return parseMp3Frames(bytes).reduce((sum, f) => sum + f.samples / f.sampleRate, 0);
}

/** A small ID3v2.3 tag: title, album, year and a comment (text in UTF-16 with BOM). */
function id3Tag({ title, album, year }) {
  const frames = [];
  const textFrame = (id, text) => {
    const body = Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const header = Buffer.alloc(10);
    header.write(id, 0, "ascii");
    header.writeUInt32BE(body.length, 4);
    frames.push(header, body);
  };
  if (title) textFrame("TIT2", title);
  if (album) textFrame("TALB", album);
  if (year) textFrame("TYER", String(year));
  textFrame("TSSE", `Freestyle Lovers demo audio v${DEMO_AUDIO_VERSION} (generated offline)`);
  const body = Buffer.concat(frames);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const size = body.length;
  header[6] = (size >> 21) & 0x7f;
  header[7] = (size >> 14) & 0x7f;
  header[8] = (size >> 7) & 0x7f;
  header[9] = size & 0x7f;
  return new Uint8Array(Buffer.concat([header, body]));
}

// The body of the signal is exactly periodic (delay and reverb are computed on the circular
// period), so only the encoder's own state needs a few frames to settle after the intro
// (filter bank / MDCT overlap, psychoacoustic history).
const LOOKAHEAD_FRAMES = 6; // the encoder's look-ahead past a frame, generously
const SETTLE_FRAMES = 8;
/** LAME's encoder delay: input sample i is decoded at output sample i + ENCODER_DELAY. */
const ENCODER_DELAY = 1105;

/**
 * A copy of an MPEG-2 Layer III mono frame (no CRC) played `steps` x 1.5 dB quieter: its
 * granule's global_gain (side info bits 30..37: main_data_begin 8, private 1, part2_3_length 12,
 * big_values 9) is lowered, the lossless volume change mp3gain makes. Decoders scale every
 * spectral value by 2^((global_gain - 210) / 4).
 */
export function quieterFrame(frame, steps) {
  const copy = frame.slice();
  if ((copy[1] & 0x18) !== 0x10 || (copy[1] & 0x06) !== 0x02 || (copy[1] & 1) !== 1 || copy[3] >> 6 !== 3) {
    throw new Error("quieterFrame expects an MPEG-2 Layer III mono frame without CRC");
  }
  const bit = 4 * 8 + 30;
  const byte = bit >> 3;
  const shift = bit & 7; // global_gain starts `shift` bits into `byte`
  const word = (copy[byte] << 8) | copy[byte + 1];
  const gain = (word >> (8 - shift)) & 0xff;
  const lowered = Math.max(0, gain - steps);
  const next = (word & ~(0xff << (8 - shift))) | (lowered << (8 - shift));
  copy[byte] = next >> 8;
  copy[byte + 1] = next & 0xff;
  return copy;
}

/**
 * Renders a catalog track's demo audio: an MP3 exactly `track.durationSeconds` long (plus the
 * encoder's few milliseconds of delay and padding), mono 22.05 kHz, 64 kbps CBR, with an ID3v2
 * tag. Only the intro and one steady period are encoded; the steady period's frames are then
 * repeated to the end, the last ones made progressively quieter for the fade-out.
 * @param {{ id: string, title?: string, durationSeconds: number }} track
 * @param {{ title?: string, year?: number }} [album]
 * @returns {Uint8Array}
 */
export function renderTrackMp3(track, album) {
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
  return concatBytes([id3Tag({ title: track.title, album: album?.title, year: album?.year }), audio]);
}
