// Writing an object to R2 as it is produced (worker/lib/r2-parts.ts, decision 121): past one part
// the bytes go up as a multipart upload of equal parts and come back whole and in order; below one
// part they are a single put; a producer that fails leaves no object behind.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chunksOf, writeInParts } from "../../worker/lib/r2-parts";

const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const MIB = 1024 * 1024;
/** R2's smallest part but the last. */
const PART = 5 * MIB;

const byteAt = (i: number) => (i * 31 + (i >> 13)) & 0xff;

/** `total` bytes of a known pattern, written in chunks of odd sizes. */
async function produce(write: (b: Uint8Array) => Promise<void>, total: number) {
  let at = 0;
  for (let n = 0; at < total; n++) {
    const size = Math.min(total - at, 700_001 + (n % 3) * 123_457);
    await write(Uint8Array.from({ length: size }, (_, i) => byteAt(at + i)));
    at += size;
  }
}

async function expectPattern(key: string, total: number) {
  const object = (await MEDIA.get(key))!;
  expect(object.size).toBe(total);
  let at = 0;
  let wrong = -1;
  for await (const chunk of chunksOf(object.body)) {
    for (let i = 0; i < chunk.length && wrong < 0; i++) if (chunk[i] !== byteAt(at + i)) wrong = at + i;
    at += chunk.length;
  }
  expect(wrong).toBe(-1);
  expect(at).toBe(total);
}

describe("writeInParts", { timeout: 30_000 }, () => {
  it("uploads more than a part as parts that read back whole", async () => {
    const total = 2 * PART + 1_234_567;
    const written = await writeInParts(
      MEDIA,
      "tests/r2-parts/large.bin",
      { httpMetadata: { contentType: "audio/flac" } },
      (write) => produce(write, total),
      PART,
    );
    expect(written).toBe(total);
    await expectPattern("tests/r2-parts/large.bin", total);
    expect((await MEDIA.head("tests/r2-parts/large.bin"))!.httpMetadata?.contentType).toBe("audio/flac");
  });

  it("puts less than a part in one piece", async () => {
    expect(await writeInParts(MEDIA, "tests/r2-parts/small.bin", {}, (write) => produce(write, 3 * MIB), PART)).toBe(3 * MIB);
    await expectPattern("tests/r2-parts/small.bin", 3 * MIB);
  });

  it("leaves nothing when the producer fails after a part went up", async () => {
    const failing = writeInParts(
      MEDIA,
      "tests/r2-parts/failed.bin",
      {},
      async (write) => {
        await produce(write, PART + MIB);
        throw new Error("the source broke");
      },
      PART,
    );
    await expect(failing).rejects.toThrow("the source broke");
    expect(await MEDIA.head("tests/r2-parts/failed.bin")).toBeNull();
  });
});
