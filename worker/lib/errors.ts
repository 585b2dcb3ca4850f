// One error shape for the whole API: { error: { code, message } }.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(status, { message });
  }
}

export const badRequest = (message: string, code = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Sign in required", code = "unauthorized") => new ApiError(401, code, message);
export const forbidden = (message = "Forbidden", code = "forbidden") => new ApiError(403, code, message);
export const notFound = (message = "Not found", code = "not_found") => new ApiError(404, code, message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
export const tooManyRequests = (message: string) => new ApiError(429, "rate_limited", message);

export const errorBody = (code: string, message: string) => ({ error: { code, message } });
