// One error shape for the whole API: { error: { code, message, field?, params? } }. `code` is what
// a client translates; `message` is the English text; `field` names the form field at fault and
// `params` the values the text names (a limit), so a translation can say them too.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { VALIDATION_RULES, type ErrorParams, type ValidationCode } from "../contracts/validation-codes";
import { isRefused, type Refused } from "./outcome";

export type ErrorDetails = { field?: string; params?: ErrorParams };

export class ApiError extends HTTPException {
  readonly field?: string;
  readonly params?: ErrorParams;

  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    { field, params }: ErrorDetails = {},
  ) {
    super(status, { message });
    this.field = field;
    this.params = params;
  }
}

export const badRequest = (message: string, code = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Sign in required", code = "unauthorized") => new ApiError(401, code, message);
export const forbidden = (message = "Forbidden", code = "forbidden") => new ApiError(403, code, message);
export const notFound = (message = "Not found", code = "not_found") => new ApiError(404, code, message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
export const tooManyRequests = (message: string) => new ApiError(429, "rate_limited", message);

/** A 400 about one form field, for a check no schema can make (it needs the database or a fetch). */
export const fieldError = (field: string, message: string, code = "invalid_input") => new ApiError(400, code, message, { field });

/** A 400 for a form rule of the contracts' table, checked by hand: its code, text and values. */
export function ruleError(field: string, code: ValidationCode) {
  const rule: { message: string; params?: ErrorParams } = VALIDATION_RULES[code];
  return new ApiError(400, code, rule.message, { field, params: rule.params && { ...rule.params } });
}

export const errorBody = (code: string, message: string, { field, params }: ErrorDetails = {}) => ({
  error: { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) },
});

/** The answer to each reason a db function may refuse a write with: a 409's code and text. */
export type RefusalAnswers<Reason extends string> = Record<Reason, { code: string; message: string }>;

/** A db outcome's value, or the 409 its refusal is answered with. */
export function orConflict<T, Reason extends string>(outcome: T | Refused<Reason>, answers: RefusalAnswers<Reason>): T {
  if (!isRefused(outcome)) return outcome;
  const { code, message } = answers[outcome.refused as Reason];
  throw conflict(message, code);
}
