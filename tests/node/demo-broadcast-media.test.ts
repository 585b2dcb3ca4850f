// The offline demo media of the radio stations and TV channels (scripts/catalog/broadcast.mjs):
// station images and channel thumbnails (scripts/lib/demo-broadcast-images.mjs), channel videos
// (scripts/lib/demo-video.mjs: H.264 + MP3 in a fast-start MP4), the scene they share
// (scripts/lib/demo-scene.mjs), and their jobs and cache in scripts/catalog/generate-demo-media.mjs.
// Renders only short, small videos: the real ones are `node scripts/catalog/generate-demo-media.mjs`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { inflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { RADIO_STATIONS, TV_CHANNELS, type TvChannel } from "../../scripts/catalog/broadcast.mjs";
import { CATALOG } from "../../scripts/catalog/catalog.mjs";
import { demoMediaJobs, generateDemoMedia, MAX_VIDEO_BYTES } from "../../scripts/catalog/generate-demo-media.mjs";
import { renderDemoCaptionsVtt } from "../../scripts/lib/demo-captions.mjs";
import { TV_CAPTION_LANGS, tvCaptionsKey } from "../../worker/contracts/tv";
import { demoCatalogSql } from "../../scripts/catalog/demo-catalog-seed.mjs";
import { id3Length, parseMp3Frames } from "../../scripts/lib/demo-audio.mjs";
import {
  channelScene,
  renderChannelThumbnailPng,
  renderStationPng,
  splitChannelName,
  splitStationName,
  STATION_IMAGE_SIZE,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
} from "../../scripts/lib/demo-broadcast-images.mjs";
import { textWidth } from "../../scripts/lib/demo-draw.mjs";
import { createScene, designScene, SCENE_BANDS, syntheticLevels } from "../../scripts/lib/demo-scene.mjs";
import { analyzeLevels, h264LevelFor, KEYFRAME_SECONDS, renderDemoVideo, trackVideoAudio, VIDEO_FPS } from "../../scripts/lib/demo-video.mjs";
import { encodePngRgba } from "../../scripts/lib/png.mjs";
import { boxesIn, child } from "./mp4-boxes";

// The video encoder's loader adds process-wide error handlers; demo-video.mjs removes them again.
const ROOT_DIR = path.resolve(import.meta.dirname, "../..");

const errorListeners = () => [process.listeners("uncaughtException").length, process.listeners("unhandledRejection").length];
const errorListenersAtStart = errorListeners();

// ---------------------------------------------------------------------------------------------
// A PNG reader (8-bit RGB or RGBA, any filter), independent of the encoder

