// The FLAC codec's file sizes against the reference encoder's (`flac -5`, `flac -8`) on real-like
// material: a demo track's stems (scripts/lib/demo-audio.mjs) mixed to mono, panned to a stereo
// mix (drums and bass centred, pad and melody to either side, the reverb wide), and that stereo's
// left channel copied to both sides. Needs the `flac` tool on PATH. Prints a Markdown table.
//   node scripts/measure-flac-size.mjs [seconds]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { designTrack, renderStems, SAMPLE_RATE } from "./lib/demo-audio.mjs";
import { encodeFlac } from "./lib/demo-flac.mjs";

const seconds = Number(process.argv[2] ?? 30);
const stems = renderStems(designTrack({ id: "measure-stereo" }));
const period = stems.drums.length;
const total = Math.round(seconds * SAMPLE_RATE);
const rms = (s) => Math.sqrt(s.reduce((n, v) => n + v * v, 0) / s.length) || 1;
const gain = Object.fromEntries(Object.entries(stems).map(([name, s]) => [name, 0.12 / rms(s)]));
// Left and right weights of each stem (equal weights: centred).
const pan = { drums: [0.7, 0.7], bass: [0.7, 0.7], pad: [0.85, 0.45], melodic: [0.35, 0.9], reverb: [0.6, 0.6] };

function render(channels) {
  const out = new Int16Array(total * channels);
  for (let i = 0; i < total; i++) {
    const at = i % period;
    // The reverb's right side a few milliseconds late: a wide room, not a copy of its left.
    const late = (at + period - 97) % period;
    let left = 0;
    let right = 0;
    for (const [name, [l, r]] of Object.entries(pan)) {
      left += stems[name][at] * gain[name] * l;
      right += stems[name][name === "reverb" ? late : at] * gain[name] * r;
    }
    const clip = (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767 * 0.8)));
    if (channels === 1) out[i] = clip((left + right) / 2);
    else {
      out[i * 2] = clip(left);
      out[i * 2 + 1] = clip(right);
    }
  }
  return out;
}

function wav(pcm, channels) {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + pcm.length * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2 * channels, true);
  view.setUint16(32, 2 * channels, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, pcm.length * 2, true);
  for (let i = 0; i < pcm.length; i++) view.setInt16(44 + i * 2, pcm[i], true);
  return bytes;
}

const stereo = render(2);
const identical = stereo.slice();
for (let i = 0; i < total; i++) identical[i * 2 + 1] = identical[i * 2];
const cases = [
  ["mono", wav(render(1), 1)],
  ["stereo mix", wav(stereo, 2)],
  ["identical channels", wav(identical, 2)],
];

const dir = mkdtempSync(path.join(tmpdir(), "flac-size-"));
const reference = (file, level) => {
  const out = `${file}.${level}.flac`;
  execFileSync("flac", ["--silent", "--force", `-${level}`, "-o", out, file]);
  return statSync(out).size;
};
const percent = (ours, theirs) => `${ours >= theirs ? "+" : ""}${(((ours - theirs) / theirs) * 100).toFixed(1)} %`;
console.log(`${seconds} s, 16-bit, ${SAMPLE_RATE} Hz\n`);
console.log("| material | WAV | ours | flac -5 | flac -8 | ours vs -5 | ours vs -8 |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
try {
  for (const [name, bytes] of cases) {
    const file = path.join(dir, `${name.replace(/ /g, "-")}.wav`);
    writeFileSync(file, bytes);
    const ours = (await encodeFlac(readFileSync(file))).length;
    const [five, eight] = [reference(file, 5), reference(file, 8)];
    console.log(`| ${name} | ${bytes.length} | ${ours} | ${five} | ${eight} | ${percent(ours, five)} | ${percent(ours, eight)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
