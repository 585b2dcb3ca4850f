// What the catalog's routes share: the acting admin for audit rows, and the uploads (pictures by the avatar's rules; audio and video streamed to R2) under
// server-chosen keys. The body of an upload request is the file itself.
import type { Context } from "hono";
import type { HonoEnv } from "../../types";
import { fieldError, routeError } from "../../lib/errors";
import { forget } from "../../lib/memo";
import { detectImageType, readImageSize, IMAGE_SNIFF_BYTES, type ImageKind } from "../../lib/images";
import { readWholeBody, streamUploadToR2 } from "../../lib/upload-stream";
import {
  audioDuration,
  audioSniffLength,
  detectAudioType,
  losslessFacts,
  MAX_ID3_TAG_BYTES,
  mp3Kbps,
  type AudioKind,
  type PcmFacts,
} from "../../lib/audio-probe";
import { detectVideoType, videoDuration, VIDEO_SNIFF_BYTES } from "../../lib/video-probe";
import { checkRemoteAudioUrl, parseAllowedHosts, RemoteUrlRefused } from "./audio-proxy";
import { uploadLimit } from "../../lib/upload-body";
import { IMAGE_MAX_SIDE_PX } from "#contracts/limits.ts";
import { CATALOG_MESSAGES, UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog.ts";
import { SITE_MEDIA_FOLDER, type PublicImageFolder } from "#contracts/areas/index.ts";

/** Public catalog answers are memoized per isolate under "music:": a change must show at once. */
export const catalogChanged = () => forget("music:");

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `<folder>/<row id>-<random>.<ext>`: the media routes' file pattern, never a client's name. */
export const keyFor = (folder: string, id: string, ext: string) => `${folder}/${id}-${randomHex(8)}.${ext}`;

/** Deletes replaced or orphaned objects; a failure only leaves garbage behind, so it is logged. */
export async function deleteObjects(bucket: R2Bucket, keys: (string | null)[]) {
  const list = keys.filter((k): k is string => Boolean(k) && !k!.startsWith("https://"));
  if (list.length === 0) return;
  try {
    await bucket.delete(list);
  } catch (err) {
    console.error("catalog: deleting replaced media failed", list, err);
  }
}

/** The kind of a whole catalog picture by its bytes: JPEG, PNG or WebP within IMAGE_MAX_SIDE_PX a side, else a 415 (or 400 for its dimensions). */
export function checkCatalogImage(bytes: Uint8Array): ImageKind {
  const kind = detectImageType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
  if (!kind || kind.ext === "gif") throw routeError(UPLOAD_ERROR_CODES.wrongType, { message: CATALOG_MESSAGES.notImage });
  const size = readImageSize(bytes, kind);
  if (!size || size.width === 0 || size.height === 0) throw routeError(UPLOAD_ERROR_CODES.wrongType, { message: CATALOG_MESSAGES.notImage });
  if (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX)
    throw routeError(UPLOAD_ERROR_CODES.dimensions, { message: CATALOG_MESSAGES.imageDimensions });
  return kind;
}

/** A folder /media serves to everyone: an area's declared one (worker/contracts/areas/), or the site's own. */
export type ImageFolder = PublicImageFolder | typeof SITE_MEDIA_FOLDER;

/**
 * Stores a cover, station picture or channel thumbnail: JPEG, PNG or WebP by its bytes (the media
 * routes serve those three), at most the route's limit (2 MB, CATALOG_IMAGE_MAX_BYTES, like an
 * avatar) and IMAGE_MAX_SIDE_PX a side.
 */
export async function storeImage(c: Context<HonoEnv>, folder: ImageFolder, id: string): Promise<string> {
  const bytes = await readWholeBody(c.req.raw, uploadLimit(c), { tooLarge: CATALOG_MESSAGES.imageTooLarge, wrongType: CATALOG_MESSAGES.notImage });
  const kind = checkCatalogImage(bytes);
  const key = keyFor(folder, id, kind.ext);
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: kind.mime } });
  return key;
}

/** Whole seconds for storage; a file shorter than a second still lasts one. */
export const wholeSeconds = (seconds: number | null) => (seconds === null ? null : Math.max(1, Math.round(seconds)));