function decodePng(png: Uint8Array) {
  const buffer = Buffer.from(png);
  expect([...buffer.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("ascii", offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    types.push(type);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8); // bit depth
      channels = { 2: 3, 6: 4 }[data[9]!] ?? 0;
      expect(channels).toBeGreaterThan(0);
      expect(data[12]).toBe(0); // no interlace
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  expect(raw.length).toBe(height * (stride + 1));
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect(filter).toBeLessThanOrEqual(4);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + i] = (x + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Distinct colours among every 97th pixel: a picture, not a flat fill. */
function colourCount({ pixels, channels }: ReturnType<typeof decodePng>) {
  const colours = new Set<string>();
  for (let i = 0; i + channels <= pixels.length; i += channels * 97) colours.add(pixels.subarray(i, i + channels).toString("hex"));
  return colours.size;
}

// ---------------------------------------------------------------------------------------------
// An MP4 box reader

/** The few facts of an MP4 the tests check, read from its boxes. */
function readMp4(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes);
  const top = boxesIn(buffer, 0, buffer.length);
  const moov = top.find((b) => b.type === "moov")!;
  const mdat = top.find((b) => b.type === "mdat")!;
  const mvhd = child(buffer, moov, "mvhd");
  expect(buffer[mvhd.body]).toBe(0); // version 0
  const movieSeconds = buffer.readUInt32BE(mvhd.body + 16) / buffer.readUInt32BE(mvhd.body + 12);
  const tracks = boxesIn(buffer, moov.body, moov.end)
    .filter((b) => b.type === "trak")
    .map((trak) => {
      const mdia = child(buffer, trak, "mdia");
      const handler = buffer.toString("latin1", child(buffer, mdia, "hdlr").body + 8, child(buffer, mdia, "hdlr").body + 12);
      const mdhd = child(buffer, mdia, "mdhd");
      const seconds = buffer.readUInt32BE(mdhd.body + 16) / buffer.readUInt32BE(mdhd.body + 12);
      const stbl = child(buffer, mdia, "minf", "stbl");
      const stsd = child(buffer, stbl, "stsd");
      const entry = boxesIn(buffer, stsd.body + 8, stsd.end)[0]!;
      const stsz = child(buffer, stbl, "stsz");
      const sizes = Array.from({ length: buffer.readUInt32BE(stsz.body + 8) }, (_, i) => buffer.readUInt32BE(stsz.body + 12 + 4 * i));
      const stco = child(buffer, stbl, "stco");
      const chunkOffsets = Array.from({ length: buffer.readUInt32BE(stco.body + 4) }, (_, i) => buffer.readUInt32BE(stco.body + 8 + 4 * i));
      const stss = boxesIn(buffer, stbl.body, stbl.end).find((b) => b.type === "stss");
      const keyframes = stss ? Array.from({ length: buffer.readUInt32BE(stss.body + 4) }, (_, i) => buffer.readUInt32BE(stss.body + 8 + 4 * i)) : null;
      let video = null;
      let audioObjectType = null;
      if (entry.type === "avc1") {
        const avcC = boxesIn(buffer, entry.body + 78, entry.end).find((b) => b.type === "avcC")!;
        video = {
          width: buffer.readUInt16BE(entry.body + 24),
          height: buffer.readUInt16BE(entry.body + 26),
          profile: buffer[avcC.body + 1],
          level: buffer[avcC.body + 3],
        };
      }
      if (entry.type === "mp4a") {
        // esds: ES_Descriptor (tag 3) > DecoderConfigDescriptor (tag 4) > objectTypeIndication
        const esds = boxesIn(buffer, entry.body + 28, entry.end).find((b) => b.type === "esds")!;
        const view = buffer.subarray(esds.body + 4, esds.end);
        let i = 0;
        const descriptor = (tag: number) => {
          expect(view[i]).toBe(tag);
          i++;
          while (view[i]! & 0x80) i++;
          i++;
        };
        descriptor(3);
        const flags = view[i + 2]!;
        i += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + view[i + 3]! : 0) + (flags & 0x20 ? 2 : 0);
        descriptor(4);
        audioObjectType = view[i];
      }
      return { handler, seconds, entry: entry.type, sizes, chunkOffsets, keyframes, video, audioObjectType };
    });
  return { top: top.map((b) => b.type), movieSeconds, mdat, tracks, buffer };
}

// ---------------------------------------------------------------------------------------------

describe("PNG encoding of a raster", () => {
  it("round-trips an RGBA buffer exactly (adaptive filters, alpha dropped)", () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      // a gradient (picks up/sub/average/Paeth) with some noise (picks none)
      const x = i % width;
      const y = Math.floor(i / width);
      rgba.set([x * 6, y * 11, (x * y * 7919) % 251, 255], i * 4);
    }
    const png = decodePng(encodePngRgba(width, height, rgba));
    expect([png.width, png.height, png.channels]).toEqual([37, 23, 3]);
    for (let i = 0; i < width * height; i++) expect([...png.pixels.subarray(i * 3, i * 3 + 3)]).toEqual([...rgba.subarray(i * 4, i * 4 + 3)]);
  });
});

