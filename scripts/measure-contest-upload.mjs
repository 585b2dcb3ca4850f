#!/usr/bin/env node
// A remix contest's large entry uploaded in parts and resumed after a cut (decision 194), on a
// throwaway Worker of its own (`wrangler dev` on a free loopback port, a fresh local state). Figures,
// not a pass/fail: it prints what it counted.
//
// Generates a WAV of about --mb MB (48 kHz, 24-bit stereo, a tone; written under .tmp, never
// committed), makes a contest allowing it and a member's draft, then through the Worker's routes:
// starts the upload, sends the first half of its 8 MiB parts, stops sending (the cut), forgets what
// it sent as a reloaded page would, asks the upload's status, sends only the parts the status lacks,
// completes, and reads the entry back. It prints the bytes, the parts sent twice (0 when the resume
// sends only what is missing), the wall time and MB/s of the sending, and the stored duration.
// Usage: node scripts/measure-contest-upload.mjs [--mb 200]
import { parseArgs } from "node:util";
import { open, writeFile } from "node:fs/promises";
import path from "node:path";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({ options: { mb: { type: "string", default: "200" } } });
const megabytes = positiveInt("mb", values.mb, 500);
const PART_BYTES = 8 * 1024 * 1024;
const RATE = 48_000;
const CHANNELS = 2;
const BYTES_PER_SAMPLE = 3;
const BLOCK = CHANNELS * BYTES_PER_SAMPLE;

const jsonOf = (output) => JSON.parse(output.slice(output.indexOf("[")));

/** A WAV of at least `bytes` bytes: a quiet 440 Hz tone, whole seconds of it, written a second at a time. */
async function writeWav(file, bytes) {
  const seconds = Math.ceil((bytes - 44) / (RATE * BLOCK));
  const dataBytes = seconds * RATE * BLOCK;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * BLOCK, 28);
  header.writeUInt16LE(BLOCK, 32);
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  const second = Buffer.alloc(RATE * BLOCK);
  for (let i = 0; i < RATE; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 0x100000);
    for (let c = 0; c < CHANNELS; c++) second.writeIntLE(sample, i * BLOCK + c * BYTES_PER_SAMPLE, BYTES_PER_SAMPLE);
  }
  const handle = await open(file, "w");
  try {
    await handle.write(header);
    for (let s = 0; s < seconds; s++) await handle.write(second);
  } finally {
    await handle.close();
  }
  return { size: 44 + dataBytes, seconds };
}

