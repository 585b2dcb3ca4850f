// The collection's words for the Worker's download and claim codes (and for a download link a
// browser was sent back from: /collection?download=<code>).
import type { ErrorTexts } from "../../lib/forms/errorText";
import { collectionMessages as m } from "./messages";

export const COLLECTION_TEXTS: ErrorTexts = {
  download_not_found: m.errorNotFound,
  download_link_expired: m.errorExpired,
  download_limit_reached: m.errorLimit,
  download_preparing: m.errorPreparing,
  not_released_yet: m.errorNotReleased,
  claim_link_invalid: m.errorClaimInvalid,
  claim_link_expired: m.errorClaimExpired,
};