describe("station images and channel thumbnails", () => {
  const stations = RADIO_STATIONS.map((s) => renderStationPng(s));
  const thumbs = TV_CHANNELS.map((c) => renderChannelThumbnailPng(c));

  it("are 400x400 station images and 640x360 thumbnails, pictures of modest size", () => {
    expect([STATION_IMAGE_SIZE, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]).toEqual([400, 640, 360]);
    for (const png of stations) {
      const image = decodePng(png);
      expect([image.width, image.height]).toEqual([400, 400]);
      expect(colourCount(image)).toBeGreaterThan(100);
      expect(png.length).toBeLessThan(120 * 1024);
    }
    for (const png of thumbs) {
      const image = decodePng(png);
      expect([image.width, image.height]).toEqual([640, 360]);
      expect(colourCount(image)).toBeGreaterThan(100);
      expect(png.length).toBeLessThan(200 * 1024);
    }
  });

  it("differ from id to id, and are the same bytes every time for one id", () => {
    expect(new Set(stations.map((png) => Buffer.from(png).toString("base64"))).size).toBe(RADIO_STATIONS.length);
    expect(new Set(thumbs.map((png) => Buffer.from(png).toString("base64"))).size).toBe(TV_CHANNELS.length);
    expect(Buffer.from(renderStationPng(RADIO_STATIONS[1]!)).equals(Buffer.from(stations[1]!))).toBe(true);
    expect(Buffer.from(renderChannelThumbnailPng(TV_CHANNELS[3]!)).equals(Buffer.from(thumbs[3]!))).toBe(true);
  });

  it("title the pictures with the names, and badge only the live channel", () => {
    expect(splitChannelName("Spring Love (Official Music Video)")).toEqual({ title: "Spring Love", subtitle: "Official Music Video" });
    expect(splitChannelName("Behind the Scenes")).toEqual({ title: "Behind the Scenes", subtitle: null });
    expect(splitStationName("NYC Rhythm Radio")).toEqual({ title: "NYC Rhythm", subtitle: "Radio" });
    expect(TV_CHANNELS.map((c) => channelScene(c).live)).toEqual(TV_CHANNELS.map((c) => c.type === "live"));
    expect(TV_CHANNELS.filter((c) => channelScene(c).live).map((c) => c.id)).toEqual(["live"]);
    expect(textWidth("AB", 2)).toBe(22); // two 5-px glyphs and a 1-px gap, doubled
    // Neighbouring channels get different emblems; every channel its own layout.
    const designs = TV_CHANNELS.map((c) => designScene(c.look, `tv:${c.id}`, c.position));
    expect(designs.map((d) => d.emblem)).toEqual(["sun", "rings", "moon", "sun", "rings"]);
  });
});

describe("the scene", () => {
  it("loops: the frame at the end of the loop is the frame at its start", () => {
    const options = { look: { hue: 280, accent: 190 }, seed: "loop-test", width: 128, height: 72, loopSeconds: 7, title: "Loop", live: true };
    const a = createScene(options);
    const b = createScene(options);
    const levels = syntheticLevels(0, 7, "loop-test");
    const start = Buffer.from(a.draw(0, levels).rgba);
    expect(Buffer.from(b.draw(1, levels).rgba).equals(start)).toBe(true);
    expect(Buffer.from(b.draw(0.5, levels).rgba).equals(start)).toBe(false);
  });

  it("reads the audio's spectrum: a low tone lights the first band, a high tone the last", () => {
    const rate = 22050;
    const fps = 24;
    const tone = (hz: number) => Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate));
    const mixed = tone(55).map((v, i) => (i < rate / 2 ? v : 0)); // the low tone for the first half only
    const high = tone(7000);
    const levels = analyzeLevels(
      Float32Array.from(mixed, (v, i) => v + high[i]!),
      rate,
      fps,
      fps,
    );
    expect(levels).toHaveLength(24);
    expect(levels[0]!.bands).toHaveLength(SCENE_BANDS);
    expect(levels[6]!.bands[0]).toBeGreaterThan(0.9);
    expect(levels[6]!.bands[SCENE_BANDS - 1]).toBeGreaterThan(0.9);
    expect(levels[6]!.bands[6]).toBeLessThan(0.4); // ~700 Hz: far from both tones
    expect(levels[20]!.bands[0]).toBeLessThan(0.2); // the low tone has stopped (and its release decayed)
    expect(levels[20]!.bands[SCENE_BANDS - 1]).toBeGreaterThan(0.9);
  });
});

