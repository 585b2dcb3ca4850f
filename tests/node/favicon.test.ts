// /favicon.ico (browsers, crawlers and link checkers ask for it whatever the page links): a real
// icon file, drawn by scripts/generate-icons.mjs, served as a static file without the Worker.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("public/favicon.ico", () => {
  it("is an icon file with the favicon at 16, 32 and 48 pixels, each a whole PNG of its size", async () => {
    const ico = await readFile(path.join(ROOT, "public/favicon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const images = Array.from({ length: count }, (_, i) => {
      const entry = 6 + 16 * i;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + length);
      return { size: ico[entry]!, bits: ico.readUInt16LE(entry + 6), png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    });
    expect(images.map(({ size, bits, width, height }) => ({ size, bits, width, height }))).toEqual(
      [16, 32, 48].map((size) => ({ size, bits: 32, width: size, height: size })),
    );
    for (const { png } of images) expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const last = images.at(-1)!;
    expect(ico.readUInt32LE(6 + 16 * (count - 1) + 12) + last.png.length).toBe(ico.length);
  });

  it("is served as a file, never by the Worker (whose answer would be the 404 page)", async () => {
    const wrangler = await readFile(path.join(ROOT, "wrangler.toml"), "utf8");
    expect(wrangler).toContain('"!/favicon.ico"');
  });
});
