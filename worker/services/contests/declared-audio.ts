// A contest's audio uploads (an entry's remix, the administrator's stems): the body is one WAV,
// FLAC or MP3 file as its Content-Type declares, streamed into R2 once its first bytes are that
// format (a FLAC sent as an MP3 is refused), with the probe its duration is read from.
import { routeError } from "../../lib/errors";
import { streamUploadToR2, type StreamedUpload, type UploadErrors } from "../../lib/upload-stream";
import { audioSniffLength, detectAudioType, MAX_ID3_TAG_BYTES, type AudioKind } from "../../lib/audio-probe";

export type ContestAudioFormat = "wav" | "flac" | "mp3";

/** The formats a contest takes, by the Content-Type the upload declares. */
const DECLARED_FORMATS: Record<string, ContestAudioFormat> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
  "audio/mpeg": "mp3",
};

export type DeclaredAudioUpload = StreamedUpload<AudioKind> & { format: ContestAudioFormat };

/** Streams the request's audio into R2 under `keyFor(ext)`; 415 with `errors.wrongType` for any other format or bytes. */
export async function streamDeclaredAudio(
  bucket: R2Bucket,
  request: Request,
  opts: { maxBytes: number; errors: UploadErrors; keyFor: (ext: string) => string },
): Promise<DeclaredAudioUpload> {
  const format = DECLARED_FORMATS[(request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase()];
  if (!format) throw routeError("unsupported_type", { message: opts.errors.wrongType });
  const upload = await streamUploadToR2(bucket, request, {
    maxBytes: opts.maxBytes,
    errors: opts.errors,
    sniffLength: audioSniffLength,
    maxSniffBytes: MAX_ID3_TAG_BYTES + 64 * 1024,
    detect: (head) => {
      const kind = detectAudioType(head);
      return kind?.format === format ? kind : null;
    },
    keyFor: (kind) => opts.keyFor(kind.ext),
  });
  return { ...upload, format };
}

/** The Content-Type a stored contest file is served with. */
export function contestAudioMime(format: string | null): string {
  if (format === "flac") return "audio/flac";
  if (format === "wav") return "audio/wav";
  return "audio/mpeg";
}