describe("demo videos", () => {
  const look = { hue: 20, accent: 200 };
  const seconds = 5;
  const audio = trackVideoAudio({ id: "spring-love" }, seconds);
  // Small and short, to keep the test quick; the channels' videos are 640x360, 30-40 s.
  const render = (options: Partial<Parameters<typeof renderDemoVideo>[0]> = {}) =>
    renderDemoVideo({ look, durationSeconds: seconds, width: 96, height: 54, seed: "test", title: "Test Video", subtitle: "Demo", ...options });

  it("are H.264 + MP3 in an MP4 with the index first, keyframes every 4 s, the right duration", async () => {
    const mp4 = readMp4(await render({ audio }));
    expect(mp4.top).toEqual(["ftyp", "moov", "mdat"]); // fast start: moov before mdat
    expect(mp4.movieSeconds).toBe(5);
    expect(mp4.tracks.map((t) => [t.handler, t.entry])).toEqual([
      ["vide", "avc1"],
      ["soun", "mp4a"],
    ]);
    const [video, sound] = mp4.tracks;
    expect(video!.video).toEqual({ width: 96, height: 54, profile: 66, level: h264LevelFor(96, 54, 24) });
    expect(h264LevelFor(96, 54, 24)).toBe(10);
    expect(h264LevelFor(640, 360, 24)).toBe(30);
    expect(video!.seconds).toBe(5);
    expect(video!.sizes).toHaveLength(seconds * VIDEO_FPS);
    expect(KEYFRAME_SECONDS).toBe(4);
    expect(video!.keyframes).toEqual([1, 97]);
    // MPEG audio (objectTypeIndication 0x6B) frames of 576 samples at 22.05 kHz: as many as fit in 5 s
    expect(sound!.audioObjectType).toBe(0x6b);
    expect(sound!.keyframes).toBeNull(); // every audio frame is a sync sample
    expect(sound!.sizes).toHaveLength(Math.floor((seconds * 22050) / 576));
    expect(sound!.seconds).toBeCloseTo(191 * (576 / 22050), 3);
    // ...copied from the track's demo MP3 as they are
    const frames = parseMp3Frames(audio.mp3);
    const first = frames[0]!;
    expect(id3Length(audio.mp3)).toBe(0); // trackVideoAudio's MP3 has no tag
    expect(sound!.sizes[0]).toBe(first.length);
    const offset = sound!.chunkOffsets[0]!;
    expect(offset).toBeGreaterThanOrEqual(mp4.mdat.body);
    expect(mp4.buffer.subarray(offset, offset + first.length).equals(Buffer.from(audio.mp3.subarray(first.offset, first.offset + first.length)))).toBe(true);
  }, 30_000);

  it("are silent without audio, and re-encode coarser to fit a size limit", async () => {
    const silent = await render();
    const parsed = readMp4(silent);
    expect(parsed.tracks.map((t) => t.handler)).toEqual(["vide"]);
    expect(parsed.movieSeconds).toBe(5);
    const fitted = await render({ maxBytes: silent.length - 1 });
    expect(fitted.length).toBeLessThanOrEqual(silent.length - 1);
    expect(readMp4(fitted).tracks[0]!.sizes).toHaveLength(120);
    await expect(render({ maxBytes: 100 })).rejects.toThrow(/over the 100-byte limit/);
  }, 60_000);

  it("leave the process's error handlers as they were (the encoder's loader adds its own)", async () => {
    await renderDemoVideo({ look, durationSeconds: 0.5, width: 32, height: 18 });
    expect(errorListeners()).toEqual(errorListenersAtStart);
  });

  it("carry a music video's track at the video's length: the same music, faded in and out", () => {
    const thirty = trackVideoAudio({ id: "spring-love" }, 30);
    const frames = parseMp3Frames(thirty.mp3);
    const seconds = frames.reduce((sum, f) => sum + f.samples / f.sampleRate, 0);
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThan(30.2); // plus the encoder's delay and padding
    expect(thirty.levels).toHaveLength(30 * VIDEO_FPS);
    // quieter beds: every frame's global gain lowered
    const bed = trackVideoAudio({ id: "spring-love" }, 5, { gainDb: -12 });
    expect(bed.mp3.length).toBe(audio.mp3.length);
    expect(Buffer.from(bed.mp3).equals(Buffer.from(audio.mp3))).toBe(false);
    // Synthesises and encodes 35 s of audio in-process: seconds of CPU on a busy machine.
  }, 60_000);
});

describe("demo captions", () => {
  it("cover the whole video with numbered 4 s cues, in English and Brazilian Portuguese", () => {
    const en = new TextDecoder().decode(renderDemoCaptionsVtt({ title: "Spring Love", durationSeconds: 10, lang: "en" }));
    expect(en).toBe(
      "WEBVTT - Spring Love (en)\n\n1\n00:00:00.000 --> 00:00:04.000\n♪ Spring Love ♪\n\n2\n00:00:04.000 --> 00:00:08.000\n[synth intro]\n\n3\n00:00:08.000 --> 00:00:10.000\nDemo captions: the lyrics would show here\n",
    );
    const pt = new TextDecoder().decode(renderDemoCaptionsVtt({ title: "Spring Love", durationSeconds: 10, lang: "pt-BR" }));
    expect(pt).toContain("00:00:04.000 --> 00:00:08.000\n[introdução de sintetizador]");
    expect(pt).toContain("Legendas de demonstração: a letra apareceria aqui");
  });
});

