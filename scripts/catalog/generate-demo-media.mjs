#!/usr/bin/env node
// Renders the local demo media — for the catalog an MP3 per track (scripts/lib/demo-audio.mjs)
// and a cover PNG per album (scripts/lib/demo-covers.mjs), and a WAV master per track of the
// releases the store sells in lossless (demo-masters.mjs); for the radio stations and TV
// channels (broadcast.mjs) a station image PNG, a channel thumbnail PNG
// (scripts/lib/demo-broadcast-images.mjs) and a channel video MP4 (scripts/lib/demo-video.mjs),
// with WebVTT captions in en and pt-BR for the music videos (scripts/lib/demo-captions.mjs);
// for the landing page (scripts/lib/demo-site-media.mjs) four hero JPEGs and the events banner,
// each in two widths, and a promo MP4 with its poster —
// into a cache directory, by default the user's (~/.cache/freestyle-lovers/demo-media, outside the
// checkout, shared by its clones; DEMO_MEDIA_DIR moves it). A file's name is the id plus a
// hash of everything it is rendered from — the renderer's source code (and the encoders'), and the
// item's data — so a second run renders nothing, and an edited renderer or a changed track
// (title, duration) renders again just what it affects. Files no longer wanted are removed.
// Rendering runs on worker threads, one per core, the videos (the longest jobs) first.
//
// It does not upload anything: the caller puts `files` into local R2 under their `key`.
//
// Usage: node scripts/catalog/generate-demo-media.mjs [--out <dir>] [--force]
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runOnWorkers } from "./demo-media-threads.mjs";
import { RADIO_STATIONS, TV_CHANNELS } from "./broadcast.mjs";
import { CATALOG, findTrack } from "./catalog.mjs";
import { DEMO_ARTIST, DEMO_MASTER_RELEASES, demoMasterTracks, flacKeyOf } from "./demo-masters.mjs";
import { FLAC_SOURCES } from "../lib/demo-flac.mjs";
import { fnv1a } from "./hash.mjs";
import { DEMO_PREORDER_ALBUM } from "../lib/demo-preorder.mjs";
import { DEMO_CONTEST_ENTRY_AUDIO, DEMO_CONTEST_STEM_AUDIO } from "../lib/demo-contests.mjs";

/** Every release the local seed puts in: the built-in catalog and the demo's coming album (its pre-order). */
export const DEMO_MEDIA_CATALOG = [...CATALOG, DEMO_PREORDER_ALBUM];

/**
 * The default cache is the user's, outside the checkout: file names carry the hash of what they
 * are rendered from, so every clone and every CI run on this machine shares what one rendered, and
 * a fresh clone's first start skips the minute or two of rendering. DEMO_MEDIA_DIR moves it.
 */
export const DEFAULT_OUT_DIR =
  process.env.DEMO_MEDIA_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "freestyle-lovers", "demo-media");
/** In the shared cache, a file no clone has used for this long goes (other clones may be on other versions). */
const SHARED_UNUSED_MS = 30 * 24 * 3600_000;

