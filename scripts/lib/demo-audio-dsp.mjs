// The demo audio's DSP building blocks (scripts/lib/demo-audio.mjs): PolyBLEP oscillators, a synth
// voice with a resonant filter and envelopes, one-pole filters, and a delay and a reverb that run on
// circular (periodic) buffers, so a looped period stays seamless.

export const SAMPLE_RATE = 22050;
const SR = SAMPLE_RATE;

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
export const sine01 = (phase) => SINE[(phase * SINE_SIZE) | 0];

/** Noise from a seeded PRNG (deterministic), as a function returning values in [-1, 1). */
export function noiseSource(seed) {
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
export function stamp(out, source, start, gain) {
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
export function renderNote(out, start, gateSamples, notes, voice, gain) {
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
export function highPass(buffer, cutoffHz) {
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
export function lowPass(buffer, cutoffHz) {
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
export function circularDelay(buffer, delaySamples, feedback, mix) {
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
export function circularReverb(input, size, damping) {
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
