// Server answers turned into the page's own texts: by error code (and field) where the page knows
// them, the server's English text otherwise.
import { ApiRequestError } from "../../../lib/api";
import type { ErrorText } from "../components/form/errors";
import { catalogMessages as m } from "./messages";

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
    case "release_in_store":
      return { message: m.releaseInStore };
  }
  if (err.code === "invalid_input" && err.field && URL_FIELDS.has(err.field)) return { message: m.urlHttps };
  if (err.status < 500 && err.message) return { text: err.message };
  return { message: m.commonError };
}

/** The form field a 400 names (zod's path, first segment), if any. */
export const errorField = (err: unknown): string | undefined => (err instanceof ApiRequestError && err.status === 400 ? err.field?.split(".")[0] : undefined);
