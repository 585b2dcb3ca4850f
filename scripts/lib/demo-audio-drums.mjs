// The demo audio's drum one-shots (scripts/lib/demo-audio.mjs): kick, snare, clap, hats, cowbell,
// congas, crash and an "orchestra hit", each rendered once per track and stamped into the period.
import { highPass, lowPass, renderNote, SAMPLE_RATE, sine01 } from "./demo-audio-dsp.mjs";

const SR = SAMPLE_RATE;

export function kickShot(p) {
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

export function snareShot(p, noise) {
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

export function clapShot(noise) {
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
export function hatShot(decay, tuning, noise) {
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

export function cowbellShot() {
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

export function congaShot(hz) {
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

export function crashShot(noise) {
  const length = Math.round(1.6 * SR);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = noise() * Math.exp(-i / SR / 0.45);
  highPass(out, 4000);
  return highPass(out, 3000);
}

/** An "orchestra hit": the chord stacked over three octaves with a noise burst, decaying fast. */
export function stabShot(notes, noise) {
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
