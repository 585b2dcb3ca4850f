// The landing page's offline demo media (scripts/lib/demo-site-media.mjs): four hero JPEGs and the
// events banner, each in two widths for a srcset, a portrait cut of each hero for phones, and the promo video (H.264 + MP3 MP4) with its
// poster; the JPEG helper (scripts/lib/jpeg.mjs); and their jobs in
// scripts/catalog/generate-demo-media.mjs. Renders every picture, but only a short, small video:
// the real one is `node scripts/catalog/generate-demo-media.mjs`.
import { DEFAULT_ARTIST_PORTRAIT_KEY } from "../../worker/contracts/admin/settings";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import jpeg from "jpeg-js";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOG, findTrack } from "../../scripts/catalog/catalog.mjs";
import { demoMediaJobs, MAX_VIDEO_BYTES, renderJob, type DemoMediaJob } from "../../scripts/catalog/generate-demo-media.mjs";
import {
  BANNER_HEIGHT,
  BANNER_WIDTH,
  bannerKey,
  heroKey,
  HERO_HEIGHT,
  HERO_PORTRAIT,
  heroPortraitKey,
  HERO_WIDTH,
  PROMO,
  PROMO_POSTER_KEY,
  PROMO_VIDEO_KEY,
  renderPromoVideo,
  renderSiteImage,
  SITE_HEROES,
  siteMediaItems,
  PORTRAIT_HEIGHT,
  PORTRAIT_KEY,
  PORTRAIT_WIDTH,
  type SitePictureInput,
} from "../../scripts/lib/demo-site-media.mjs";
import { cropRgba, encodeJpeg, halveRgba, JPEG_QUALITY, jpegSize } from "../../scripts/lib/jpeg.mjs";
import { boxesIn, child } from "./mp4-boxes";

const KB = 1024;

/** Decodes a JPEG with jpeg-js's decoder (separate code from its encoder) to RGBA. */
const decode = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });

/** Mean absolute difference per channel (0..255) between two RGBA images of one size. */
function meanDifference(a: Uint8Array, b: Uint8Array) {
  expect(a.length).toBe(b.length);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
    n += 3;
  }
  return sum / n;
}

/** Distinct colours (quantised to 5 bits a channel) among every 37th pixel: a picture, not a fill. */
function colourCount(rgba: Uint8Array) {
  const colours = new Set<number>();
  for (let i = 0; i < rgba.length; i += 4 * 37) colours.add(((rgba[i]! >> 3) << 10) | ((rgba[i + 1]! >> 3) << 5) | (rgba[i + 2]! >> 3));
  return colours.size;
}

/** The JPEG's markers in order up to the scan (SOI first), and whether it ends with EOI. */
function markers(bytes: Uint8Array) {
  const found: number[] = [];
  let i = 0;
  while (i + 3 < bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    found.push(marker);
    if (marker === 0xd8) {
      i += 2;
      continue;
    }
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    i += 2 + ((bytes[i + 2]! << 8) | bytes[i + 3]!);
  }
  return { found, endsWithEoi: bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9 };
}

// ---------------------------------------------------------------------------------------------
// An MP4 box reader (just what these checks need)

function readMp4(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes);
  const top = boxesIn(buffer, 0, buffer.length);
  const moov = top.find((b) => b.type === "moov")!;
  const mvhd = child(buffer, moov, "mvhd");
  const movieSeconds = buffer.readUInt32BE(mvhd.body + 16) / buffer.readUInt32BE(mvhd.body + 12);
  const tracks = boxesIn(buffer, moov.body, moov.end)
    .filter((b) => b.type === "trak")
    .map((trak) => {
      const mdia = child(buffer, trak, "mdia");
      const hdlr = child(buffer, mdia, "hdlr");
      const stsd = child(buffer, mdia, "minf", "stbl", "stsd");
      const entry = boxesIn(buffer, stsd.body + 8, stsd.end)[0]!;
      const size = entry.type === "avc1" ? { width: buffer.readUInt16BE(entry.body + 24), height: buffer.readUInt16BE(entry.body + 26) } : null;
      return { handler: buffer.toString("latin1", hdlr.body + 8, hdlr.body + 12), entry: entry.type, size };
    });
  return { top: top.map((b) => b.type), movieSeconds, tracks };
}

