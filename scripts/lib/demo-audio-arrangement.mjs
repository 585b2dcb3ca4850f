// The demo audio's arrangement (scripts/lib/demo-audio.mjs), derived from a hash of the track id:
// tempo, key, mode, chord progression, drum kit and patterns, bass line, arpeggio, melody and
// timbres (designTrack), and one 4-bar period of it synthesized as stems (renderStems).
import { fnv1a, prng } from "../catalog/hash.mjs";
import { circularDelay, circularReverb, noiseSource, renderNote, SAMPLE_RATE, stamp } from "./demo-audio-dsp.mjs";
import { clapShot, congaShot, cowbellShot, crashShot, hatShot, kickShot, snareShot, stabShot } from "./demo-audio-drums.mjs";
import { SAMPLES_PER_FRAME } from "./demo-audio-mp3.mjs";

/** Seeds every track's random design; bump to re-roll them all. (The demo media cache follows code changes by itself.) */
export const DEMO_AUDIO_VERSION = 1;

const SR = SAMPLE_RATE;
const BARS = 4; // one period of the arrangement: drums, bass, pad, arpeggio, a 2-bar call + 2-bar answer melody

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
