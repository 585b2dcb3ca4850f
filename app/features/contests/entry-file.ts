// A remix file as the enter form sends it: the Worker compares the bytes with the Content-Type the
// upload declares, so a file the browser could not type (an empty or odd type) is sent with the type
// its extension names. The same checks as the Worker's, before any byte leaves: the format and the
// contest's size.
import { ApiRequestError } from "../../lib/api";

const BY_EXTENSION = { wav: "audio/wav", flac: "audio/flac", mp3: "audio/mpeg" } as const;
/** The types the Worker takes for an entry (its DECLARED_FORMATS). */
const KNOWN_TYPES = new Set(["audio/wav", "audio/x-wav", "audio/wave", "audio/flac", "audio/x-flac", "audio/mpeg"]);
const MB = 1024 * 1024;

export const ENTRY_FILE_ACCEPT = ".wav,.flac,.mp3,audio/wav,audio/flac,audio/mpeg";

/** The file to send, typed as the Worker reads it; null for a file that is none of the formats. */
export function entryUploadFile(file: File): File | null {
  if (KNOWN_TYPES.has(file.type)) return file;
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  const type = BY_EXTENSION[extension as keyof typeof BY_EXTENSION];
  return type ? new File([file], file.name, { type }) : null;
}

/** Why the file cannot be an entry of this contest, as the Worker's code for it; null when it may be sent. */
export function entryFileRefusal(file: File, maxUploadMb: number): ApiRequestError | null {
  if (!entryUploadFile(file)) return new ApiRequestError(415, "unsupported_type", "");
  if (file.size > maxUploadMb * MB) return new ApiRequestError(413, "too_large", "");
  return null;
}