describe("broadcast demo media jobs and cache", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("has one job per station image, channel thumbnail and channel video, under their R2 keys", async () => {
    const outDir = "/tmp/demo-media-jobs";
    const jobs = await demoMediaJobs(CATALOG, outDir, { stations: RADIO_STATIONS, channels: TV_CHANNELS });
    const of = (kind: string) => jobs.filter((j) => j.kind === kind);
    expect(of("station-image").map((j) => j.key)).toEqual(["stations/freestyle-lovers.png", "stations/nyc-rhythm.png", "stations/spring-love.png"]);
    expect(of("station-image").map((j) => j.key)).toEqual(RADIO_STATIONS.map((s) => s.imageKey));
    const ids = ["spring-love-video", "waiting-for-your-love-video", "i-wanna-be-the-one-video", "live", "behind-the-scenes"];
    expect(of("tv-thumb").map((j) => j.key)).toEqual(ids.map((id) => `tv/thumbs/${id}.png`));
    expect(of("video").map((j) => j.key)).toEqual(ids.map((id) => `tv/videos/${id}.mp4`));
    expect(of("video").map((j) => j.key)).toEqual(TV_CHANNELS.map((c) => c.videoKey));
    for (const job of jobs.filter((j) => j.kind !== "audio" && j.kind !== "cover" && j.kind !== "captions")) {
      const sub = { "station-image": "stations", "tv-thumb": "tv-thumbs", video: "tv-videos" }[job.kind as string];
      expect(path.dirname(job.file)).toBe(path.join(outDir, sub!));
      expect(path.basename(job.file)).toMatch(new RegExp(`^${job.key.split("/").pop()!.split(".")[0]}\\.[0-9a-z]+\\.${job.kind === "video" ? "mp4" : "png"}$`));
    }
    // Music videos carry their track; the others a quiet bed; every video has the size limit.
    expect(of("video").map((j) => j.input.audio)).toEqual([
      { trackId: "spring-love", gainDb: 0 },
      { trackId: "waiting-for-your-love", gainDb: 0 },
      { trackId: "i-wanna-be-the-one", gainDb: 0 },
      { trackId: "tv-bed:live", gainDb: -12 },
      { trackId: "tv-bed:behind-the-scenes", gainDb: -12 },
    ]);
    expect(of("video").every((j) => j.input.maxBytes === MAX_VIDEO_BYTES)).toBe(true);
    // The music videos get demo captions in both languages, at the Worker's tvCaptionsKey.
    const musicVideos = ids.slice(0, 3);
    expect(of("captions").map((j) => j.key)).toEqual(musicVideos.flatMap((id) => TV_CAPTION_LANGS.map((lang) => tvCaptionsKey(id, lang))));
    expect(of("captions").map((j) => j.input)).toContainEqual({ title: "Spring Love", durationSeconds: 30, lang: "pt-BR" });
    for (const job of of("captions")) expect(path.dirname(job.file)).toBe(path.join(outDir, "tv-captions"));
    expect(MAX_VIDEO_BYTES).toBeLessThan(3_000_000);
    // The catalog's jobs are unchanged, and a custom catalog leaves the channels out by default.
    expect(jobs.filter((j) => j.kind === "audio" || j.kind === "cover")).toEqual(await demoMediaJobs(CATALOG, outDir));
    const orphan: TvChannel = { ...TV_CHANNELS[0]!, audioTrackId: "no-such-track" };
    await expect(demoMediaJobs(CATALOG, outDir, { channels: [orphan] })).rejects.toThrow(/no-such-track is not in the catalog/);
  });

  it("renders a station image, a thumbnail and a video once, then nothing, and drops stale files", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-broadcast-"));
    dirs.push(outDir);
    // One station and the live channel, shortened to 2 s to keep the test quick.
    const stations = [RADIO_STATIONS[0]!];
    const channels = [{ ...TV_CHANNELS.find((c) => c.id === "live")!, durationSeconds: 2 }];
    const first = await generateDemoMedia({ outDir, catalog: [], stations, channels });
    expect([first.generated, first.cached]).toEqual([3, 0]);
    expect(first.files.map((f) => [f.key, f.contentType])).toEqual([
      ["stations/freestyle-lovers.png", "image/png"],
      ["tv/thumbs/live.png", "image/png"],
      ["tv/videos/live.mp4", "video/mp4"],
    ]);
    for (const file of first.files) {
      expect(existsSync(file.path)).toBe(true);
      expect(file.bytes).toBe(readFileSync(file.path).length);
    }
    expect(first.rendered.map((r) => r.id).sort()).toEqual(["station-image:freestyle-lovers", "tv-thumb:live", "video:live"]);
    const video = readMp4(readFileSync(first.files[2]!.path));
    expect(video.top).toEqual(["ftyp", "moov", "mdat"]);
    expect(video.movieSeconds).toBe(2);
    expect(video.tracks.map((t) => t.entry)).toEqual(["avc1", "mp4a"]);
    expect(video.tracks[0]!.video).toMatchObject({ width: 640, height: 360, level: 30 });
    expect(Buffer.from(readFileSync(first.files[0]!.path)).equals(Buffer.from(renderStationPng(stations[0]!)))).toBe(true);

    const stale = path.join(outDir, "tv-videos", "removed-channel.oldversion.mp4");
    await writeFile(stale, "stale");
    const second = await generateDemoMedia({ outDir, catalog: [], stations, channels });
    expect([second.generated, second.cached]).toEqual([0, 3]);
    expect(second.rendered).toEqual([]);
    expect(second.files).toEqual(first.files);
    expect(existsSync(stale)).toBe(false);

    // A channel with a new look renders its thumbnail and video again; the station stays cached.
    const third = await generateDemoMedia({ outDir, catalog: [], stations, channels: [{ ...channels[0]!, look: { hue: 200, accent: 20 } }] });
    expect([third.generated, third.cached]).toEqual([2, 1]);
    expect(third.files.map((f) => path.basename(f.path))).not.toEqual(first.files.map((f) => path.basename(f.path)));
  }, 60_000);
});

