// The feed's error texts. The Worker answers in English ({ code, message }, see worker/contracts/
// feed.ts); the page shows a translated text for what it recognises and the spec's generic
// message ('Failed to create post', ...) for anything else, never raw server English.
import type { MessageDescriptor } from "react-intl";
import { COMMENT_MAX, FEED_MESSAGES, POST_IMAGE_MAX_BYTES, POST_MAX, REPORT_DETAILS_MAX } from "../../../worker/contracts/feed";
import { RATE_LIMIT_MESSAGE } from "../../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../../worker/contracts/text-messages";
import { ApiRequestError } from "../../lib/api";
import type { UiMessage } from "../auth/serverErrors";
import { commentTooLongMessage, detailsTooLongMessage, feedMessages as m, postTooLongMessage } from "./messages";

export type { UiMessage };

/** An upload of the post's image failed: the post itself was never sent. */
export class ImageUploadError extends Error {
  constructor(readonly cause: unknown) {
    super("image upload failed");
  }
}

/** Validation messages (400) by their English text. */
function byText(message: string): UiMessage | undefined {
  switch (message) {
    case FEED_MESSAGES.postRequired:
      return { message: m.postRequired };
    case FEED_MESSAGES.postTooLong:
      return { message: postTooLongMessage, values: { max: POST_MAX } };
    case FEED_MESSAGES.commentRequired:
      return { message: m.commentRequired };
    case FEED_MESSAGES.commentTooLong:
      return { message: commentTooLongMessage, values: { max: COMMENT_MAX } };
    case FEED_MESSAGES.detailsTooLong:
      return { message: detailsTooLongMessage, values: { max: REPORT_DETAILS_MAX } };
    case FEED_MESSAGES.imageNotFound:
      return { message: m.imageNotFound };
    case FEED_MESSAGES.alreadyReported:
      return { message: m.reportAlready };
    case TEXT_MESSAGES.invalidCharacters:
      return { message: m.invalidCharacters };
    case RATE_LIMIT_MESSAGE:
      return { message: m.rateLimited };
    default:
      return undefined;
  }
}

const isRateLimited = (error: ApiRequestError) => error.status === 429 || error.code === "rate_limited";

/** The text for a failed feed request: what we recognise, else `fallback`. */
export function feedErrorText(error: unknown, fallback: MessageDescriptor): UiMessage {
  if (error instanceof ImageUploadError) return uploadErrorText(error.cause);
  if (!(error instanceof ApiRequestError)) return { message: fallback };
  if (isRateLimited(error)) return { message: m.rateLimited };
  if (error.code === "already_reported") return { message: m.reportAlready };
  return (error.status === 400 ? byText(error.message) : undefined) ?? { message: fallback };
}

/** Spec 8, Upload: the image's own problems, else 'Failed to upload image'. */
export function uploadErrorText(error: unknown): UiMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === "not_image" || error.message === FEED_MESSAGES.notImage) return { message: m.notImage };
    if (error.code === "too_large" || error.code === "payload_too_large" || error.status === 413) return { message: m.imageTooLarge };
    if (isRateLimited(error)) return { message: m.rateLimited };
  }
  return { message: m.uploadFailed };
}

/** SVG is an image/* type but can carry script, and the server refuses it. */
const REFUSED_IMAGE_TYPES = new Set(["image/svg+xml"]);

/** Spec 5: the client's own check of a chosen post image (the Worker checks the bytes again). */
export function checkPostImage(file: File): UiMessage | undefined {
  if (!file.type.startsWith("image/") || REFUSED_IMAGE_TYPES.has(file.type)) return { message: m.notImage };
  if (file.size > POST_IMAGE_MAX_BYTES) return { message: m.imageTooLarge };
  return undefined;
}

/** Length as the server counts it: normalised and trimmed. */
export const textLength = (text: string) => text.normalize("NFC").trim().length;
