// The import's ID3v2.4 writer, read back by music-metadata (a reader we did not write) and, when
// the machine has it, by ffprobe: every field and the cover's MIME and bytes.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseBlob } from "music-metadata";
import { describe, expect, it } from "vitest";
import { ChunkedMp3Encoder } from "../../app/features/admin/catalog-import/mp3Encode";
import { taggedMp3, type Id3Tags } from "../../worker/contracts/id3v24";
import { encodePng } from "../../scripts/lib/png.mjs";
import { testPcm } from "../../scripts/lib/tagged-audio.mjs";

const cover = { mime: "image/png", bytes: new Uint8Array(encodePng(4, 4, () => [10, 120, 200])) };
const tags: Id3Tags = {
  title: "Última Dança",
  artist: "Coração Aberto",
  album: "Você",
  trackNumber: 3,
  trackCount: 9,
  discNumber: 2,
  year: 2024,
  isrc: "BRABC2400003",
  cover,
};

async function encoded(): Promise<Blob> {
  const encoder = new ChunkedMp3Encoder(1, 44100);
  const pcm = Float32Array.from(testPcm(1), (v) => v / 32768);
  return new Blob([encoder.encode(pcm) as Uint8Array<ArrayBuffer>, encoder.finish() as Uint8Array<ArrayBuffer>]);
}

describe("ID3v2.4 writer", () => {
  it("writes every field and the front cover, read back by music-metadata", async () => {
    const mp3 = taggedMp3(await encoded(), tags);
    const { common, native, format } = await parseBlob(mp3);
    expect(format.tagTypes).toContain("ID3v2.4");
    expect(common.title).toBe("Última Dança");
    expect(common.artist).toBe("Coração Aberto");
    expect(common.album).toBe("Você");
    expect(common.track).toEqual({ no: 3, of: 9 });
    expect(common.disk).toEqual({ no: 2, of: null });
    expect(common.year).toBe(2024);
    expect(common.isrc).toEqual(["BRABC2400003"]);
    expect(common.picture).toHaveLength(1);
    expect(common.picture![0]!.format).toBe("image/png");
    expect(common.picture![0]!.type).toBe("Cover (front)");
    expect([...common.picture![0]!.data]).toEqual([...cover.bytes]);
    expect(native["ID3v2.4"]!.map((t) => t.id).sort()).toEqual(["APIC", "TALB", "TDRC", "TIT2", "TPE1", "TPOS", "TRCK", "TSRC"]);
    expect(format.duration).toBeGreaterThan(0.9);
  });

  const ffprobe = spawnSync("ffprobe", ["-version"]).status === 0;
  it.skipIf(!ffprobe)("ffprobe reads the same tags", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "id3-")), "t.mp3");
    writeFileSync(path, new Uint8Array(await taggedMp3(await encoded(), tags).arrayBuffer()));
    const out = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_format", "-of", "json", path], { encoding: "utf8" }));
    expect(out.format.tags).toMatchObject({
      title: "Última Dança",
      artist: "Coração Aberto",
      album: "Você",
      track: "3/9",
      disc: "2",
      date: "2024",
      TSRC: "BRABC2400003",
    });
  });
});