const AUDIO_SOURCES = [
  "../lib/demo-audio.mjs",
  "../lib/demo-audio-arrangement.mjs",
  "../lib/demo-audio-drums.mjs",
  "../lib/demo-audio-dsp.mjs",
  "../lib/demo-audio-mp3.mjs",
  "./hash.mjs",
  "@breezystack/lamejs",
];
/** A master is the MP3's signal unencoded: the audio renderer and the WAV writer are its version. */
const MASTER_SOURCES = [...AUDIO_SOURCES, "../lib/demo-audio-wav.mjs"];
// A master's FLAC (decision 121): the master's signal through the Worker's own encoder.
const MASTER_FLAC_SOURCES = [...MASTER_SOURCES, "../lib/demo-flac.mjs", ...FLAC_SOURCES, "../lib/demo-covers.mjs", "../lib/demo-draw.mjs", "../lib/png.mjs"];
const COVER_SOURCES = ["../lib/demo-covers.mjs", "../lib/demo-draw.mjs", "../lib/png.mjs", "./hash.mjs"];
/** A demo MP3 file: the audio behind its tag (the import's ID3v2.4 writer, the album's cover inside). */
const TAG_SOURCES = ["../lib/id3v24.mjs", "../../worker/contracts/id3v24.ts", "./demo-mp3-tags.mjs", "./demo-masters.mjs"];
const AUDIO_FILE_SOURCES = [...AUDIO_SOURCES, ...TAG_SOURCES, ...COVER_SOURCES];
const BROADCAST_IMAGE_SOURCES = ["../lib/demo-broadcast-images.mjs", "../lib/demo-scene.mjs", "../lib/demo-draw.mjs", "../lib/png.mjs", "./hash.mjs"];
// A channel video carries a track's demo audio, so the audio renderer is part of its version.
const VIDEO_SOURCES = ["../lib/demo-video.mjs", "h264-mp4-encoder", ...BROADCAST_IMAGE_SOURCES, ...AUDIO_SOURCES];
const VIDEO_PACKAGES = ["h264-mp4-encoder", "mediabunny"];
const SITE_IMAGE_SOURCES = [
  "../lib/demo-site-media.mjs",
  "../lib/demo-site-pictures.mjs",
  "../lib/demo-light.mjs",
  "../lib/jpeg.mjs",
  "../lib/demo-scene.mjs",
  "../lib/demo-draw.mjs",
  "./hash.mjs",
];
const SITE_IMAGE_PACKAGES = ["jpeg-js"];
const SITE_VIDEO_SOURCES = ["../lib/demo-site-media.mjs", ...VIDEO_SOURCES];
const CAPTION_SOURCES = ["../lib/demo-captions.mjs"];
const LIVE_SOURCES = ["../lib/demo-live.mjs", ...VIDEO_SOURCES];
/** The caption languages, and their R2 keys: the Worker's TV_CAPTION_LANGS and tvCaptionsKey (worker/contracts/tv.ts). */
const CAPTION_LANGS = ["en", "pt-BR"];
const captionsKey = (channelId, lang) => `tv/captions/${channelId}.${lang}.vtt`;

/** A video must stay under 3 MB (it streams to phones); demo-video.mjs re-encodes coarser if not. */
export const MAX_VIDEO_BYTES = 2_900_000;
/** The music bed of a channel without a music video's track: a demo track this much quieter. */
const BED_GAIN_DB = -12;

