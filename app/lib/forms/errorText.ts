// The Worker's errors as the SPA shows them. The server speaks English and names every error by
// code (with the values its text names in params); the SPA shows the translation of a code it
// knows and never the server's English. One table for the whole site; a feature adds its own
// texts for codes that read differently there (the feed's rate limit, the avatar's size).
import type { MessageDescriptor } from "react-intl";
import type { ApiErrorCode } from "#contracts/route-codes.ts";
import type { ErrorParams } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../api";
import {
  bioTooLongMessage,
  commentTooLongMessage,
  contactTooLongMessage,
  detailsTooLongMessage,
  formMessages as m,
  imageDimensionsMessage,
  locationTooLongMessage,
  postTooLongMessage,
  quantityOverLimitMessage,
  quantityOverStockMessage,
} from "./messages";

/** A text to show: a catalog message and its values. */
export type UiMessage = { message: MessageDescriptor; values?: Record<string, string | number> };

/** A feature's own texts for some codes, in place of the site's; keyed by the Worker's codes (route-codes.ts). */
export type ErrorTexts = Partial<Record<ApiErrorCode, MessageDescriptor>>;

const SITE_TEXTS: ErrorTexts = {
  rate_limited: m.rateLimited,
  bot_check_failed: m.botCheckRefused,
  bot_check_unavailable: m.botCheckUnavailable,
  email_taken: m.emailTaken,
  username_taken: m.usernameTaken,
  not_image: m.notImage,
  image_dimensions: imageDimensionsMessage,
  invalid_characters: m.invalidCharacters,
  email_unverified: m.emailUnverified,
  verification_invalid: m.verificationInvalid,
  verification_expired: m.verificationExpired,
  email_already_verified: m.emailAlreadyVerified,
  email_unchanged: m.emailUnchanged,
  invalid_token: m.newsletterInvalidToken,
  invalid_link: m.newsletterInvalidLink,
  address_suppressed: m.addressSuppressed,

  username_required: m.usernameRequired,
  username_too_long: m.usernameTooLong,
  username_pattern: m.usernamePattern,
  email_invalid: m.emailInvalid,
  password_too_short: m.passwordMin,
  password_too_long: m.passwordTooLong,
  passwords_dont_match: m.passwordsDontMatch,
  website_invalid: m.invalidUrl,
  bio_too_long: bioTooLongMessage,
  location_too_long: locationTooLongMessage,

  post_required: m.postRequired,
  post_too_long: postTooLongMessage,
  comment_required: m.commentRequired,
  comment_too_long: commentTooLongMessage,
  report_details_too_long: detailsTooLongMessage,
  image_not_found: m.imageNotFound,

  name_required: m.nameRequired,
  contact_subject_required: m.subjectRequired,
  contact_message_required: m.messageRequired,
  contact_name_too_long: contactTooLongMessage,
  contact_email_too_long: contactTooLongMessage,
  contact_subject_too_long: contactTooLongMessage,
  contact_message_too_long: contactTooLongMessage,

  product_not_found: m.productNotFound,
  product_not_for_sale: m.productNotForSale,
  variant_required: m.variantRequired,
  variant_mismatch: m.variantMismatch,
  price_below_minimum: m.priceBelowMinimum,
  currency_not_offered: m.currencyNotOffered,
  quantity_over_limit: quantityOverLimitMessage,
  quantity_over_stock: quantityOverStockMessage,
  sold_out: m.soldOut,
  promo_code_invalid: m.promoCodeInvalid,
  promo_code_used_up: m.promoCodeUsedUp,
  promo_code_not_started: m.promoCodeNotStarted,
  promo_code_expired: m.promoCodeExpired,
  promo_code_vip_only: m.promoCodeVipOnly,
  promo_code_not_applicable: m.promoCodeNotApplicable,
  cart_empty: m.cartEmpty,
  shipping_country_required: m.shippingCountryRequired,
  store_checkout_not_found: m.storeCheckoutNotFound,
};

/** A code comes off the network: only the table's own keys count ("constructor" is not a text). */
const lookUp = (texts: ErrorTexts | undefined, code: string) => (texts && Object.hasOwn(texts, code) ? texts[code as keyof ErrorTexts] : undefined);

/** The text of an error code, with the values the server sent: the feature's text first, else the site's. */
export function codeText(code: string, params?: ErrorParams, texts?: ErrorTexts): UiMessage | undefined {
  const message = lookUp(texts, code) ?? lookUp(SITE_TEXTS, code);
  if (!message) return undefined;
  return params ? { message, values: params } : { message };
}

/** The translated text of a failed request whose code we know, else undefined. */
export function serverErrorText(error: unknown, texts?: ErrorTexts): UiMessage | undefined {
  return error instanceof ApiRequestError ? codeText(error.code, error.params, texts) : undefined;
}

/** Which form field a server error is about: 409 conflicts and 400 validation errors name one. */
export function serverErrorField(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code === "email_taken") return "email";
  if (error.code === "username_taken") return "username";
  return error.field;
}

export const hasStatus = (error: unknown, status: number) => error instanceof ApiRequestError && error.status === status;
export const hasCode = (error: unknown, code: ApiErrorCode) => error instanceof ApiRequestError && error.code === code;
