// The feed's error texts. The Worker names each error by code (app/lib/forms/errorText.ts has
// the site's texts for them); the page shows a translated text for what it recognises and the
// spec's generic message ('Failed to create post', ...) for anything else, never raw server English.
import type { MessageDescriptor } from "react-intl";
import { POST_IMAGE_MAX_BYTES } from "#contracts/feed.ts";
import { ApiRequestError } from "../../lib/api";
import { serverErrorText, type ErrorTexts, type UiMessage } from "../../lib/forms/errorText";
import { feedMessages as m, pinLimitMessage } from "./messages";

export type { UiMessage };

/** An upload of the post's image failed: the post itself was never sent. */
export class ImageUploadError extends Error {
  constructor(readonly cause: unknown) {
    super("image upload failed");
  }
}

const isRateLimited = (error: ApiRequestError) => error.status === 429 || error.code === "rate_limited";

/** A report is about a post here (a comment's dialog says its own text first). */
const FEED_TEXTS: ErrorTexts = { already_reported: m.reportAlready };

/** The feed's own codes (worker/routes/posts.ts): who may post what, and pinning. */
const FEED_CODE_TEXTS: Record<string, MessageDescriptor> = {
  vip_required: m.lockedTitle,
  admin_required: m.adminRequired,
  pin_not_official: m.pinNotOfficial,
  pin_requires_official: m.pinNotOfficial,
  pin_limit: pinLimitMessage,
};

/** The text for a failed feed request: what we recognise, else `fallback`. */
export function feedErrorText(error: unknown, fallback: MessageDescriptor): UiMessage {
  if (error instanceof ImageUploadError) return uploadErrorText(error.cause);
  if (!(error instanceof ApiRequestError)) return { message: fallback };
  if (isRateLimited(error)) return { message: m.rateLimited };
  const own = Object.hasOwn(FEED_CODE_TEXTS, error.code) ? FEED_CODE_TEXTS[error.code] : undefined;
  if (own) return error.params ? { message: own, values: error.params } : { message: own };
  return serverErrorText(error, FEED_TEXTS) ?? { message: fallback };
}

/** Upload errors (docs/features.md#social-feed): the image's own problems, else 'Failed to upload image'. */
export function uploadErrorText(error: unknown): UiMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === "not_image") return { message: m.notImage };
    if (error.code === "too_large" || error.code === "payload_too_large" || error.status === 413) return { message: m.imageTooLarge };
    if (isRateLimited(error)) return { message: m.rateLimited };
  }
  return { message: m.uploadFailed };
}

/** SVG is an image/* type but can carry script, and the server refuses it. */
const REFUSED_IMAGE_TYPES = new Set(["image/svg+xml"]);

/** The client's own check of a chosen post image (docs/features.md#social-feed; the Worker checks the bytes again). */
export function checkPostImage(file: File): UiMessage | undefined {
  if (!file.type.startsWith("image/") || REFUSED_IMAGE_TYPES.has(file.type)) return { message: m.notImage };
  if (file.size > POST_IMAGE_MAX_BYTES) return { message: m.imageTooLarge };
  return undefined;
}

/** Length as the server counts it: normalised and trimmed. */
export const textLength = (text: string) => text.normalize("NFC").trim().length;
