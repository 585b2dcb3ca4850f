// A remix file as the enter form sends it: the Worker compares the bytes with the Content-Type the
// upload declares, so a file the browser could not type (an empty or odd type) is sent with the type
// its extension names. The same checks as the Worker's, before any byte leaves: the format and the
// contest's size.
import { ApiRequestError } from "../../lib/api";
import type { EntryAudioFormat } from "#contracts/contests/limits.ts";

const BY_EXTENSION = { wav: "audio/wav", flac: "audio/flac", mp3: "audio/mpeg" } as const;
/** The types the Worker takes for an entry (its DECLARED_FORMATS), with the format each declares. */
const FORMAT_OF_TYPE: Record<string, EntryAudioFormat> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
  "audio/mpeg": "mp3",
};
const KNOWN_TYPES = new Set(Object.keys(FORMAT_OF_TYPE));
const MB = 1024 * 1024;

export const ENTRY_FILE_ACCEPT = ".wav,.flac,.mp3,audio/wav,audio/flac,audio/mpeg";

/** The file to send, typed as the Worker reads it; null for a file that is none of the formats. */
export function entryUploadFile(file: File): File | null {
  if (KNOWN_TYPES.has(file.type)) return file;
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  const type = BY_EXTENSION[extension as keyof typeof BY_EXTENSION];
  return type ? new File([file], file.name, { type }) : null;
}

/** The format an upload in parts declares for the file (its type, else its extension's); null for none of them. */
export function entryFileFormat(file: File): EntryAudioFormat | null {
  const typed = entryUploadFile(file);
  return typed ? FORMAT_OF_TYPE[typed.type]! : null;
}

/** Why the file cannot be an entry of this contest, as the Worker's code for it; null when it may be sent. */
export function entryFileRefusal(file: File, maxUploadMb: number): ApiRequestError | null {
  if (!entryUploadFile(file)) return new ApiRequestError(415, "unsupported_type", "");
  if (file.size > maxUploadMb * MB) return new ApiRequestError(413, "too_large", "");
  return null;
}
