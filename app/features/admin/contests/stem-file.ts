// A stem as the back office sends it: the Worker compares the bytes with the declared Content-Type,
// so a file the browser left untyped goes with the type its extension names, and its name is the
// file's, with the characters a stem's name may not hold made dashes. The same checks as the
// Worker's before any byte leaves: the format and the size.
import { ApiRequestError } from "../../../lib/api";
import { STEM_MAX_MB, STEM_NAME_PATTERN } from "#contracts/contests/limits.ts";

const BY_EXTENSION = { wav: "audio/wav", flac: "audio/flac", mp3: "audio/mpeg" } as const;
/** The types the Worker takes (its DECLARED_FORMATS). */
const KNOWN_TYPES = new Set(["audio/wav", "audio/x-wav", "audio/wave", "audio/flac", "audio/x-flac", "audio/mpeg"]);

export const STEM_FILE_ACCEPT = ".wav,.flac,.mp3,audio/wav,audio/flac,audio/mpeg";

/** The file to send, typed as the Worker reads it; null for a file that is none of the formats. */
export function stemUploadFile(file: File): File | null {
  if (KNOWN_TYPES.has(file.type)) return file;
  const type = BY_EXTENSION[(file.name.toLowerCase().split(".").pop() ?? "") as keyof typeof BY_EXTENSION];
  return type ? new File([file], file.name, { type }) : null;
}

/** The name a file suggests for its stem: its own, made to fit the Worker's pattern. */
export function stemNameOf(file: File): string {
  const cleaned = file.name
    .replace(/[^A-Za-z0-9 ._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 80);
  return cleaned || "stem";
}

/** Why the stem cannot be sent, as the Worker's code for it; null when it may be. */
export function stemFileRefusal(file: File, name: string): ApiRequestError | null {
  if (!STEM_NAME_PATTERN.test(name.trim())) return new ApiRequestError(400, "contest_stem_name_invalid", "");
  if (!stemUploadFile(file)) return new ApiRequestError(415, "unsupported_type", "");
  if (file.size > STEM_MAX_MB * 1024 * 1024) return new ApiRequestError(413, "too_large", "");
  return null;
}