async function main() {
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-contest-upload");
  const query = async (sql) => jsonOf(await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]))[0].results;
  const [fan] = await seedMembersWithSessions(persistTo, workDir, 1, "cu_fan");
  await executeSql(persistTo, workDir, "verified.sql", `UPDATE users SET email_verified_at = ${Date.now()} WHERE id = '${fan.id}';\n`);
  const [{ id: trackId }] = await query("SELECT id FROM tracks ORDER BY id LIMIT 1");

  const wavPath = path.join(workDir, "entry.wav");
  const wav = await writeWav(wavPath, megabytes * 1_000_000);
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  const worker = await startWorker(persistTo, workDir, { config });
  const { origin } = worker;
  const send = async (pathname, { cookie, json, method = "POST", body, headers = {} } = {}) => {
    const res = await fetch(`${origin}${pathname}`, {
      method,
      headers: { origin, ...(json === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}), ...headers },
      ...(json === undefined ? (body ? { body } : {}) : { body: JSON.stringify(json) }),
    });
    const answer = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  const file = await open(wavPath, "r");
  try {
    const now = Date.now();
    const iso = (ms) => new Date(ms).toISOString();
    const { contest } = await send("/api/admin/contests", {
      cookie: adminCookie,
      json: {
        trackId,
        titleEn: "Measure Remix",
        titlePtBr: "Remix de medida",
        briefEn: "A large entry.",
        stems: { access: "members" },
        enter: { access: "members" },
        opensAt: iso(now - 3_600_000),
        entriesCloseAt: iso(now + 86_400_000),
        votingOpensAt: iso(now + 86_400_000),
        votingClosesAt: iso(now + 2 * 86_400_000),
        maxUploadMb: Math.min(500, Math.ceil(wav.size / (1024 * 1024)) + 1),
      },
    });
    const { entry } = await send(`/api/contests/${contest.id}/entries`, { cookie: fan.cookie, json: { title: "Long Mix", note: "", acceptLicence: true } });
    const uploads = `/api/contests/${contest.id}/entries/${entry.id}/uploads`;

    const partCount = Math.ceil(wav.size / PART_BYTES);
    const sentTimes = new Map();
    const sendPart = async (uploadId, n) => {
      const length = Math.min(PART_BYTES, wav.size - (n - 1) * PART_BYTES);
      const bytes = Buffer.alloc(length);
      await file.read(bytes, 0, length, (n - 1) * PART_BYTES);
      await send(`${uploads}/${uploadId}/parts/${n}`, {
        cookie: fan.cookie,
        method: "PUT",
        body: bytes,
        headers: { "content-type": "application/octet-stream" },
      });
      sentTimes.set(n, (sentTimes.get(n) ?? 0) + 1);
      return length;
    };

    const started = performance.now();
    const { upload } = await send(uploads, { cookie: fan.cookie, json: { format: "wav", size: wav.size } });
    let bytesSent = 0;
    const half = Math.ceil(partCount / 2);
    for (let n = 1; n <= half; n++) bytesSent += await sendPart(upload.id, n);
    const cutAt = performance.now();
    // The cut: nothing more is sent, and what was sent is forgotten, as by a reloaded page.
    const status = await send(`${uploads}/${upload.id}`, { cookie: fan.cookie, method: "GET" });
    const held = new Set(status.parts.map((p) => p.number));
    let resentParts = 0;
    for (let n = 1; n <= partCount; n++) {
      if (held.has(n)) continue;
      if (sentTimes.has(n)) resentParts++;
      bytesSent += await sendPart(upload.id, n);
    }
    const completeStarted = performance.now();
    const done = await send(`${uploads}/${upload.id}/complete`, { cookie: fan.cookie });
    const finished = performance.now();
    const { entry: stored } = await send(`/api/contests/${contest.id}/entries/${entry.id}`, { cookie: fan.cookie, method: "GET" });
    const [row] = await query(`SELECT audio_bytes, duration_seconds, status FROM contest_entries WHERE id = '${entry.id}'`);

    const sentTwice = [...sentTimes.values()].filter((times) => times > 1).length;
    const sendingMs = completeStarted - started;
    const mb = wav.size / 1_000_000;
    printTable(
      ["figure", "value"],
      [
        ["file", `${wav.size} bytes (${mb.toFixed(1)} MB, ${(wav.size / 1024 / 1024).toFixed(1)} MiB), WAV 48 kHz 24-bit stereo, ${wav.seconds} s`],
        ["parts", `${partCount} of ${PART_BYTES} bytes (the last shorter)`],
        ["cut after", `${half} parts (${status.upload.uploadedBytes} bytes held by the Worker at the status)`],
        ["parts the status listed", String(held.size)],
        ["bytes sent", `${bytesSent} (the file: ${wav.size})`],
        ["parts sent twice", String(sentTwice + resentParts)],
        ["sending, wall", `${(sendingMs / 1000).toFixed(1)} s (first half ${((cutAt - started) / 1000).toFixed(1)} s)`],
        ["sending, MB/s", (mb / (sendingMs / 1000)).toFixed(1)],
        ["complete (join + probe + write)", `${((finished - completeStarted) / 1000).toFixed(1)} s, upload ${done.upload.state}`],
        ["total wall", `${((finished - started) / 1000).toFixed(1)} s, ${(mb / ((finished - started) / 1000)).toFixed(1)} MB/s`],
        [
          "entry",
          `${stored.status}, durationSeconds ${stored.durationSeconds} (stored row: ${row.status}, ${row.audio_bytes} bytes, ${row.duration_seconds} s)`,
        ],
      ],
    );
  } finally {
    await file.close();
    await worker.stop();
    // The generated file is large: it goes with the run.
    await writeFile(wavPath, "");
  }
}

await main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
