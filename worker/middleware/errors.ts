// Turns every failure into { error: { code, message, field?, params? } } with a 4xx where the
// client is at fault.
import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ConfigError } from "../env";
import { ApiError, errorBody } from "../lib/errors";
import { ROUTE_CODES } from "#contracts/route-codes.ts";
import type { HonoEnv } from "../types";

export const onError: ErrorHandler<HonoEnv> = (err, c) => {
  if (err instanceof ApiError) return c.json(errorBody(err.code, err.message, { field: err.field, params: err.params }), err.status);
  if (err instanceof HTTPException) {
    // Hono's own exceptions (body limit, malformed JSON in validators) are client errors.
    const code = err.status === 413 ? "payload_too_large" : "bad_request";
    return c.json(errorBody(code, err.message || ROUTE_CODES.bad_request.en), err.status);
  }
  // What the routes answered themselves never reaches here; the rest goes to Sentry when its DSN is
  // set (worker/index.ts, which has loaded the SDK by then), and is only logged otherwise.
  if (c.env.SENTRY_DSN) void import("@sentry/cloudflare").then(({ captureException }) => captureException(err));
  if (err instanceof ConfigError) {
    console.error(err.message);
    // The message names the settings that are missing or wrong, never their values (readConfig's
    // messages quote none), so the operator reads what to set in the answer, not only in the log.
    return c.json(errorBody("misconfigured", err.message), 500);
  }
  console.error("unhandled error", err);
  return c.json(errorBody("internal", ROUTE_CODES.internal.en), 500);
};

export const onNotFound: NotFoundHandler<HonoEnv> = (c) => c.json(errorBody("not_found", ROUTE_CODES.not_found.en), 404);
