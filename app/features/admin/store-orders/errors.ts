// The orders' problems as the page shows them: a refusal's code (from the shared schema run here
// before sending, or from the Worker) becomes this page's translation, at its field when it names one.
import type { z } from "#contracts/zod.ts";
import { validationFailure } from "#contracts/validation-codes.ts";
import { ApiRequestError } from "../../../lib/api";
import { codeText, type ErrorTexts } from "../../../lib/forms/errorText";
import type { ErrorText } from "../components/form/errors";
import { ordersMessages as m } from "./messages";

const TEXTS: ErrorTexts = {
  tracking_number_required: m.errorTrackingRequired,
  tracking_number_invalid: m.errorTrackingInvalid,
  tracking_url_invalid: m.errorTrackingUrl,
  carrier_name_required: m.errorCarrierName,
  refund_amount_invalid: m.errorAmount,
  order_period_invalid: m.errorPeriod,
  order_not_shippable: m.errorNotShippable,
  order_already_shipped: m.errorAlreadyShipped,
  order_not_refundable: m.errorNotRefundable,
  refund_failed: m.errorRefundFailed,
  gift_time_required: m.errorGiftTime,
  payments_unavailable: m.errorPaymentsUnavailable,
  order_not_found: m.errorNotFound,
};

const textOf = (code: string, params?: Record<string, string | number>): ErrorText => codeText(code, params, TEXTS) ?? { message: m.errorFailed };

/** The first problem of each field the schema found. */
export function fieldErrorsOf<Field extends string>(error: z.ZodError, fields: readonly Field[]): Partial<Record<Field, ErrorText>> {
  const errors: Partial<Record<Field, ErrorText>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (!fields.includes(field) || errors[field]) continue;
    const { code, params } = validationFailure(issue);
    errors[field] = textOf(code, params);
  }
  return errors;
}

/** A failed request: at its field when it names one of the form's, else above the actions. */
export function requestError<Field extends string>(err: unknown, fields: readonly Field[]): { field: Field | null; error: ErrorText } {
  if (!(err instanceof ApiRequestError)) return { field: null, error: { message: m.errorFailed } };
  const field = (err.field?.split(".")[0] ?? "") as Field;
  return { field: err.status === 400 && fields.includes(field) ? field : null, error: textOf(err.code, err.params) };
}