/** The version of an installed package (its package.json, found above its entry point). */
async function packageVersion(name) {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const json = await readFile(path.join(dir, "package.json"), "utf8").then(JSON.parse, () => null);
    if (json?.name === name) return `${name}@${json.version}`;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json for ${name}`);
    dir = parent;
  }
}

/** A hash of the renderer's code (and of the packages' versions): the content version in the cache keys. */
async function codeVersion(specifiers, packages = []) {
  const texts = await Promise.all([...specifiers.map((s) => readFile(fileURLToPath(import.meta.resolve(s)), "utf8")), ...packages.map(packageVersion)]);
  return fnv1a(texts.join("\0")).toString(36);
}

const CONTENT_TYPES = {
  audio: "audio/mpeg",
  master: "audio/wav",
  "master-flac": "audio/flac",
  cover: "image/png",
  "station-image": "image/png",
  "tv-thumb": "image/png",
  video: "video/mp4",
  "site-image": "image/jpeg",
  "site-video": "video/mp4",
  captions: "text/vtt",
  "live-source": "application/json",
};
/** The live source's pieces besides its manifest (the job's own file). */
const LIVE_INIT_TYPE = "video/mp4";
const LIVE_SEGMENT_TYPE = "video/iso.segment";
/** Cache subdirectory per kind. */
const SUBDIRS = {
  audio: "audio",
  master: "masters",
  "master-flac": "masters",
  cover: "covers",
  "station-image": "stations",
  "tv-thumb": "tv-thumbs",
  video: "tv-videos",
  "site-image": "site",
  "site-video": "site",
  captions: "tv-captions",
  "live-source": "live",
};
const EXTENSIONS = { "site-image": "jpg", "site-video": "mp4" };

/**
 * @typedef {object} DemoMediaJob
 * @property {string} id         unique within a run
 * @property {"audio" | "master" | "master-flac" | "cover" | "station-image" | "tv-thumb" | "video" | "site-image" | "site-video" | "captions" | "live-source"} kind
 * @property {string} key        R2 key
 * @property {string} file       cache path
 * @property {object} input      what the renderer needs (plain data, sent to a worker)
 */

/**
 * Every file the catalog, the stations and the channels (and with `site`, the landing page) need,
 * with its cache path.
 * @param {import("./catalog.mjs").CatalogAlbum[]} catalog
 * @param {string} outDir
 * @param {{ stations?: import("./broadcast.mjs").RadioStation[], channels?: import("./broadcast.mjs").TvChannel[], site?: boolean, masters?: string[] }} [more]
 *   `masters`: the ids of the releases whose tracks get a lossless master
 */
export async function demoMediaJobs(
  catalog,
  outDir,
  { stations = [], channels = [], site = false, masters = [], live = false, contestEntries = [], contestStems = [] } = {},
) {
  const [
    audioVersion,
    masterVersion,
    masterFlacVersion,
    coverVersion,
    imageVersion,
    videoVersion,
    siteImageVersion,
    siteVideoVersion,
    captionsVersion,
    liveVersion,
  ] = await Promise.all([
    codeVersion(AUDIO_FILE_SOURCES),
    codeVersion(MASTER_SOURCES),
    codeVersion(MASTER_FLAC_SOURCES),
    codeVersion(COVER_SOURCES),
    codeVersion(BROADCAST_IMAGE_SOURCES),
    codeVersion(VIDEO_SOURCES, VIDEO_PACKAGES),
    codeVersion(SITE_IMAGE_SOURCES, SITE_IMAGE_PACKAGES),
    codeVersion(SITE_VIDEO_SOURCES, VIDEO_PACKAGES),
    codeVersion(CAPTION_SOURCES),
    codeVersion(LIVE_SOURCES, VIDEO_PACKAGES),
  ]);
  const cachePath = (kind, id, version, input, extension) =>
    path.join(outDir, SUBDIRS[kind], `${id}.${fnv1a(`${version}:${JSON.stringify(input)}`).toString(36)}.${extension}`);
  /** @type {DemoMediaJob[]} */
  const jobs = [];
  for (const album of catalog) {
    for (const track of album.tracks) {
      const input = {
        track: { id: track.id, title: track.title, number: track.number, durationSeconds: track.durationSeconds, isrc: track.isrc },
        album: { id: album.id, title: album.title, year: album.year, type: album.type, trackCount: album.tracks.length },
      };
      const hash = fnv1a(`${audioVersion}:${JSON.stringify(input)}`).toString(36);
      jobs.push({ id: `audio:${track.id}`, kind: "audio", key: track.audioKey, file: path.join(outDir, "audio", `${track.id}.${hash}.mp3`), input });
    }
    const input = { album: { id: album.id, title: album.title, year: album.year, type: album.type } };
    const hash = fnv1a(`${coverVersion}:${JSON.stringify(input)}`).toString(36);
    jobs.push({ id: `cover:${album.id}`, kind: "cover", key: album.coverKey, file: path.join(outDir, "covers", `${album.id}.${hash}.png`), input });
  }
  // The demo contests' entries: remixes from the tracks' audio generator, untagged, under the keys the Worker gives entries.
  for (const entry of contestEntries) {
    const input = { track: { id: entry.id, durationSeconds: entry.durationSeconds } };
    jobs.push({
      id: `contest-entry:${entry.id}`,
      kind: "audio",
      key: entry.key,
      file: cachePath("audio", `contest-${entry.id}`, audioVersion, input, "mp3"),
      input,
    });
  }
  // The demo contests' stems: WAVs from the masters' generator, under the keys the Worker gives stems.
  for (const stem of contestStems) {
    const input = { track: { id: stem.id, durationSeconds: stem.durationSeconds } };
    jobs.push({
      id: `contest-stem:${stem.id}`,
      kind: "master",
      key: stem.key,
      file: cachePath("master", `contest-stem-${stem.id}`, masterVersion, input, "wav"),
      input,
    });
  }
  // The masters: the same signal as the track's MP3, unencoded.
  const masterCatalog = catalog.filter((album) => masters.includes(album.id));
  for (const track of demoMasterTracks(masterCatalog)) {
    const input = { track: { id: track.id, durationSeconds: track.durationSeconds } };
    jobs.push({ id: `master:${track.id}`, kind: "master", key: track.key, file: cachePath("master", track.id, masterVersion, input, "wav"), input });
    // The FLAC sold as the download names itself as the catalog does, with the album's cover.
    const flacInput = { ...input, tags: { title: track.title, artist: DEMO_ARTIST, number: track.number, isrc: track.isrc, album: track.album } };
    jobs.push({
      id: `master-flac:${track.id}`,
      kind: "master-flac",
      key: flacKeyOf(track.id),
      file: cachePath("master-flac", track.id, masterFlacVersion, flacInput, "flac"),
      input: flacInput,
    });
  }
  for (const station of stations) {
    const input = { station: { id: station.id, name: station.name, position: station.position, look: station.look } };
    jobs.push({
      id: `station-image:${station.id}`,
      kind: "station-image",
      key: station.imageKey,
      file: cachePath("station-image", station.id, imageVersion, input, "png"),
      input,
    });
  }
  for (const channel of channels) {
    const data = {
      id: channel.id,
      name: channel.name,
      type: channel.type,
      position: channel.position,
      durationSeconds: channel.durationSeconds,
      look: channel.look,
    };
    const thumb = { channel: data };
    jobs.push({
      id: `tv-thumb:${channel.id}`,
      kind: "tv-thumb",
      key: channel.thumbnailKey,
      file: cachePath("tv-thumb", channel.id, imageVersion, thumb, "png"),
      input: thumb,
    });
    // A music video plays its catalog track's demo music; the other channels a quiet bed.
    let audio = { trackId: `tv-bed:${channel.id}`, gainDb: BED_GAIN_DB };
    if (channel.audioTrackId) {
      if (!findTrack(channel.audioTrackId, catalog)) throw new Error(`TV channel ${channel.id}: audio track ${channel.audioTrackId} is not in the catalog`);
      audio = { trackId: channel.audioTrackId, gainDb: 0 };
    }
    const video = { channel: data, audio, maxBytes: MAX_VIDEO_BYTES };
    jobs.push({
      id: `video:${channel.id}`,
      kind: "video",
      key: channel.videoKey,
      file: cachePath("video", channel.id, videoVersion, video, "mp4"),
      input: video,
    });
    // A music video's demo captions, in both languages.
    const found = channel.category === "music_video" && channel.audioTrackId ? findTrack(channel.audioTrackId, catalog) : undefined;
    for (const lang of found ? CAPTION_LANGS : []) {
      const input = { title: found.track.title, durationSeconds: channel.durationSeconds, lang };
      jobs.push({
        id: `captions:${channel.id}:${lang}`,
        kind: "captions",
        key: captionsKey(channel.id, lang),
        file: cachePath("captions", `${channel.id}.${lang}`, captionsVersion, input, "vtt"),
        input,
      });
    }
  }
  if (site) {
    // The landing page's pictures and promo video (the video carries a catalog track's music).
    const { siteMediaItems } = await import("../lib/demo-site-media.mjs");
    for (const item of siteMediaItems()) {
      let input = item.input;
      if (item.kind === "site-video") {
        const { trackId } = input.promo;
        if (!findTrack(trackId, catalog)) throw new Error(`promo video: audio track ${trackId} is not in the catalog`);
        input = { ...input, maxBytes: MAX_VIDEO_BYTES };
      }
      const version = item.kind === "site-video" ? siteVideoVersion : siteImageVersion;
      const name = item.key.slice(item.key.lastIndexOf("/") + 1, item.key.lastIndexOf("."));
      jobs.push({ id: item.id, kind: item.kind, key: item.key, file: cachePath(item.kind, name, version, input, EXTENSIONS[item.kind]), input });
    }
  }
  if (live) {
    // The live shows' demo source: the job's file is its manifest; the init and media segments
    // are written beside it under the same hash (liveSourceFiles lists them).
    const { DEMO_LIVE, DEMO_LIVE_MANIFEST_KEY } = await import("../lib/demo-live.mjs");
    if (!findTrack(DEMO_LIVE.trackId, catalog)) throw new Error(`live demo source: track ${DEMO_LIVE.trackId} is not in the catalog`);
    const input = { live: DEMO_LIVE };
    jobs.push({
      id: "live-source:demo",
      kind: "live-source",
      key: DEMO_LIVE_MANIFEST_KEY,
      file: cachePath("live-source", "demo", liveVersion, input, "json"),
      input,
    });
  }
  return jobs;
}

/** A live source's cached piece beside its manifest: live/demo.<hash>.json → live/demo.<hash>.init.mp4, .3.m4s. */
const livePiecePath = (manifestFile, piece) => manifestFile.replace(/\.json$/, `.${piece}`);

/**
 * The files of a rendered live source, its manifest first: each with its R2 key (from the
 * manifest) and cache path.
 */
async function liveSourceFiles(job) {
  const manifest = JSON.parse(await readFile(job.file, "utf8"));
  const pieces = [
    { key: manifest.init, path: livePiecePath(job.file, "init.mp4"), contentType: LIVE_INIT_TYPE },
    ...manifest.segments.map((segment, i) => ({ key: segment.key, path: livePiecePath(job.file, `${i}.m4s`), contentType: LIVE_SEGMENT_TYPE })),
  ];
  const sized = await Promise.all(pieces.map(async (piece) => ({ ...piece, bytes: (await sizeOf(piece.path)) ?? 0 })));
  return [{ key: job.key, path: job.file, contentType: CONTENT_TYPES[job.kind], bytes: (await sizeOf(job.file)) ?? 0 }, ...sized];
}

/** Writes a file atomically (temp file, then rename): a reader never sees half of it. */
async function writeAtomic(file, bytes) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

/** Renders one job and writes its file (atomically: temp file, then rename). Returns its size. */
export async function renderJob(job) {
  let bytes;
  if (job.kind === "audio") {
    const { renderTrackMp3 } = await import("../lib/demo-audio.mjs");
    const { demoMp3Tags } = await import("./demo-mp3-tags.mjs");
    bytes = renderTrackMp3(job.input.track, job.input.album ? demoMp3Tags(job.input.track, job.input.album) : undefined);
  } else if (job.kind === "master") {
    const { renderTrackWav } = await import("../lib/demo-audio-wav.mjs");
    bytes = renderTrackWav(job.input.track);
  } else if (job.kind === "master-flac") {
    const { renderTrackWav } = await import("../lib/demo-audio-wav.mjs");
    const { encodeFlac } = await import("../lib/demo-flac.mjs");
    const { renderCoverPng } = await import("../lib/demo-covers.mjs");
    const { title, artist, number, isrc, album } = job.input.tags;
    const cover = { mime: "image/png", bytes: renderCoverPng(album) };
    bytes = await encodeFlac(renderTrackWav(job.input.track), {
      title,
      artist,
      album: album.title,
      trackNumber: number,
      discNumber: 1,
      year: album.year,
      isrc,
      cover,
    });
  } else if (job.kind === "cover") {
    const { renderCoverPng } = await import("../lib/demo-covers.mjs");
    bytes = renderCoverPng(job.input.album);
  } else if (job.kind === "station-image") {
    const { renderStationPng } = await import("../lib/demo-broadcast-images.mjs");
    bytes = renderStationPng(job.input.station);
  } else if (job.kind === "tv-thumb") {
    const { renderChannelThumbnailPng } = await import("../lib/demo-broadcast-images.mjs");
    bytes = renderChannelThumbnailPng(job.input.channel);
  } else if (job.kind === "video") {
    const { channelScene } = await import("../lib/demo-broadcast-images.mjs");
    const { renderDemoVideo, trackVideoAudio } = await import("../lib/demo-video.mjs");
    const { channel, audio, maxBytes } = job.input;
    bytes = await renderDemoVideo({
      ...channelScene(channel),
      durationSeconds: channel.durationSeconds,
      audio: trackVideoAudio({ id: audio.trackId }, channel.durationSeconds, { gainDb: audio.gainDb }),
      maxBytes,
    });
  } else if (job.kind === "captions") {
    const { renderDemoCaptionsVtt } = await import("../lib/demo-captions.mjs");
    bytes = renderDemoCaptionsVtt(job.input);
  } else if (job.kind === "site-image") {
    const { renderSiteImage } = await import("../lib/demo-site-media.mjs");
    bytes = renderSiteImage(job.input);
  } else if (job.kind === "site-video") {
    const { renderPromoVideo } = await import("../lib/demo-site-media.mjs");
    bytes = await renderPromoVideo(job.input.promo, { maxBytes: job.input.maxBytes });
  } else if (job.kind === "live-source") {
    // The segments first, the manifest last: a manifest in the cache means its pieces are there.
    const { renderDemoLiveSource } = await import("../lib/demo-live.mjs");
    const { init, segments, manifest } = await renderDemoLiveSource(job.input.live);
    await writeAtomic(livePiecePath(job.file, "init.mp4"), init);
    for (const [i, segment] of segments.entries()) await writeAtomic(livePiecePath(job.file, `${i}.m4s`), segment.bytes);
    bytes = new TextEncoder().encode(JSON.stringify(manifest));
  } else {
    throw new Error(`unknown demo media kind ${job.kind}`);
  }
  await writeAtomic(job.file, bytes);
  return bytes.length;
}

const sizeOf = (file) =>
  stat(file).then(
    (s) => s.size,
    () => null,
  );

/** How long ago a file was last written or marked used (0 when it cannot be read). */
const ageOf = (file) =>
  stat(file).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );

/**
 * Deletes cache files of ours that the catalog no longer needs (old versions, removed tracks),
 * and temp files left by an interrupted run (only old ones: another run may be writing).
 */
async function prune(outDir, keep, unusedForMs) {
  for (const sub of new Set(Object.values(SUBDIRS))) {
    const dir = path.join(outDir, sub);
    const names = await readdir(dir).catch(() => []);
    for (const name of names) {
      const file = path.join(dir, name);
      if (keep.has(file)) continue;
      if (/\.(mp3|wav|png|mp4|jpg|vtt|m4s|json)$/.test(name)) {
        if (unusedForMs === 0 || (await ageOf(file)) > unusedForMs) await rm(file, { force: true });
      } else if (name.endsWith(".tmp")) {
        if ((await ageOf(file)) > 3600_000) await rm(file, { force: true });
      }
    }
  }
}

/**
 * Makes sure every track's MP3, every album's cover, every station's image, every channel's
 * thumbnail and video, and the landing page's pictures and promo video are in the cache,
 * rendering only what is missing. The stations, channels and site media default to the built-in
 * ones with the built-in catalog, and to none with another catalog (a music video and the promo
 * need their track in the catalog): pass them to have them with a custom catalog.
 * @param {{ outDir?: string, catalog?: import("./catalog.mjs").CatalogAlbum[], stations?: import("./broadcast.mjs").RadioStation[], channels?: import("./broadcast.mjs").TvChannel[], site?: boolean, masters?: string[], live?: boolean, contestEntries?: { id: string, key: string, durationSeconds: number }[], contestStems?: { id: string, key: string, durationSeconds: number }[], threads?: number, force?: boolean }} [options]
 * @returns {Promise<{ files: { key: string, path: string, contentType: string, bytes: number }[], generated: number, cached: number, ms: number, rendered: { id: string, kind: string, key: string, bytes: number, ms: number }[] }>}
 */
export async function generateDemoMedia({
  outDir = DEFAULT_OUT_DIR,
  catalog = DEMO_MEDIA_CATALOG,
  stations,
  channels,
  site,
  masters,
  live,
  contestEntries,
  contestStems,
  threads,
  force = false,
} = {}) {
  const started = performance.now();
  outDir = path.resolve(outDir);
  const builtIn = catalog === DEMO_MEDIA_CATALOG;
  const jobs = await demoMediaJobs(catalog, outDir, {
    stations: stations ?? (builtIn ? RADIO_STATIONS : []),
    channels: channels ?? (builtIn ? TV_CHANNELS : []),
    site: site ?? builtIn,
    masters: masters ?? (builtIn ? DEMO_MASTER_RELEASES : []),
    live: live ?? builtIn,
    contestEntries: contestEntries ?? (builtIn ? DEMO_CONTEST_ENTRY_AUDIO : []),
    contestStems: contestStems ?? (builtIn ? DEMO_CONTEST_STEM_AUDIO : []),
  });
  const sizes = new Map();
  const missing = [];
  await Promise.all(
    jobs.map(async (job) => {
      const size = force ? null : await sizeOf(job.file);
      if (size) sizes.set(job.id, size);
      else missing.push(job);
    }),
  );
  // Longest renders first, so the threads finish together: a video takes ~10 s, a track ~0.4 s.
  const cost = (job) =>
    job.kind === "live-source"
      ? 1000 + job.input.live.durationSeconds
      : job.kind === "video"
        ? 1000 + job.input.channel.durationSeconds
        : job.kind === "site-video"
          ? 1000 + job.input.promo.durationSeconds
          : job.kind === "audio" || job.kind === "master" || job.kind === "master-flac"
            ? job.input.track.durationSeconds
            : 0;
  missing.sort((a, b) => cost(b) - cost(a) || a.id.localeCompare(b.id));
  const heavy = missing.filter(
    (j) =>
      j.kind === "audio" || j.kind === "master" || j.kind === "master-flac" || j.kind === "video" || j.kind === "live-source" || j.kind.startsWith("site-"),
  ).length;
  const count = Math.max(1, Math.min(threads ?? os.availableParallelism(), heavy));
  const timings = new Map();
  if (missing.length > 0) {
    if (count === 1 || missing.length <= 2) {
      for (const job of missing) {
        const jobStarted = performance.now();
        const bytes = await renderJob(job);
        timings.set(job.id, { bytes, ms: Math.round(performance.now() - jobStarted) });
      }
    } else {
      for (const [id, result] of await runOnWorkers(missing, count)) timings.set(id, result);
    }
    for (const [id, { bytes }] of timings) sizes.set(id, bytes);
  }
  const files = (
    await Promise.all(
      jobs.map((job) =>
        job.kind === "live-source"
          ? liveSourceFiles(job)
          : [{ key: job.key, path: job.file, contentType: CONTENT_TYPES[job.kind], bytes: sizes.get(job.id) ?? 0 }],
      ),
    )
  ).flat();
  const keep = new Set(files.map((file) => file.path));
  const shared = outDir === path.resolve(DEFAULT_OUT_DIR);
  // In the shared cache, what this clone uses is marked as used now, and the rest goes only once
  // no clone has used it for a while; a private directory keeps exactly this catalog's files.
  if (shared) await Promise.all([...keep].map((file) => utimes(file, new Date(), new Date()).catch(() => {})));
  await prune(outDir, keep, shared ? SHARED_UNUSED_MS : 0);
  return {
    files,
    generated: missing.length,
    cached: jobs.length - missing.length,
    ms: Math.round(performance.now() - started),
    rendered: missing.map((job) => ({ id: job.id, kind: job.kind, key: job.key, ...timings.get(job.id) })),
  };
}

/** The live demo source's size and, when rendered now, its render time. */
export function liveSourceLine(result) {
  const pieces = result.files.filter((f) => f.key.startsWith("live/"));
  const render = result.rendered.find((r) => r.kind === "live-source");
  const mb = (pieces.reduce((total, f) => total + f.bytes, 0) / 1024 / 1024).toFixed(1);
  return `  live demo source: ${pieces.length - 2} segments, ${mb} MB${render ? `, rendered in ${(render.ms / 1000).toFixed(1)} s` : " (cached)"}`;
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" }, force: { type: "boolean" }, threads: { type: "string" } } });
  const cpuBefore = process.cpuUsage();
  const result = await generateDemoMedia({
    outDir: values.out ?? DEFAULT_OUT_DIR,
    force: values.force ?? false,
    threads: values.threads ? Number(values.threads) : undefined,
  });
  const audio = result.files.filter((f) => f.contentType === "audio/mpeg");
  const masters = result.files.filter((f) => f.contentType === "audio/wav");
  const flacs = result.files.filter((f) => f.contentType === "audio/flac");
  const covers = result.files.filter((f) => f.key.startsWith("covers/"));
  const images = result.files.filter((f) => f.contentType === "image/png" && !f.key.startsWith("covers/"));
  const videos = result.files.filter((f) => f.contentType === "video/mp4");
  const siteImages = result.files.filter((f) => f.contentType === "image/jpeg");
  const sum = (files) => files.reduce((total, f) => total + f.bytes, 0);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    [
      `demo media: ${result.files.length} files (${audio.length} MP3, ${masters.length} WAV masters, ${flacs.length} FLAC of them, ${covers.length} covers, ${images.length} station/channel images, ${siteImages.length} site JPEGs, ${videos.length} MP4), ${mb(sum(result.files))} in ${path.relative(process.cwd(), values.out ?? DEFAULT_OUT_DIR) || "."}`,
      `  generated ${result.generated}, cached ${result.cached}, in ${result.ms < 10_000 ? `${result.ms} ms` : `${(result.ms / 1000).toFixed(1)} s`} (CPU, all threads: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
      `  MP3 avg ${kb(sum(audio) / Math.max(1, audio.length))}, max ${kb(Math.max(0, ...audio.map((f) => f.bytes)))}; cover avg ${kb(sum(covers) / Math.max(1, covers.length))}, max ${kb(Math.max(0, ...covers.map((f) => f.bytes)))}; station/channel image max ${kb(Math.max(0, ...images.map((f) => f.bytes)))}`,
      `  WAV masters: ${mb(sum(masters))}${masters.length ? `, rendered in ${(result.rendered.filter((r) => r.kind === "master").reduce((ms, r) => ms + r.ms, 0) / 1000).toFixed(1)} s of thread time` : ""}`,
      `  their FLAC: ${mb(sum(flacs))}${flacs.length ? `, rendered and encoded in ${(result.rendered.filter((r) => r.kind === "master-flac").reduce((ms, r) => ms + r.ms, 0) / 1000).toFixed(1)} s of thread time` : ""}`,
      `  site JPEGs: ${siteImages.map((f) => `${f.key.slice(5)} ${kb(f.bytes)}`).join(", ")}`,
      liveSourceLine(result),
      ...videos.map((f) => {
        const render = result.rendered.find((r) => r.key === f.key);
        return `  ${f.key}: ${mb(f.bytes)}${render ? `, rendered in ${(render.ms / 1000).toFixed(1)} s` : " (cached)"}`;
      }),
    ].join("\n"),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`generate-demo-media failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
