import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";

// Applied to every Worker response (pages, API and uploads). Static assets get the same policy
// from public/_headers.

/** True only under `vite dev` (vite.config.ts defines it); absent in builds run by other tools. */
declare const __VITE_DEV_SERVER__: boolean | undefined;
const viteDevServer = typeof __VITE_DEV_SERVER__ !== "undefined" && __VITE_DEV_SERVER__;

/**
 * The hashes are index.html's two inline scripts, the Intl set-up and the module loader
 * (tests/node/inline-script.test.ts). Under `vite dev`
 * the pages also carry React Refresh's inline preamble, whose text Vite writes: inline scripts are
 * allowed there instead (a policy with a hash would ignore 'unsafe-inline').
 */
/**
 * Cloudflare Turnstile's script and its challenge frame (decision 090). Allowed in every mode: the
 * static assets' policy (public/_headers) cannot know the mode, and the script is only loaded when
 * a form shows the live widget.
 */
const TURNSTILE = "https://challenges.cloudflare.com";

const SCRIPT_SRC = viteDevServer
  ? ["'self'", "'unsafe-inline'", TURNSTILE]
  : ["'self'", "'sha256-j9lyFHor7Kjz8ZOi1W9f/WicN1ZLIULJ4vOjIqKKA6E='", "'sha256-MY10pXMoiGCV1dPCKizHL5MRMtdIWkwXQQJOvNp//Qc='", TURNSTILE];

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: SCRIPT_SRC,
    connectSrc: ["'self'"],
    frameSrc: [TURNSTILE],
    // The service worker and the web app manifest (decision 042).
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  },
  xContentTypeOptions: "nosniff",
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginResourcePolicy: "same-origin",
});

/**
 * The embeddable players (/embed/*) are made to be framed by other sites: their pages allow any
 * frame ancestor, and only they do. Everything else about the policy stays as it is.
 */
export const allowFraming = createMiddleware(async (c, next) => {
  await next();
  const policy = c.res.headers.get("Content-Security-Policy");
  if (policy) c.res.headers.set("Content-Security-Policy", policy.replace("frame-ancestors 'none'", "frame-ancestors *"));
  c.res.headers.delete("X-Frame-Options");
});

/**
 * A refusal (403) or a body too large (413) is about this request, never an answer for a shared
 * cache to give the next one: no-store, whoever built it.
 */
export const refusalsNotStored = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status !== 403 && c.res.status !== 413) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("Cache-Control", "no-store");
});
