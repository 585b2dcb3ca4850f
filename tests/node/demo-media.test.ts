// The music catalog's data (scripts/catalog/catalog.mjs), its local seed SQL, and the offline
// demo media rendered for it: MP3s (scripts/lib/demo-audio.mjs), covers
// (scripts/lib/demo-covers.mjs) and their cache (scripts/catalog/generate-demo-media.mjs).
// Renders only a few files: the whole catalog is `node scripts/catalog/generate-demo-media.mjs`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { inflateSync } from "node:zlib";
import { parseFile } from "music-metadata";
import { afterAll, describe, expect, it } from "vitest";
import { allTracks, CATALOG, FEATURED_TRACK_IDS, findTrack, ICONIC_TRACK_IDS, type CatalogAlbum, type CatalogTrack } from "../../scripts/catalog/catalog.mjs";
import { DEMO_ARTIST } from "../../scripts/catalog/demo-masters.mjs";
import { generateDemoMedia } from "../../scripts/catalog/generate-demo-media.mjs";
import { durationForTrackId } from "../../scripts/catalog/hash.mjs";
import { ISRC_PATTERN } from "../../worker/contracts/music/track-details-limits";
import { catalogSeedStatements, DEMO_MP3_KBPS, demoCatalogSql, sqlLiteral } from "../../scripts/catalog/demo-catalog-seed.mjs";
import {
  BITRATE_KBPS,
  designTrack,
  ENCODER_QUALITY,
  id3Length,
  mp3DurationSeconds,
  parseMp3Frames,
  quieterFrame,
  renderTrackMp3,
} from "../../scripts/lib/demo-audio.mjs";
import { COVER_SIZE, renderCoverPng } from "../../scripts/lib/demo-covers.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tracks = allTracks();

