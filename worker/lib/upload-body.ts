// Upload routes carry their own body limit. `uploadBody(maxBytes)` in a route's chain declares how
// large its body may be: the API's 64 KiB JSON limit (worker/app.ts) finds it among the handlers
// matched for the request and leaves the route alone, and the upload helpers after it read the
// limit with `uploadLimit(c)`, which fails loudly on a route that declared none.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";

/** The context variable `uploadBody` sets (HonoEnv has it unset on every other route). */
type UploadVariables = { Variables: { uploadMaxBytes: number | undefined } };

const declaredLimits = new WeakMap<object, number>();

/**
 * Declares the route's body limit. With `tooLarge`, also refuses a larger body before the handler
 * runs (by its Content-Length, or counted as it arrives), for routes that read the whole body
 * anyway; streamed uploads leave the counting to their reader.
 */
export function uploadBody(maxBytes: number, tooLarge?: () => Error): MiddlewareHandler<UploadVariables> {
  const refuse = tooLarge
    ? bodyLimit({
        maxSize: maxBytes,
        onError: () => {
          throw tooLarge();
        },
      })
    : null;
  const middleware = createMiddleware<UploadVariables>(async (c, next) => {
    c.set("uploadMaxBytes", maxBytes);
    return refuse ? refuse(c, next) : next();
  });
  declaredLimits.set(middleware, maxBytes);
  return middleware;
}

/**
 * The limit the route declared, for the helper that reads its body. A route that takes a file
 * without `uploadBody` is a mistake the JSON limit would only show with a large file: this shows
 * it on the first upload, however small.
 */
export function uploadLimit(c: { var: UploadVariables["Variables"] }): number {
  const limit = c.var.uploadMaxBytes;
  if (limit === undefined) throw new Error("This route reads an upload but declares no body limit: put uploadBody(maxBytes) in its chain.");
  return limit;
}

/**
 * The limit a registered handler declares, if it is an `uploadBody`.
 * @internal
 */
export const declaredLimitOf = (handler: object): number | undefined => declaredLimits.get(handler);

/** The body limit the route answering this request declared; undefined for an ordinary route. */
export function declaredUploadLimit(c: Context): number | undefined {
  for (const route of matchedRoutes(c)) {
    const limit = declaredLimits.get(route.handler);
    if (limit !== undefined) return limit;
  }
  return undefined;
}
