// The demo's lossless masters (scripts/catalog/demo-masters.mjs, scripts/lib/demo-audio-wav.mjs):
// two albums and a single, a WAV per track rendered from the very signal of its MP3, cached like
// the other demo media, put in R2 under masters/<trackId>.wav and named by the data step's SQL;
// beside each its FLAC (decision 121), encoded by the Worker's own encoder, recorded as done.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../scripts/catalog/catalog.mjs";
import { DEMO_ARTIST, DEMO_MASTER_RELEASES, demoMastersSql, demoMasterTracks, flacKeyOf, masterKeyOf } from "../../scripts/catalog/demo-masters.mjs";
import { readFile } from "node:fs/promises";
import { parseFile } from "music-metadata";
import { flacToWav } from "../../worker/lib/flac/convert";
import { demoMediaJobs, renderJob } from "../../scripts/catalog/generate-demo-media.mjs";
import { pcmRegion, SAMPLE_RATE, trackSignal } from "../../scripts/lib/demo-audio.mjs";
import { renderTrackWav } from "../../scripts/lib/demo-audio-wav.mjs";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the demo masters", () => {
  it("are two albums and a single of the catalog, every track of them", () => {
    const releases = DEMO_MASTER_RELEASES.map((id) => CATALOG.find((a) => a.id === id)!);
    expect(releases.map((a) => a.type).sort()).toEqual(["Album", "Album", "Single"]);
    expect(
      demoMasterTracks()
        .map((t) => t.id)
        .sort(),
    ).toEqual(releases.flatMap((a) => a.tracks.map((t) => t.id)).sort());
    expect(demoMasterTracks().every((t) => t.key === masterKeyOf(t.id) && t.key === `masters/${t.id}.wav`)).toBe(true);
  });

  it("are named on their tracks by the data step's SQL, with their facts and their FLAC", () => {
    const sql = demoMastersSql();
    for (const t of demoMasterTracks())
      expect(sql).toContain(
        `UPDATE tracks SET master_key = 'masters/${t.id}.wav', master_format = 'wav', master_sample_rate = ${SAMPLE_RATE}, master_bit_depth = 16, master_channels = 1, ` +
          `derived_key = 'masters/${t.id}.flac', derived_format = 'flac', derived_state = 'done' WHERE id = '${t.id}';`,
      );
  });

  it("are jobs of their own for the built-in catalog's releases only, cached in masters/", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-masters-"));
    dirs.push(outDir);
    const jobs = await demoMediaJobs(CATALOG, outDir, { masters: DEMO_MASTER_RELEASES });
    const masters = jobs.filter((j) => j.kind === "master");
    expect(masters.map((j) => j.key)).toEqual(demoMasterTracks().map((t) => t.key));
    expect(jobs.filter((j) => j.kind === "master-flac").map((j) => j.key)).toEqual(demoMasterTracks().map((t) => flacKeyOf(t.id)));
    for (const job of masters) expect(path.dirname(job.file)).toBe(path.join(outDir, "masters"));
    expect((await demoMediaJobs(CATALOG, outDir)).some((j) => j.kind === "master" || j.kind === "master-flac")).toBe(false);
  });

  it("is a 16-bit mono WAV of the MP3's own signal, exactly the track's length", () => {
    const track = { id: "demo-master-test", durationSeconds: 31 };
    const bytes = renderTrackWav(track);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const text = (at: number, n: number) => new TextDecoder().decode(bytes.subarray(at, at + n));
    expect([text(0, 4), text(8, 4), text(12, 4), text(36, 4)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([1, 1, SAMPLE_RATE, 16]);
    expect(view.getUint32(40, true)).toBe(31 * SAMPLE_RATE * 2);
    const signal = trackSignal(track);
    const pcm = pcmRegion(signal, 20_000, 64);
    expect(Array.from({ length: 64 }, (_, i) => view.getInt16(44 + (20_000 + i) * 2, true))).toEqual(Array.from(pcm));
  });

  it("has a FLAC that decodes to exactly the master's bytes", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-flac-"));
    dirs.push(outDir);
    const track = { id: "demo-flac-test", durationSeconds: 3 };
    const file = path.join(outDir, "t.flac");
    const album = { id: "demo-flac-album", title: "Noites de Verão", year: 1991, type: "Album" };
    const tags = { title: "Coração", artist: DEMO_ARTIST, number: 4, isrc: "XXDEM9100004", album };
    await renderJob({ id: "master-flac:t", kind: "master-flac", key: flacKeyOf(track.id), file, input: { track, tags } });
    const flac = new Uint8Array(await readFile(file));
    expect(new TextDecoder().decode(flac.subarray(0, 4))).toBe("fLaC");
    const parts: Uint8Array[] = [];
    await flacToWav(
      (async function* () {
        yield flac;
      })(),
      async (b) => void parts.push(b.slice()),
    );
    expect(Buffer.concat(parts)).toEqual(Buffer.from(renderTrackWav(track)));
    // Named as the catalog names it, read by a reader that is not our writer.
    const meta = await parseFile(file);
    expect(meta.common).toMatchObject({
      title: "Coração",
      artist: "Lola Rivera",
      album: "Noites de Verão",
      year: 1991,
      track: { no: 4 },
      disk: { no: 1 },
      isrc: ["XXDEM9100004"],
    });
    expect(meta.common.picture?.[0]?.format).toBe("image/png");
  });

  it("name the local site's artist, as wrangler.toml's persona does", async () => {
    const toml = await readFile(path.join(import.meta.dirname, "../../wrangler.toml"), "utf8");
    expect(toml).toContain(`CHAT_PERSONA_NAME = "${DEMO_ARTIST}"`);
  });
});