describe("catalog data", () => {
  it("has the 30 built-in albums and singles in grid order, 1986 to 2024", () => {
    expect(CATALOG).toHaveLength(30);
    expect(CATALOG.map((a) => a.position)).toEqual([...Array(30).keys()]);
    expect(new Set(CATALOG.map((a) => a.id)).size).toBe(30);
    for (const album of CATALOG) {
      expect(album.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(album.title.trim()).not.toBe("");
      expect(["Album", "Single"]).toContain(album.type);
      expect(album.year).toBeGreaterThanOrEqual(1986);
      expect(album.year).toBeLessThanOrEqual(2024);
      expect(album.coverKey).toBe(`covers/${album.id}.png`);
    }
    const years = CATALOG.map((a) => a.year);
    expect(Math.min(...years)).toBe(1986);
    expect(Math.max(...years)).toBe(2024);
    expect(CATALOG.some((a) => a.type === "Album") && CATALOG.some((a) => a.type === "Single")).toBe(true);
  });

  it("sizes releases like albums and singles, with some still 'Coming soon'", () => {
    const empty = CATALOG.filter((a) => a.tracks.length === 0);
    expect(empty.length).toBeGreaterThanOrEqual(4);
    expect(empty.length).toBeLessThanOrEqual(8);
    for (const album of CATALOG.filter((a) => a.tracks.length > 0)) {
      const [min, max] = album.type === "Album" ? [6, 10] : [1, 3];
      expect(album.tracks.length, album.id).toBeGreaterThanOrEqual(min);
      expect(album.tracks.length, album.id).toBeLessThanOrEqual(max);
    }
    expect(tracks.length).toBeGreaterThanOrEqual(120);
    expect(tracks.length).toBeLessThanOrEqual(160);
  });

  it("names tracks <albumId>-<number> except the five featured tracks, numbered from 1", () => {
    expect(new Set(tracks.map((t) => t.id)).size).toBe(tracks.length);
    for (const album of CATALOG) {
      expect(album.tracks.map((t) => t.number)).toEqual(album.tracks.map((_, i) => i + 1));
      for (const track of album.tracks) {
        expect(track.albumId).toBe(album.id);
        expect(track.title.trim()).not.toBe("");
        expect(track.audioKey).toBe(`audio/${track.id}.mp3`);
        if (track.featuredPosition === null) expect(track.id).toBe(`${album.id}-${track.number}`);
      }
    }
  });

  it("features exactly the five featured tracks, at positions 0..4", () => {
    const featured = tracks.filter((t) => t.featuredPosition !== null).sort((a, b) => (a.featuredPosition ?? 0) - (b.featuredPosition ?? 0));
    expect(featured.map((t) => [t.featuredPosition, t.id, t.title])).toEqual([
      [0, "spring-love", "Spring Love"],
      [1, "waiting-for-your-love", "Waiting for Your Love"],
      [2, "because-i-love-you", "Because I Love You"],
      [3, "i-wanna-be-the-one", "I Wanna Be the One"],
      [4, "dream-about-you", "Dream About You"],
    ]);
    expect(FEATURED_TRACK_IDS).toEqual(featured.map((t) => t.id));
  });

  it("has the landing page's three iconic hits on releases of their years", () => {
    const iconic = ICONIC_TRACK_IDS.map((id) => findTrack(id));
    expect(iconic.map((found) => [found?.track.title, found?.album.year])).toEqual([
      ["Spring Love", 1988],
      ["Dreamin' of Love", 1988],
      ["I Wanna Be the One", 1989],
    ]);
    const dreamin = iconic[1]!;
    expect(dreamin.track.id).toBe(`${dreamin.album.id}-${dreamin.track.number}`);
  });

  it("gives every track a 30-90 s duration derived from its id", () => {
    for (const track of tracks) {
      expect(Number.isInteger(track.durationSeconds)).toBe(true);
      expect(track.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(track.durationSeconds).toBeLessThanOrEqual(90);
      expect(track.durationSeconds).toBe(durationForTrackId(track.id));
    }
    expect(new Set(tracks.map((t) => t.durationSeconds)).size).toBeGreaterThan(30);
  });

  it("gives every track its own ISRC, valid as the track form checks it, in a country no agency holds", () => {
    for (const track of tracks) {
      expect(track.isrc).toMatch(ISRC_PATTERN);
      expect(track.isrc.startsWith("XXDEM")).toBe(true);
    }
    expect(new Set(tracks.map((t) => t.isrc)).size).toBe(tracks.length);
    expect(findTrack(ICONIC_TRACK_IDS[1]!)!.track.isrc).toMatch(/^XXDEM88\d{5}$/);
  });
});

/** A database as the migrations make it (staging, production, a fresh local state). */
function migratedDatabase() {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON;");
  const files = readdirSync(path.join(ROOT, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) db.exec(readFileSync(path.join(ROOT, "migrations", file), "utf8"));
  return db;
}

describe("demo catalog seed", () => {
  it("escapes SQL strings", () => {
    expect(sqlLiteral("Dreamin' of Love")).toBe("'Dreamin'' of Love'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(42)).toBe("42");
    expect(() => sqlLiteral(1.5)).toThrow();
    const hostile: CatalogAlbum = { ...CATALOG[0]!, title: "x'); DROP TABLE albums; --", tracks: [] };
    expect(catalogSeedStatements([hostile])[0]).toContain("'x''); DROP TABLE albums; --'");
  });

  it("is not in the migrations: a database they make holds no demo content", () => {
    const db = migratedDatabase();
    for (const table of ["albums", "tracks", "radio_stations", "tv_channels", "users", "events", "posts", "products", "perks"]) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
    }
    db.close();
  });

  it("applies after the migrations, stores exactly the catalog, and a second run changes nothing", () => {
    const db = migratedDatabase();
    db.exec(demoCatalogSql());
    expect(db.prepare("SELECT count(*) AS n FROM albums").get()).toEqual({ n: 30 });
    expect(db.prepare("SELECT count(*) AS n FROM tracks").get()).toEqual({ n: tracks.length });
    const row = db
      .prepare(
        "SELECT t.title, a.year, t.duration_seconds AS d, t.audio_key AS k, t.audio_kbps AS kbps, t.isrc FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ?",
      )
      .get(ICONIC_TRACK_IDS[1]!);
    const dreamin = findTrack(ICONIC_TRACK_IDS[1]!)!.track;
    // The bitrate the player's label names (decision 121) is the demo encoder's.
    expect(DEMO_MP3_KBPS).toBe(BITRATE_KBPS);
    expect(row).toEqual({ title: "Dreamin' of Love", year: 1988, d: dreamin.durationSeconds, k: dreamin.audioKey, kbps: BITRATE_KBPS, isrc: dreamin.isrc });
    const featured = db.prepare("SELECT id FROM tracks WHERE featured_position IS NOT NULL ORDER BY featured_position").all();
    expect(featured.map((r) => r.id)).toEqual(FEATURED_TRACK_IDS);
    // An already-seeded local state keeps what its admin changed: the seed only adds missing rows.
    db.exec("UPDATE albums SET title = 'Renamed locally' WHERE id = 'freestyle-nights'");
    db.exec(demoCatalogSql());
    expect(db.prepare("SELECT count(*) AS n FROM tracks").get()).toEqual({ n: tracks.length });
    expect(db.prepare("SELECT title FROM albums WHERE id = 'freestyle-nights'").get()).toEqual({ title: "Renamed locally" });
    db.close();
  });
});

/** Playing time in seconds of `bytes` per its frames, and a check every frame is well-formed. */
function checkMp3(bytes: Uint8Array) {
  expect(Buffer.from(bytes.subarray(0, 3)).toString("latin1")).toBe("ID3");
  const audioStart = id3Length(bytes);
  expect(bytes[audioStart]).toBe(0xff);
  expect(bytes[audioStart + 1]! & 0xe0).toBe(0xe0); // frame sync
  const frames = parseMp3Frames(bytes); // throws on a malformed frame
  for (const frame of frames) {
    expect(frame).toMatchObject({ sampleRate: 22050, kbps: 64, samples: 576, mainDataBegin: 0 });
    expect(bytes[frame.offset + 3]! >> 6).toBe(3); // mono
  }
  return mp3DurationSeconds(bytes);
}

describe("demo audio", () => {
  const first = findTrack("spring-love")!;
  const shortest = [...tracks].sort((a, b) => a.durationSeconds - b.durationSeconds || a.id.localeCompare(b.id))[0]!;
  const second = findTrack(shortest.id)!;
  const tagsOf = ({ track, album }: { track: CatalogTrack; album: CatalogAlbum }) => ({
    title: track.title,
    album: album.title,
    trackNumber: track.number,
    discNumber: 1,
    year: album.year,
  });
  const mp3a = renderTrackMp3(first.track, tagsOf(first));
  const mp3b = renderTrackMp3(second.track, tagsOf(second));

  it("uses the fast encoder setting (LAME quality 7; see loadEncoder in demo-audio.mjs)", () => {
    expect(ENCODER_QUALITY).toBe(7);
  });

  it("renders valid MP3 frames lasting the track's duration", () => {
    for (const [mp3, track] of [
      [mp3a, first.track],
      [mp3b, second.track],
    ] as const) {
      const seconds = checkMp3(mp3);
      expect(Math.abs(seconds - track.durationSeconds)).toBeLessThanOrEqual(1);
      // ~64 kbps: small files
      expect(mp3.length).toBeGreaterThan(track.durationSeconds * 7000);
      expect(mp3.length).toBeLessThan(track.durationSeconds * 9000);
    }
  });

  it("sounds different for different tracks, and the same every time for one track", () => {
    expect(Buffer.from(mp3a).equals(Buffer.from(mp3b))).toBe(false);
    expect(Buffer.from(renderTrackMp3(second.track, tagsOf(second))).equals(Buffer.from(mp3b))).toBe(true);
    // Every track of the catalog gets its own tempo/key/mode/progression/groove combination.
    const designs = tracks.map((t) => {
      const d = designTrack(t);
      return JSON.stringify([Math.round(d.bpm), d.tonic, d.scale, d.progression, d.kick, d.bass, d.arpOrder]);
    });
    expect(new Set(designs).size).toBe(tracks.length);
    for (const t of tracks.slice(0, 20)) {
      const bpm = designTrack(t).bpm;
      expect(bpm).toBeGreaterThanOrEqual(99);
      expect(bpm).toBeLessThanOrEqual(129);
    }
  });

  it("fades out by lowering a frame's global gain and nothing else", () => {
    const frames = parseMp3Frames(mp3a);
    const frame = frames[frames.length >> 1]!;
    const bytes = mp3a.subarray(frame.offset, frame.offset + frame.length);
    const globalGain = (b: Uint8Array) => (((b[7]! << 8) | b[8]!) >> 2) & 0xff; // side info bits 30..37
    const quieter = quieterFrame(bytes, 10);
    expect(globalGain(quieter)).toBe(Math.max(0, globalGain(bytes) - 10));
    const changed = [...quieter.keys()].filter((i) => quieter[i] !== bytes[i]);
    expect(changed.every((i) => i === 7 || i === 8)).toBe(true);
    expect(globalGain(quieterFrame(bytes, 255))).toBe(0);
  });
});

/** Width, height and pixels (RGBA) of a PNG made by scripts/lib/png.mjs (one IDAT chunk). */
function readPng(png: Uint8Array) {
  const buffer = Buffer.from(png);
  expect([...buffer.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(buffer.toString("ascii", 12, 16)).toBe("IHDR");
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const idatLength = buffer.readUInt32BE(33);
  expect(buffer.toString("ascii", 37, 41)).toBe("IDAT");
  return { width, height, raw: inflateSync(buffer.subarray(41, 41 + idatLength)) };
}

describe("demo covers", () => {
  const albums = [CATALOG[0]!, CATALOG[3]!, CATALOG[29]!];
  const covers = albums.map((album) => renderCoverPng(album));

  it("are small 400x400 PNGs", () => {
    expect(COVER_SIZE).toBe(400);
    for (const png of covers) {
      const { width, height, raw } = readPng(png);
      expect([width, height]).toEqual([400, 400]);
      expect(raw.length).toBe(400 * (400 * 4 + 1));
      expect(png.length).toBeLessThan(60 * 1024);
      // a picture, not a flat fill
      const colours = new Set<number>();
      for (let i = 1; i < raw.length; i += 4 * 97 + 1) colours.add(raw.readUInt32BE(i));
      expect(colours.size).toBeGreaterThan(8);
    }
  });

  it("differ from album to album and are stable for one album", () => {
    expect(new Set(covers.map((png) => Buffer.from(png).toString("base64"))).size).toBe(albums.length);
    expect(Buffer.from(renderCoverPng(albums[0]!)).equals(Buffer.from(covers[0]!))).toBe(true);
  });
});

describe("demo media cache", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("renders what is missing once, then nothing, and drops files no longer needed", async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), "fl-demo-media-"));
    dirs.push(outDir);
    // A small catalog: one single, its tracks shortened to the minimum to keep the test quick.
    const single = CATALOG.find((a) => a.type === "Single" && a.tracks.length === 2)!;
    const catalog = [{ ...single, tracks: single.tracks.map((t) => ({ ...t, durationSeconds: 30 })) }];

    const first = await generateDemoMedia({ outDir, catalog });
    expect(first.generated).toBe(3);
    expect(first.cached).toBe(0);
    expect(first.files.map((f) => [f.key, f.contentType]).sort()).toEqual(
      [...single.tracks.map((t) => [t.audioKey, "audio/mpeg"]), [single.coverKey, "image/png"]].sort(),
    );
    for (const file of first.files) {
      expect(existsSync(file.path)).toBe(true);
      expect(file.bytes).toBe(readFileSync(file.path).length);
      expect(file.path.startsWith(outDir)).toBe(true);
    }
    const mp3 = first.files.find((f) => f.contentType === "audio/mpeg")!;
    expect(Math.abs(checkMp3(readFileSync(mp3.path)) - 30)).toBeLessThanOrEqual(1);
    // Its ID3v2.4 tag, read by a reader we did not write: the catalog's fields, the local artist
    // and the very cover the album shows.
    const track = single.tracks.find((t) => t.audioKey === mp3.key)!;
    const { common, format, native } = await parseFile(mp3.path);
    expect(format.tagTypes).toEqual(["ID3v2.4"]);
    expect(common).toMatchObject({
      title: track.title,
      artist: DEMO_ARTIST,
      album: single.title,
      track: { no: track.number, of: 2 },
      disk: { no: 1, of: null },
      year: single.year,
      isrc: [track.isrc],
    });
    expect(track.isrc).toMatch(/^XXDEM\d{7}$/);
    expect(native["ID3v2.4"]!.map((t) => t.id).sort()).toEqual(["APIC", "TALB", "TDRC", "TIT2", "TPE1", "TPOS", "TRCK", "TSRC"]);
    const coverFile = first.files.find((f) => f.key === single.coverKey)!;
    expect(common.picture).toHaveLength(1);
    expect(common.picture![0]).toMatchObject({ format: "image/png", type: "Cover (front)" });
    expect(Buffer.from(common.picture![0]!.data).equals(readFileSync(coverFile.path))).toBe(true);

    const stale = path.join(outDir, "audio", "removed-track.oldversion.mp3");
    await writeFile(stale, "stale");
    const second = await generateDemoMedia({ outDir, catalog });
    expect(second.generated).toBe(0);
    expect(second.cached).toBe(3);
    expect(second.ms).toBeLessThan(2000);
    expect(second.files).toEqual(first.files);
    expect(existsSync(stale)).toBe(false);

    // A changed track renders again; the rest stays cached.
    const changed = [{ ...catalog[0]!, tracks: [{ ...catalog[0]!.tracks[0]!, title: "Renamed" }, catalog[0]!.tracks[1]!] }];
    const third = await generateDemoMedia({ outDir, catalog: changed });
    expect([third.generated, third.cached]).toEqual([1, 2]);
  }, 60_000);
});
