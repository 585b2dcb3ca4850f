// The catalog uploads' caps and file-picker hints, without zod: the SPA's admin chunk imports these
// values, and the zod contracts (admin-catalog.ts) re-export them.
import { AVATAR_MAX_BYTES } from "./limits";

export const CATALOG_API = "/api/admin/catalog";

/** Covers, station pictures and channel thumbnails follow the avatar's rules. */
export const CATALOG_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
export const AUDIO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** For the file pickers' `accept`; the server decides by magic bytes, not by these lists. */
export const CATALOG_IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
export const AUDIO_ACCEPT =
  "audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/ogg,audio/opus,audio/flac,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.opus,.flac,.wav";
export const VIDEO_ACCEPT = "video/mp4,video/webm,.mp4,.webm";
/** A track's lossless master (sold as a download beside its MP3): WAV or FLAC, under Cloudflare's 100 MB request cap. */
export const MASTER_MAX_BYTES = 100 * 1024 * 1024;
export const MASTER_ACCEPT = "audio/wav,audio/x-wav,audio/wave,audio/flac,audio/x-flac,.wav,.flac";

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const ALBUM_NOTES_MAX = 2000;
export const MAX_DURATION_SECONDS = 24 * 60 * 60;
export const REMOTE_URL_MAX = 2048;

/** The error codes the catalog's uploads answer with, besides invalid_input and not_found. */
export const UPLOAD_ERROR_CODES = {
  tooLarge: "too_large",
  wrongType: "unsupported_type",
  empty: "empty_file",
  lengthRequired: "length_required",
  incomplete: "upload_incomplete",
  dimensions: "image_dimensions",
} as const;

/** The release-time rules of the album and track forms (their codes: validation-codes.ts). */
export const RELEASE_TIME_MESSAGES = {
  earlyAccessOrder: "Early access must start before the public release",
  earlyAccessNeedsRelease: "Early access needs a public release time",
} as const;
