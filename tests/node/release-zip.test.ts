// A release's zip (worker/services/store/release-zip.ts over worker/lib/stored-zip.ts) as a
// standard unzip reads it: Info-ZIP's `unzip` tests every CRC, lists the names and gives back each
// file's bytes; any byte range is exactly that slice of the whole archive; ZIP64 fields (written
// on request on a small archive) read too; and an album of 200 MB streams with memory bounded by a
// chunk, not by the album: the peak and the speed are printed (no timing is asserted).
import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { piecesInRange, zipLayout } from "../../worker/lib/stored-zip";
import { crc32Of, planZip, withChecksums, zipStream, type ObjectSource, type ReleaseZip, type ZipFile } from "../../worker/services/store/release-zip";
import { memoryChecksums, memorySource } from "./zip-sources";

const MODIFIED = new Date(Date.UTC(2013, 0, 1, 12, 0, 0));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "release-zip-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const unzip = (...args: string[]) => execFileSync("unzip", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const unzipBytes = (file: string, name: string) => new Uint8Array(execFileSync("unzip", ["-p", file, name], { maxBuffer: 64 * 1024 * 1024 }));

describe("a release's zip", () => {
  const objects = {
    "audio/one.mp3": randomBytes(150_000, 1),
    "audio/two.mp3": randomBytes(90_017, 2),
    "audio/three.mp3": randomBytes(1, 3),
    "covers/album.png": randomBytes(4_321, 4),
  };
  const credits = new TextEncoder().encode("Canção do Verão (2013)\r\nThank you for supporting the artist!\r\n");
  const files: ZipFile[] = [
    { name: "01 - City Lights.mp3", key: "audio/one.mp3" },
    { name: "02 - Coração de Neon.mp3", key: "audio/two.mp3" },
    { name: "03 - Outro.mp3", key: "audio/three.mp3" },
    { name: "cover.png", key: "covers/album.png" },
    { name: "credits.txt", bytes: credits },
  ];
  let zip: ReleaseZip;
  let whole: Uint8Array;
  let file: string;

  beforeAll(async () => {
    const source = memorySource(objects);
    const planned = await planZip(source, files, MODIFIED);
    expect(planned).not.toBeNull();
    zip = await withChecksums(source, memoryChecksums(), planned!);
    whole = await readAll(zipStream(source, zip));
    file = path.join(dir, "album.zip");
    await writeFile(file, whole);
  });

  it("is exactly as long as planned before any file was read", async () => {
    const source = memorySource(objects);
    const planned = (await planZip(source, files, MODIFIED))!;
    expect(source.reads).toBe(0);
    expect(planned.layout.size).toBe(whole.length);
    expect(planned.etag).toBe(zip.etag);
    expect(planned.etag).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it("passes unzip's test of every entry's CRC", () => {
    const out = unzip("-t", file);
    expect(out).toContain("No errors detected");
  });

  it("lists every track, the cover and the credits, names in UTF-8, in order", () => {
    const listed = unzip("-Z1", file).trim().split("\n");
    expect(listed).toEqual(files.map((f) => f.name));
  });

  it("gives back each file's bytes", () => {
    for (const entry of files) {
      const expected = "bytes" in entry ? entry.bytes : objects[entry.key as keyof typeof objects];
      expect(Buffer.from(unzipBytes(file, entry.name)).equals(Buffer.from(expected)), entry.name).toBe(true);
    }
  });

  it("has the same bytes on every run and machine (fixed time, from its UTC fields)", async () => {
    const source = memorySource(objects);
    const again = await withChecksums(source, memoryChecksums(), (await planZip(source, files, MODIFIED))!);
    expect(Buffer.from(await readAll(zipStream(source, again))).equals(Buffer.from(whole))).toBe(true);
    expect(unzip("-Z", "-T", file)).toContain("20130101.120000");
  });

  it("serves any range as that slice of the whole", async () => {
    const source = memorySource(objects);
    const size = whole.length;
    const local = 30 + new TextEncoder().encode(files[0]!.name).length;
    const ranges = [
      [0, 1],
      [0, local],
      [local - 3, 10],
      [local + 149_990, 200],
      [size - 22, 22],
      [size - 1, 1],
      [12_345, size - 12_345],
      [0, size],
    ] as const;
    for (const [offset, length] of ranges) {
      const part = await readAll(zipStream(source, zip, { offset, length }));
      expect(part.length, `${offset}+${length}`).toBe(length);
      expect(Buffer.from(part).equals(Buffer.from(whole.subarray(offset, offset + length))), `${offset}+${length}`).toBe(true);
    }
  });

  it("reads only the objects a range reaches, with ranged reads", async () => {
    const source = memorySource(objects);
    const tail = zip.layout.pieces.at(-1)!;
    await readAll(zipStream(source, zip, { offset: tail.offset, length: tail.length }));
    expect(source.reads).toBe(0);
  });

  it("computes each CRC once and keeps it for the object's ETag", async () => {
    const source = memorySource(objects);
    const store = memoryChecksums();
    await withChecksums(source, store, (await planZip(source, files, MODIFIED))!);
    expect(source.reads).toBe(4);
    expect(store.rows.get("audio/one.mp3")).toEqual({
      key: "audio/one.mp3",
      etag: "etag-audio/one.mp3",
      size: 150_000,
      crc32: crc32Of(objects["audio/one.mp3"]),
    });
    await withChecksums(source, store, (await planZip(source, files, MODIFIED))!);
    expect(source.reads).toBe(4);
  });

  it("is null when an object is missing", async () => {
    expect(await planZip(memorySource(objects), [...files, { name: "04 - Gone.mp3", key: "audio/gone.mp3" }], MODIFIED)).toBeNull();
  });

  it("agrees with the zlib CRC-32", () => {
    expect(crc32Of(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

describe("ZIP64", () => {
  it("reads with unzip when every field is written the ZIP64 way", async () => {
    const data = [randomBytes(70_000, 9), randomBytes(3, 10)];
    const entries = data.map((bytes, i) => ({ name: `0${i + 1} - Track.wav`, size: bytes.length, crc32: crc32Of(bytes) }));
    const layout = zipLayout(entries, { modified: MODIFIED, zip64: "always" });
    const parts = piecesInRange(layout, 0, layout.size).map((p) => ("bytes" in p ? p.bytes : data[p.entry]!.subarray(p.from, p.from + p.length)));
    const file = path.join(dir, "zip64.zip");
    await writeFile(file, Buffer.concat(parts));
    expect((await readFile(file)).length).toBe(layout.size);
    expect(unzip("-t", file)).toContain("No errors detected");
    expect(Buffer.from(unzipBytes(file, "01 - Track.wav")).equals(Buffer.from(data[0]!))).toBe(true);
  });

  it("switches on by itself for a file of 4 GiB or more, without reading it", () => {
    const big = zipLayout([{ name: "huge.wav", size: 0x1_0000_0000, crc32: 0 }], { modified: MODIFIED });
    // local header + name + ZIP64 extra, the data, central header + name + extra, ZIP64 end, locator, end.
    expect(big.size).toBe(30 + 8 + 20 + 0x1_0000_0000 + 46 + 8 + 20 + 56 + 20 + 22);
  });
});

// ---- an album of 200 MB, streamed ----------------------------------------------------------------

const CHUNK = 64 * 1024;
const TRACKS = 10;
const TRACK_BYTES = 20 * 1024 * 1024;

/** 200 MB of track data made on the fly: each 64 KiB chunk a random block stamped with its place. */
function syntheticSource(): ObjectSource {
  const block = randomBytes(CHUNK, 42);
  const chunkAt = (track: number, index: number) => {
    const chunk = block.slice();
    new DataView(chunk.buffer).setUint32(0, track);
    new DataView(chunk.buffer).setUint32(4, index);
    return chunk;
  };
  return {
    head: async (key) => (key.startsWith("audio/") ? { size: TRACK_BYTES, etag: key } : null),
    read: async (key, _etag, offset, length) => {
      const track = Number(key.slice(6, 8));
      let at = offset;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= offset + length) return controller.close();
          const index = Math.floor(at / CHUNK);
          const start = at - index * CHUNK;
          const end = Math.min(CHUNK, offset + length - index * CHUNK);
          controller.enqueue(chunkAt(track, index).subarray(start, end));
          at = index * CHUNK + end;
        },
      });
    },
  };
}

/**
 * Samples RSS and the JS heap with the buffers outside it (where file chunks live) every few
 * milliseconds while `work` runs; the peaks above where they started.
 */
async function peakMemoryDuring<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = heapOf(base);
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, heapOf(now));
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, rss: rss - base.rss, heap: heap - heapOf(base) };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => bytes / 1024 / 1024;

describe("an album of 200 MB", () => {
  it("streams with memory bounded by a chunk, and unzips", { timeout: 300_000 }, async () => {
    const source = syntheticSource();
    const files: ZipFile[] = Array.from({ length: TRACKS }, (_, i) => ({
      name: `${String(i + 1).padStart(2, "0")} - Track.wav`,
      key: `audio/${String(i).padStart(2, "0")}.wav`,
    }));
    files.push({ name: "credits.txt", bytes: new TextEncoder().encode("Thank you for supporting the artist!\r\n") });
    const planned = (await planZip(source, files, MODIFIED))!;
    expect(planned.layout.size).toBeGreaterThan(200 * 1024 * 1024);

    const checksums = await peakMemoryDuring(async () => {
      const started = performance.now();
      const zip = await withChecksums(source, memoryChecksums(), planned);
      return { zip, ms: performance.now() - started };
    });
    const file = path.join(dir, "album-200mb.zip");
    const streamed = await peakMemoryDuring(async () => {
      const started = performance.now();
      const out = createWriteStream(file);
      let bytes = 0;
      const reader = zipStream(source, checksums.result.zip).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (!out.write(value)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      return { bytes, ms: performance.now() - started };
    });

    const size = mb(planned.layout.size);
    console.log(
      [
        `release zip, ${size.toFixed(1)} MB (${TRACKS} tracks of ${mb(TRACK_BYTES)} MB):`,
        `  checksums (first download only): ${(size / (checksums.result.ms / 1000)).toFixed(0)} MB/s, peak +${mb(checksums.rss).toFixed(1)} MB RSS, +${mb(checksums.heap).toFixed(1)} MB heap and buffers`,
        `  streaming the zip (written to disk): ${(size / (streamed.result.ms / 1000)).toFixed(0)} MB/s, peak +${mb(streamed.rss).toFixed(1)} MB RSS, +${mb(streamed.heap).toFixed(1)} MB heap and buffers`,
      ].join("\n"),
    );
    expect(streamed.result.bytes).toBe(planned.layout.size);
    expect(Math.max(checksums.rss, streamed.rss)).toBeLessThan(100 * 1024 * 1024);
    expect(Math.max(checksums.heap, streamed.heap)).toBeLessThan(100 * 1024 * 1024);
    const tested = execFileSync("unzip", ["-tq", file], { encoding: "utf8" });
    expect(tested).toContain("No errors detected");
    await rm(file);
  });
});
