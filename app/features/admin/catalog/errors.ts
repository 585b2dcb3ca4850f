// Server answers turned into the page's own texts: by error code (and field) where the page knows
// them, the server's English text otherwise.
import type { MessageDescriptor } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { UPLOAD_ERROR_CODES } from "../../../../worker/contracts/admin-catalog-limits";
import { catalogMessages as m } from "./messages";

export type UploadKind = "image" | "audio" | "video";

/** A message to show: one of ours (with its values), or text as the server wrote it. */
export type ErrorText = { message: MessageDescriptor; values?: Record<string, string | number> } | { text: string };

const WRONG_TYPE: Record<UploadKind, MessageDescriptor> = { image: m.uploadWrongImage, audio: m.uploadWrongAudio, video: m.uploadWrongVideo };

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

/** Fields that hold an https address: their only validation failure is not being one. */
const URL_FIELDS = new Set(["url", "streamUrl", "embedUrl"]);

/** For a form (a remote address included): the known refusals by code, else the server's text for a 4xx. */
export function formErrorText(err: unknown): ErrorText {
  if (!(err instanceof ApiRequestError)) return { message: m.commonError };
  switch (err.code) {
    case "url_not_allowed":
      return { message: m.urlNotAllowed };
    case "url_not_https":
      return { message: m.urlHttps };
    case "url_refused":
      return { message: m.urlRefused };
    case "number_taken":
      return { message: m.trackNumberTaken };
    case "order_changed":
      return { message: m.commonOrderChanged };
    case "unknown_albums":
      return { message: m.stationUnknownAlbums };
    case "early_access_order":
      return { message: m.earlyAccessOrder };
    case "early_access_needs_release":
      return { message: m.earlyAccessNeedsRelease };
  }
  if (err.code === "invalid_input" && err.field && URL_FIELDS.has(err.field)) return { message: m.urlHttps };
  if (err.status < 500 && err.message) return { text: err.message };
  return { message: m.commonError };
}

/** The form field a 400 names (zod's path, first segment), if any. */
export const errorField = (err: unknown): string | undefined => (err instanceof ApiRequestError && err.status === 400 ? err.field?.split(".")[0] : undefined);
