// A text a back-office form shows for a problem (one of the page's messages, or the server's own
// words), and the upload field's texts for a failed upload.
import type { MessageDescriptor } from "react-intl";
import { ApiRequestError } from "#app/lib/api/index.ts";
import { UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import { formKitMessages as m } from "./messages";

export type UploadKind = "image" | "audio" | "video" | "master";

/** A message to show: one of ours (with its values), or text as the server wrote it. */
export type ErrorText = { message: MessageDescriptor; values?: Record<string, string | number> } | { text: string };

const WRONG_TYPE: Record<UploadKind, MessageDescriptor> = {
  image: m.uploadWrongImage,
  audio: m.uploadWrongAudio,
  video: m.uploadWrongVideo,
  master: m.uploadWrongMaster,
};

/** For an upload: too large, wrong type, bad image, empty, or the network gave way. */
export function uploadErrorText(err: unknown, kind: UploadKind, maxLabel: string): ErrorText {
  if (!(err instanceof ApiRequestError)) return { message: m.uploadFailed };
  if (err.status === 0) return { message: m.uploadNetwork };
  if (err.status === 413 || err.code === UPLOAD_ERROR_CODES.tooLarge) return { message: m.uploadTooLarge, values: { max: maxLabel } };
  if (err.status === 415 || err.code === UPLOAD_ERROR_CODES.wrongType) return { message: WRONG_TYPE[kind] };
  if (err.code === UPLOAD_ERROR_CODES.dimensions) return { message: m.uploadDimensions };
  if (err.code === UPLOAD_ERROR_CODES.empty) return { message: m.uploadEmpty };
  return err.status < 500 && err.message ? { text: err.message } : { message: m.uploadFailed };
}