/** Streams a track's audio into R2: MP3, AAC/M4A, Ogg (Opus, Vorbis, FLAC), FLAC or WAV, up to the route's limit (100 MB). */
export async function storeAudio(
  c: Context<HonoEnv>,
  trackId: string,
): Promise<{ key: string; kind: AudioKind; durationSeconds: number | null; kbps: number | null }> {
  const upload = await streamUploadToR2(c.env.MEDIA, c.req.raw, {
    maxBytes: uploadLimit(c),
    errors: { tooLarge: CATALOG_MESSAGES.audioTooLarge, wrongType: CATALOG_MESSAGES.notAudio },
    sniffLength: audioSniffLength,
    maxSniffBytes: MAX_ID3_TAG_BYTES + 64 * 1024,
    detect: detectAudioType,
    keyFor: (kind) => keyFor("audio", trackId, kind.ext),
  });
  return {
    key: upload.key,
    kind: upload.kind,
    durationSeconds: wholeSeconds(audioDuration(upload.kind, upload.probe)),
    kbps: mp3Kbps(upload.kind, upload.probe),
  };
}

/**
 * Streams a track's lossless master into R2 under masters/ (served by no public route, only inside
 * a buyer's zip): WAV or FLAC by its bytes, up to the route's limit, with the facts its header
 * gives (decision 121). Whoever points a track at it then calls masterStored (master-formats.ts).
 */
export async function storeMaster(c: Context<HonoEnv>, trackId: string): Promise<{ key: string; format: "wav" | "flac"; facts: PcmFacts | null }> {
  const upload = await streamUploadToR2(c.env.MEDIA, c.req.raw, {
    maxBytes: uploadLimit(c),
    errors: { tooLarge: CATALOG_MESSAGES.masterTooLarge, wrongType: CATALOG_MESSAGES.notMaster },
    sniffLength: audioSniffLength,
    maxSniffBytes: MAX_ID3_TAG_BYTES + 64 * 1024,
    detect: (head) => {
      const kind = detectAudioType(head);
      return kind?.format === "wav" || kind?.format === "flac" ? { ...kind, format: kind.format } : null;
    },
    keyFor: (kind) => keyFor("masters", trackId, kind.ext),
  });
  return { key: upload.key, format: upload.kind.format, facts: losslessFacts(upload.kind, upload.probe.head) };
}

/** Streams a channel's video into R2: MP4 or WebM, up to the route's limit (500 MB). */
export async function storeVideo(c: Context<HonoEnv>, channelId: string): Promise<{ key: string; durationSeconds: number | null }> {
  const upload = await streamUploadToR2(c.env.MEDIA, c.req.raw, {
    maxBytes: uploadLimit(c),
    errors: { tooLarge: CATALOG_MESSAGES.videoTooLarge, wrongType: CATALOG_MESSAGES.notVideo },
    sniffLength: () => VIDEO_SNIFF_BYTES,
    maxSniffBytes: VIDEO_SNIFF_BYTES,
    detect: detectVideoType,
    keyFor: (kind) => keyFor("tv/videos", channelId, kind.ext),
  });
  return { key: upload.key, durationSeconds: wholeSeconds(videoDuration(upload.kind, upload.probe)) };
}

/**
 * A remote audio address the audio proxy will fetch (https, on AUDIO_PROXY_HOSTS); anything else
 * is a 400 on `field` saying why, instead of a track or station that fails when played.
 */
export function checkRemoteUrl(c: Context<HonoEnv>, url: string, field: string): string {
  try {
    return checkRemoteAudioUrl(url, parseAllowedHosts(c.env.AUDIO_PROXY_HOSTS)).href;
  } catch (err) {
    if (!(err instanceof RemoteUrlRefused)) throw err;
    if (err.reason === "not_https") throw fieldError(field, CATALOG_MESSAGES.httpsRequired, "url_not_https");
    if (err.reason === "not_allowed") throw fieldError(field, CATALOG_MESSAGES.hostNotAllowed, "url_not_allowed");
    throw fieldError(field, CATALOG_MESSAGES.urlRefused, "url_refused");
  }
}