describe("demo broadcast seed", () => {
  it("applies after the migrations and stores exactly the stations and channels, in both languages", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON;");
    const dir = path.join(ROOT_DIR, "migrations");
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .sort())
      db.exec(readFileSync(path.join(dir, file), "utf8"));
    expect(db.prepare("SELECT count(*) AS n FROM radio_stations").get()).toEqual({ n: 0 });
    db.exec(demoCatalogSql());
    expect(db.prepare("SELECT name_pt_br AS n FROM radio_stations WHERE id = 'nyc-rhythm'").get()).toEqual({ n: "Rádio Ritmo de Nova York" });
    expect(db.prepare("SELECT name_pt_br AS n FROM tv_channels WHERE id = 'behind-the-scenes'").get()).toEqual({ n: "Bastidores" });
    const stations = db.prepare("SELECT id, name, source_type, album_ids, features FROM radio_stations ORDER BY position").all();
    expect(stations.map((s) => s.name)).toEqual(["Freestyle Lovers Radio", "NYC Rhythm Radio", "Spring Love Radio"]);
    expect(stations.map((s) => s.source_type)).toEqual(["catalog", "catalog", "catalog"]);
    expect(stations.map((s) => (s.album_ids === null ? null : JSON.parse(String(s.album_ids))))).toEqual(RADIO_STATIONS.map((s) => s.albumIds));
    expect(JSON.parse(String(stations[0]!.features))).toEqual(["commercial_free", "high_quality", "vip_access", "curated"]);
    const channels = db.prepare("SELECT id, category, type, video_key FROM tv_channels ORDER BY position").all();
    expect(channels.map((c) => [c.id, c.category, c.type, c.video_key])).toEqual(TV_CHANNELS.map((c) => [c.id, c.category, c.type, c.videoKey]));
    expect(channels.filter((c) => c.category === "music_video")).toHaveLength(3);
    // Every station's albums exist and have tracks: a rotation is never empty.
    for (const station of RADIO_STATIONS.filter((s) => s.albumIds)) {
      const tracks = db
        .prepare(`SELECT count(*) AS n FROM tracks WHERE audio_key IS NOT NULL AND album_id IN (${station.albumIds!.map(() => "?").join(",")})`)
        .get(...station.albumIds!);
      expect(Number(tracks!.n)).toBeGreaterThan(10);
    }
  });
});
