// One error shape for the whole API: { error: { code, message, field?, params? } }. `code` is what
// a client translates; `message` is the English text; `field` names the form field at fault and
// `params` the values the text names (a limit), so a translation can say them too. Every code is
// registered: a route's in worker/contracts/route-codes.ts with its status, a form rule's in
// validation-codes.ts. The helpers below take only registered codes, each with a status the table
// gives it, so a new code or a code under another status fails the type check until it is added.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ROUTE_CODES, type ApiErrorCode, type RouteCode } from "#contracts/route-codes.ts";
import { VALIDATION_RULES, validationFailure, type ErrorParams, type ValidationCode } from "#contracts/validation-codes.ts";
import { isRefused, type Refused } from "./outcome";

export type ErrorDetails = { field?: string; params?: ErrorParams };

type RouteTable = typeof ROUTE_CODES;
/** The status the table gives a code (either, for a code with two). */
type StatusOf<C extends RouteCode> = RouteTable[C]["status"] extends readonly (infer Either)[] ? Either : RouteTable[C]["status"];
/** The codes answered with `Status`: the table's, and for 400 the form rules'. */
export type CodeFor<Status extends number> =
  | { [C in RouteCode]: Status extends StatusOf<C> ? C : never }[RouteCode]
  | (Status extends 400 ? ValidationCode : never);
/** Codes with one status, which routeError takes from the table. */
type OneStatusCode = { [C in RouteCode]: RouteTable[C]["status"] extends number ? C : never }[RouteCode];

export class ApiError extends HTTPException {
  readonly field?: string;
  readonly params?: ErrorParams;

  constructor(
    status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    { field, params }: ErrorDetails = {},
  ) {
    super(status, { message });
    this.field = field;
    this.params = params;
  }
}

/** What a route may add to a code: its own English text (else the table's), the field, the values. */
type Answer = ErrorDetails & { message?: string };

/** The error of a registered code, with the table's status and English text unless the route says otherwise. */
export function routeError(code: OneStatusCode, answer?: Answer): ApiError;
/** A code the table gives two statuses: the route names the one it answers. */
export function routeError<C extends Exclude<RouteCode, OneStatusCode>>(code: C, answer: Answer & { status: StatusOf<C> }): ApiError;
export function routeError(code: RouteCode, { status, message, ...details }: Answer & { status?: ContentfulStatusCode } = {}) {
  const rule: { status: unknown; en: string } = ROUTE_CODES[code];
  return new ApiError(status ?? (rule.status as ContentfulStatusCode), code, message ?? rule.en, details);
}

export const badRequest = (message: string, code: CodeFor<400> = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message: string = ROUTE_CODES.unauthorized.en, code: CodeFor<401> = "unauthorized") => new ApiError(401, code, message);
export const forbidden = (message: string, code: CodeFor<403>) => new ApiError(403, code, message);
export const notFound = (message: string = ROUTE_CODES.not_found.en, code: CodeFor<404> = "not_found") => new ApiError(404, code, message);
export const conflict = (message: string, code: CodeFor<409>) => new ApiError(409, code, message);
export const tooManyRequests = (message: string = ROUTE_CODES.rate_limited.en) => new ApiError(429, "rate_limited", message);

/** A 400 about one form field, for a check no schema can make (it needs the database or a fetch). */
export const fieldError = (field: string, message: string, code: CodeFor<400> = "invalid_input") => new ApiError(400, code, message, { field });

/** A 400 for a form rule of the contracts' table, checked by hand: its code, text and values. */
export function ruleError(field: string, code: ValidationCode) {
  const rule: { message: string; params?: ErrorParams } = VALIDATION_RULES[code];
  return new ApiError(400, code, rule.message, { field, params: rule.params && { ...rule.params } });
}

/** The 400 for a schema's refusal of a body read by hand: its first issue's rule, field and values. */
export function validationError(issue: Parameters<typeof validationFailure>[0]) {
  const { code, message, ...details } = validationFailure(issue);
  return new ApiError(400, code, message, details);
}

export const errorBody = (code: ApiErrorCode, message: string, { field, params }: ErrorDetails = {}) => ({
  error: { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) },
});

/** The answer to each reason a db function may refuse a write with: a 409's code and text. */
export type RefusalAnswers<Reason extends string> = Record<Reason, { code: CodeFor<409>; message: string }>;

/** A db outcome's value, or the 409 its refusal is answered with. */
export function orConflict<T, Reason extends string>(outcome: T | Refused<Reason>, answers: RefusalAnswers<Reason>): T {
  if (!isRefused(outcome)) return outcome;
  const { code, message } = answers[outcome.refused as Reason];
  throw conflict(message, code);
}
