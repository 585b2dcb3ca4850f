// The live shows' demo source (scripts/lib/demo-live.mjs): a fragmented MP4 cut into an init
// segment and 4-second media segments with their manifest, and its job in the demo media cache
// (scripts/catalog/generate-demo-media.mjs). Renders a shortened source to stay quick.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from "mediabunny";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../scripts/catalog/catalog.mjs";
import { demoMediaJobs, renderJob } from "../../scripts/catalog/generate-demo-media.mjs";
import { DEMO_LIVE, DEMO_LIVE_MANIFEST_KEY, renderDemoLiveSource, splitFragmentedMp4, topLevelBoxes } from "../../scripts/lib/demo-live.mjs";

const types = (bytes: Uint8Array) => topLevelBoxes(bytes).map((box) => box.type);
/** The box types directly inside the first top-level box of `type`. */
const childTypes = (bytes: Uint8Array, type: string) => {
  const box = topLevelBoxes(bytes).find((b) => b.type === type)!;
  return types(bytes.subarray(box.offset + 8, box.offset + box.size));
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The video packets of an init segment followed by one media segment, as a player sees them. */
async function packetsOf(init: Uint8Array, segment: Uint8Array) {
  const input = new Input({ source: new BufferSource(concat(init, segment)), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  const packets: { type: string; timestamp: number }[] = [];
  for await (const packet of new EncodedPacketSink(track!).packets()) packets.push({ type: packet.type, timestamp: packet.timestamp });
  input.dispose();
  return packets;
}

describe("the live demo source", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("is 60 s in 4-second segments by default, under live/demo/", () => {
    expect(DEMO_LIVE.durationSeconds).toBe(60);
    expect(DEMO_LIVE.durationSeconds % 4).toBe(0);
    expect(DEMO_LIVE_MANIFEST_KEY).toBe("live/demo/manifest.json");
  });

  it("cuts into an init segment with the moov and media segments of moof + mdat, each starting on a keyframe", async () => {
    const { init, segments, manifest } = await renderDemoLiveSource({ ...DEMO_LIVE, durationSeconds: 8 });
    expect(manifest).toEqual({
      segmentSeconds: 4,
      init: "live/demo/init.mp4",
      segments: [
        { key: "live/demo/0.m4s", duration: 4 },
        { key: "live/demo/1.m4s", duration: 4 },
      ],
    });
    expect(types(init)).toEqual(["ftyp", "moov"]);
    expect(childTypes(init, "moov")).toContain("mvex"); // fragmented: the samples live in the fragments
    expect(segments).toHaveLength(2);
    for (const [i, segment] of segments.entries()) {
      expect(types(segment.bytes)).toEqual(["moof", "mdat"]);
      const packets = await packetsOf(init, segment.bytes);
      expect(packets).toHaveLength(4 * 24);
      expect(packets[0]).toEqual({ type: "key", timestamp: i * 4 });
      expect(packets.filter((p) => p.type === "key")).toHaveLength(1);
    }
  }, 60_000);

  it("refuses a file that is not fragmented", () => {
    const plain = new Uint8Array([0, 0, 0, 8, ...new TextEncoder().encode("ftyp"), 0, 0, 0, 8, ...new TextEncoder().encode("mdat")]);
    expect(() => splitFragmentedMp4(plain, 4)).toThrow(/not a fragmented MP4/);
  });

  it("is a job of the built-in catalog's media whose cache holds the manifest and its pieces beside it", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-live-"));
    dirs.push(outDir);
    const jobs = await demoMediaJobs(CATALOG, outDir, { live: true });
    const job = jobs.find((j) => j.kind === "live-source")!;
    expect(job.key).toBe("live/demo/manifest.json");
    expect(path.dirname(job.file)).toBe(path.join(outDir, "live"));
    expect((await demoMediaJobs(CATALOG, outDir)).some((j) => j.kind === "live-source")).toBe(false);
    await expect(demoMediaJobs([], outDir, { live: true })).rejects.toThrow(/spring-love is not in the catalog/);

    const short = { ...job, input: { live: { ...DEMO_LIVE, durationSeconds: 4 } } };
    await renderJob(short);
    const manifest = JSON.parse(readFileSync(job.file, "utf8"));
    expect(manifest.segments).toEqual([{ key: "live/demo/0.m4s", duration: 4 }]);
    const init = readFileSync(job.file.replace(/\.json$/, ".init.mp4"));
    expect(types(init)).toEqual(["ftyp", "moov"]);
    expect(existsSync(job.file.replace(/\.json$/, ".0.m4s"))).toBe(true);
  }, 60_000);
});
