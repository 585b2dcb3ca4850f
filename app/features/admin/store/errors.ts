// The store forms' problems as the page shows them: a rule's code (found by the shared schema run
// here before sending, or in the Worker's 400) becomes this page's translation; a 409 or 404 of
// the store's own codes reads as its sentence; anything else is "Something went wrong".
import type { MessageDescriptor } from "react-intl";
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { storeAdminMessages as m } from "./messages";

const TEXTS: ErrorTexts = {
  title_required: m.errorTitleRequired,
  invalid_characters: m.errorInvalidCharacters,
  store_title_too_long: m.errorTitleTooLong,
  store_description_too_long: m.errorDescriptionTooLong,
  store_slug_invalid: m.errorSlug,
  store_slug_reserved: m.errorSlugReserved,
  store_price_invalid: m.errorPrice,
  store_fixed_price_zero: m.errorFixedPriceZero,
  store_vip_price_and_discount: m.errorVipBoth,
  store_vip_price_not_lower: m.errorVipNotLower,
  store_vip_price_incomplete: m.errorVipIncomplete,
  store_vip_discount_invalid: m.errorVipDiscount,
  store_release_required: m.errorReleaseRequired,
  store_album_unknown: m.errorAlbumUnknown,
  store_track_unknown: m.errorTrackUnknown,
  store_weight_class_required: m.errorWeightClass,
  store_gift_months_required: m.errorGiftMonths,
  store_per_order_limit_invalid: m.errorPerOrderLimit,
  store_position_invalid: m.errorPosition,
  store_sku_invalid: m.errorSku,
  store_variant_text_too_long: m.errorVariantText,
  store_stock_invalid: m.errorStock,
  store_stock_delta_invalid: m.errorStockDelta,
  store_promo_code_invalid: m.errorPromoCode,
  store_promo_percent_invalid: m.errorPromoPercent,
  store_promo_max_uses_invalid: m.errorPromoMaxUses,
  store_promo_perk_unknown: m.errorPromoPerk,
  store_promo_time_invalid: m.errorPromoTime,
  store_promo_end_before_start: m.errorPromoOrder,
  product_slug_taken: m.errorSlugTaken,
  variant_sku_taken: m.errorSkuTaken,
  promo_code_taken: m.errorPromoTaken,
};

/** The store's refusals that are not about one field, in the admin's words. */
const REFUSALS: ErrorTexts = {
  product_not_found: m.errorProductNotFound,
  product_kind_locked: m.errorKindLocked,
  product_has_orders: m.errorHasOrders,
  product_not_merch: m.errorNotMerch,
  product_images_full: m.errorImagesFull,
  product_image_not_found: m.errorImageNotFound,
  variant_not_found: m.errorVariantNotFound,
  variant_has_orders: m.errorVariantHasOrders,
  stock_below_zero: m.errorStockBelowZero,
  promo_code_not_found: m.errorPromoNotFound,
  promo_code_max_below_uses: m.errorPromoBelowUses,
  order_changed: m.errorOrderChanged,
};

/** Where a 409 of a taken name belongs in its form. */
const TAKEN_FIELD: Record<string, string> = { product_slug_taken: "slug", variant_sku_taken: "sku", promo_code_taken: "code" };

export type FieldErrors<F extends string> = Partial<Record<F, ErrorText>>;

const ruleText = (code: string, params?: Record<string, string | number>): ErrorText => codeText(code, params, TEXTS) ?? { message: m.errorFailed };

/** The first problem of each of the form's fields the schema found. */
export function fieldErrorsOf<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as F;
    if (!fields.includes(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = ruleText(code, params);
  }
  return errors;
}

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function serverError<F extends string>(err: unknown, fields: readonly F[]): { field: F | null; error: ErrorText } {
  if (err instanceof ApiRequestError) {
    const field = (TAKEN_FIELD[err.code] ?? err.field?.split(".")[0] ?? "") as F;
    if ((err.status === 400 || err.status === 409) && fields.includes(field)) return { field, error: ruleText(err.code, err.params) };
    const refusal = codeText(err.code, undefined, REFUSALS);
    if (refusal) return { field: null, error: refusal };
  }
  return { field: null, error: { message: m.errorFailed } };
}

/** A failure's text where there is no form (a confirmation, a picture, a stock change). */
export const failureText = (err: unknown): MessageDescriptor => {
  const { error } = serverError(err, []);
  return "message" in error ? error.message : m.errorFailed;
};
