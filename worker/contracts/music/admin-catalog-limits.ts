// The catalog uploads' caps and file-picker hints, without zod: the SPA's admin chunk imports these
// values, and the zod contracts (admin-catalog.ts) re-export them.
import { AVATAR_MAX_BYTES, IMAGE_MAX_SIDE_PX } from "../limits.ts";

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

/** English texts; the SPA shows its own translation for each code it knows. */
export const CATALOG_MESSAGES = {
  albumNotFound: "Album not found",
  trackNotFound: "Track not found",
  stationNotFound: "Station not found",
  channelNotFound: "Channel not found",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${TITLE_MAX} characters`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  notesTooLong: `Notes must be at most ${ALBUM_NOTES_MAX} characters`,
  nothingToChange: "Nothing to change",
  duplicateIds: "The list names an item twice",
  concurrentChange: "Another change was made at the same time. Please try again.",
  orderChanged: "The list has changed since it was loaded. Please reload and try again.",
  numberTaken: "Another track of this album already has this number",
  unknownAlbums: "Some of the chosen albums do not exist",
  streamUrlRequired: "A stream station needs a stream URL",
  httpsRequired: "The address must be an https:// URL",
  hostNotAllowed: "This host is not on the audio proxy's allowlist (AUDIO_PROXY_HOSTS)",
  urlRefused: "This address cannot be used: it must be an https:// URL on an allowed audio host",
  imageTooLarge: "Image must be less than 2MB",
  audioTooLarge: "Audio files must be at most 100 MB",
  videoTooLarge: "Video files must be at most 500 MB",
  notImage: "Please choose a JPEG, PNG or WebP image",
  notAudio: "Please choose an MP3, AAC/M4A, Ogg/Opus, FLAC or WAV audio file",
  notMaster: "Please choose a WAV or FLAC file: the lossless master",
  masterTooLarge: "A master must be at most 100 MB",
  notVideo: "Please choose an MP4 or WebM video",
  imageDimensions: `Image must be at most ${IMAGE_MAX_SIDE_PX} pixels wide and high`,
  emptyFile: "The file is empty",
  lengthRequired: "The upload must state its size (Content-Length)",
  uploadIncomplete: "The upload did not complete. Please try again.",
  ...RELEASE_TIME_MESSAGES,
} as const;
