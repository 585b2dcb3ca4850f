// keptOnceRead (worker/lib/memo.ts): a value read once per key object and kept only once read, so no
// request ever awaits another request's read (workerd cancels that I/O with the request that began it).
import { describe, expect, it } from "vitest";
import { keptOnceRead } from "../../worker/lib/memo";

describe("a value kept once it is read", () => {
  it("lets requests that arrive during the first read do their own, then answers from the kept value", async () => {
    const read = keptOnceRead<object, string>();
    const key = {};
    let reads = 0;
    const slowRead = async () => {
      reads++;
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      return `shell ${reads}`;
    };
    const during = await Promise.all([read(key, slowRead), read(key, slowRead)]);
    expect(reads).toBe(2);
    expect(during).toEqual(["shell 2", "shell 2"]);
    expect(await read(key, slowRead)).toBe("shell 2");
    expect(reads).toBe(2);
  });

  it("keeps only what `keep` accepts, and nothing of a read that threw", async () => {
    const read = keptOnceRead<object, number>((status) => status === 200);
    const key = {};
    await expect(read(key, () => Promise.reject(new Error("assets down")))).rejects.toThrow("assets down");
    expect(await read(key, async () => 503)).toBe(503);
    expect(await read(key, async () => 200)).toBe(200);
    expect(await read(key, async () => 404)).toBe(200);
  });
});