// ---------------------------------------------------------------------------------------------

describe("the JPEG helper", () => {
  it("encodes RGBA as a baseline JPEG of the right size that decodes back close to the input", () => {
    const width = 48;
    const height = 32;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([(i % width) * 5, Math.floor(i / width) * 7, 128, 255], i * 4);
    const bytes = encodeJpeg(width, height, rgba);
    expect(JPEG_QUALITY).toBe(70);
    expect(jpegSize(bytes)).toEqual({ width, height });
    const { found, endsWithEoi } = markers(bytes);
    expect(found[0]).toBe(0xd8); // SOI
    expect(found).toContain(0xc0); // SOF0: baseline
    expect(found.at(-1)).toBe(0xda); // SOS
    expect(endsWithEoi).toBe(true);
    const decoded = decode(bytes);
    expect(meanDifference(decoded.data, Uint8Array.from(rgba))).toBeLessThan(4);
    // a better quality is larger; bad input is refused
    expect(encodeJpeg(width, height, rgba, 95).length).toBeGreaterThan(bytes.length);
    expect(() => encodeJpeg(width, height, rgba.subarray(4))).toThrow(/RGBA/);
    expect(jpegSize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it("halves an image by averaging 2x2 blocks", () => {
    const rgba = Uint8ClampedArray.from([0, 0, 0, 255, 100, 10, 4, 255, 200, 20, 8, 255, 100, 30, 0, 255]); // 2x2
    expect([...halveRgba(2, 2, rgba)]).toEqual([100, 15, 3, 255]);
    expect(() => halveRgba(3, 2, new Uint8ClampedArray(24))).toThrow(/even/);
  });
});

describe("the landing page's pictures", () => {
  const items = siteMediaItems();
  const images = new Map(items.filter((i) => i.kind === "site-image").map((i) => [i.key, renderSiteImage(i.input as SitePictureInput)]));
  const decoded = new Map([...images].map(([key, bytes]) => [key, decode(bytes)]));

  it("are JPEGs (SOI ... EOI) of the sizes the page declares", () => {
    const expected: [string, number, number][] = [
      ...SITE_HEROES.flatMap((h): [string, number, number][] => [
        [heroKey(h.id, 1280), 1280, 720],
        [heroKey(h.id, 640), 640, 360],
        [heroPortraitKey(h.id), 404, 720],
      ]),
      ["site/events-banner.jpg", 1600, 600],
      ["site/events-banner-800.jpg", 800, 300],
      ["site/artist-portrait.jpg", 480, 600],
      ["site/promo-poster.jpg", 640, 360],
    ];
    expect([...images.keys()]).toEqual(expected.map(([key]) => key));
    expect([HERO_WIDTH, HERO_HEIGHT, BANNER_WIDTH, BANNER_HEIGHT]).toEqual([1280, 720, 1600, 600]);
    for (const [key, width, height] of expected) {
      const bytes = images.get(key)!;
      expect(jpegSize(bytes), key).toEqual({ width, height });
      expect([bytes[0], bytes[1]], key).toEqual([0xff, 0xd8]);
      expect(markers(bytes).endsWithEoi, key).toBe(true);
      expect([decoded.get(key)!.width, decoded.get(key)!.height], key).toEqual([width, height]);
      expect(colourCount(decoded.get(key)!.data), key).toBeGreaterThan(150);
    }
  });

  it("are light: a 640-wide hero under 60 KB, a 1280-wide one under 160 KB, the banner under 160 KB", () => {
    for (const hero of SITE_HEROES) {
      expect(images.get(heroKey(hero.id, 640))!.length, hero.id).toBeLessThan(60 * KB);
      expect(images.get(heroKey(hero.id, 1280))!.length, hero.id).toBeLessThan(160 * KB);
      // The small one is a real saving, not the big one relabelled.
      expect(images.get(heroKey(hero.id, 640))!.length).toBeLessThan(images.get(heroKey(hero.id, 1280))!.length * 0.6);
      // A phone's portrait cut costs at most half of the wide picture it is cut from.
      expect(images.get(heroPortraitKey(hero.id))!.length, hero.id).toBeLessThan(images.get(heroKey(hero.id, 1280))!.length * 0.5);
    }
    expect(images.get(bannerKey(1600))!.length).toBeLessThan(160 * KB);
    expect(images.get(bannerKey(800))!.length).toBeLessThan(60 * KB);
    expect(images.get(PROMO_POSTER_KEY)!.length).toBeLessThan(80 * KB);
  });

  it("include the artist's demo portrait: 4:5, under 60 KB, at the key the settings default to, lit figure on a backdrop", () => {
    expect(PORTRAIT_KEY).toBe(DEFAULT_ARTIST_PORTRAIT_KEY);
    expect([PORTRAIT_WIDTH, PORTRAIT_HEIGHT]).toEqual([480, 600]);
    expect(images.get(PORTRAIT_KEY)!.length).toBeLessThan(60 * KB);
    const { data, width } = decoded.get(PORTRAIT_KEY)!;
    const luma = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return 0.3 * data[i]! + 0.59 * data[i + 1]! + 0.11 * data[i + 2]!;
    };
    // The silhouette's body (bottom centre) is darker than the lit backdrop beside its head.
    expect(luma(240, 590)).toBeLessThan(luma(30, 240) - 20);
  });

  it("are four different heroes (stage lights, skyline, crowd, sunset), and differ from the banner", () => {
    expect(SITE_HEROES.map((h) => h.picture)).toEqual(["stage", "skyline", "crowd", "sunset"]);
    const small = SITE_HEROES.map((h) => decoded.get(heroKey(h.id, 640))!.data);
    for (let a = 0; a < small.length; a++) {
      for (let b = a + 1; b < small.length; b++) expect(meanDifference(small[a]!, small[b]!), `hero ${a + 1} vs ${b + 1}`).toBeGreaterThan(12);
    }
    const banner = decoded.get(bannerKey(1600))!;
    const heroLike = decoded.get(heroKey("hero-1", 1280))!;
    expect(Buffer.from(banner.data.subarray(0, 1000)).equals(Buffer.from(heroLike.data.subarray(0, 1000)))).toBe(false);
  });

  it("show the same picture at both widths: the small one is the large one halved", () => {
    for (const [big, small] of [...SITE_HEROES.map((h) => [heroKey(h.id, 1280), heroKey(h.id, 640)]), [bannerKey(1600), bannerKey(800)]] as [
      string,
      string,
    ][]) {
      const large = decoded.get(big)!;
      const halved = halveRgba(large.width, large.height, large.data);
      expect(meanDifference(Uint8Array.from(halved), decoded.get(small)!.data), small).toBeLessThan(5);
    }
  });

  it("cut each phone's portrait from the wide picture, where the page's 65% position shows it", () => {
    expect(HERO_PORTRAIT).toEqual({ width: 404, height: 720, x: 569, y: 0 });
    expect(HERO_PORTRAIT.width / HERO_PORTRAIT.height).toBeCloseTo(9 / 16, 2);
    for (const hero of SITE_HEROES) {
      const large = decoded.get(heroKey(hero.id, 1280))!;
      const cut = cropRgba(large.width, large.height, Uint8ClampedArray.from(large.data), HERO_PORTRAIT);
      expect(meanDifference(Uint8Array.from(cut), decoded.get(heroPortraitKey(hero.id))!.data), hero.id).toBeLessThan(5);
      // ...and not from somewhere else in it: the left edge of the picture differs.
      const leftEdge = cropRgba(large.width, large.height, Uint8ClampedArray.from(large.data), { ...HERO_PORTRAIT, x: 0 });
      expect(meanDifference(Uint8Array.from(leftEdge), decoded.get(heroPortraitKey(hero.id))!.data), hero.id).toBeGreaterThan(5);
    }
  });

  it("cuts a rectangle out of an RGBA image, refusing one that does not fit", () => {
    // 3x2: pixel values 0..5 in the red channel.
    const rgba = Uint8ClampedArray.from([0, 1, 2, 3, 4, 5].flatMap((v) => [v, 0, 0, 255]));
    expect([...cropRgba(3, 2, rgba, { x: 1, y: 0, width: 2, height: 2 })].filter((_, i) => i % 4 === 0)).toEqual([1, 2, 4, 5]);
    expect(() => cropRgba(3, 2, rgba, { x: 2, y: 0, width: 2, height: 1 })).toThrow(/inside/);
  });

  it("are the same bytes every time", () => {
    const item = items.find((i) => i.key === heroKey("hero-3", 640))!;
    expect(Buffer.from(renderSiteImage(item.input as SitePictureInput)).equals(Buffer.from(images.get(item.key)!))).toBe(true);
  });
});

describe("the promo video", () => {
  it("is 20-30 s at 640x360 with a catalog track's music, under the videos' size limit", () => {
    expect(PROMO.durationSeconds).toBeGreaterThanOrEqual(20);
    expect(PROMO.durationSeconds).toBeLessThanOrEqual(30);
    expect([PROMO.width, PROMO.height]).toEqual([640, 360]);
    expect(findTrack(PROMO.trackId)).toBeTruthy();
  });

  it("is H.264 + MP3 in a fast-start MP4 of the asked length and size", async () => {
    // Short and small to keep the test quick; the real one is PROMO (24 s, 640x360).
    const mp4 = readMp4(await renderPromoVideo({ ...PROMO, durationSeconds: 2, width: 160, height: 90 }));
    expect(mp4.top).toEqual(["ftyp", "moov", "mdat"]);
    expect(mp4.movieSeconds).toBe(2);
    expect(mp4.tracks.map((t) => [t.handler, t.entry])).toEqual([
      ["vide", "avc1"],
      ["soun", "mp4a"],
    ]);
    expect(mp4.tracks[0]!.size).toEqual({ width: 160, height: 90 });
  }, 60_000);
});

describe("site demo media jobs", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("has one job per picture and width and one for the video, under site/ keys, only when asked", async () => {
    const outDir = "/tmp/demo-site-media-jobs";
    const jobs = (await demoMediaJobs(CATALOG, outDir, { site: true })).filter((j) => j.kind.startsWith("site-"));
    expect(jobs.map((j) => [j.kind, j.key])).toEqual([
      ...[1, 2, 3, 4].flatMap((n) => [
        ["site-image", `site/hero-${n}-1280.jpg`],
        ["site-image", `site/hero-${n}-640.jpg`],
        ["site-image", `site/hero-${n}-portrait.jpg`],
      ]),
      ["site-image", "site/events-banner.jpg"],
      ["site-image", "site/events-banner-800.jpg"],
      ["site-image", PORTRAIT_KEY],
      ["site-image", PROMO_POSTER_KEY],
      ["site-video", PROMO_VIDEO_KEY],
    ]);
    expect(PROMO_VIDEO_KEY).toBe("site/promo.mp4");
    expect(PROMO_POSTER_KEY).toBe("site/promo-poster.jpg");
    for (const job of jobs) {
      expect(path.dirname(job.file)).toBe(path.join(outDir, "site"));
      const name = job.key.slice("site/".length).replace(/\.[a-z0-9]+$/, "");
      expect(path.basename(job.file)).toMatch(new RegExp(`^${name}\\.[0-9a-z]+\\.${job.kind === "site-video" ? "mp4" : "jpg"}$`));
    }
    expect(jobs.at(-1)!.input).toEqual({ promo: PROMO, maxBytes: MAX_VIDEO_BYTES });
    // Not asked: none; a catalog without the promo's track: refused.
    expect((await demoMediaJobs(CATALOG, outDir)).some((j) => j.kind.startsWith("site-"))).toBe(false);
    await expect(demoMediaJobs([], outDir, { site: true })).rejects.toThrow(/promo video: audio track spring-love is not in the catalog/);
  });

  it("renders a picture job and a video job into the cache", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-site-"));
    dirs.push(outDir);
    const jobs = await demoMediaJobs(CATALOG, outDir, { site: true });
    const picture = jobs.find((j) => j.key === heroKey("hero-2", 640))!;
    expect(await renderJob(picture)).toBe(readFileSync(picture.file).length);
    expect(jpegSize(readFileSync(picture.file))).toEqual({ width: 640, height: 360 });
    const video = jobs.find((j) => j.kind === "site-video")!;
    const short: DemoMediaJob = { ...video, input: { ...video.input, promo: { ...PROMO, durationSeconds: 1, width: 96, height: 54 } } };
    await renderJob(short);
    const mp4 = readMp4(readFileSync(short.file));
    expect(mp4.movieSeconds).toBe(1);
    expect(mp4.tracks[0]!.size).toEqual({ width: 96, height: 54 });
  }, 60_000);
});
