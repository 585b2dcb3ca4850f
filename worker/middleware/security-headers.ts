import { secureHeaders } from "hono/secure-headers";

// Applied to every Worker response (pages, API and uploads). Static assets get the same policy
// from public/_headers.

/** True only under `vite dev` (vite.config.ts defines it); absent in builds run by other tools. */
declare const __VITE_DEV_SERVER__: boolean | undefined;
const viteDevServer = typeof __VITE_DEV_SERVER__ !== "undefined" && __VITE_DEV_SERVER__;

/**
 * The hash is index.html's inline Intl set-up (tests/node/inline-script.test.ts). Under `vite dev`
 * the pages also carry React Refresh's inline preamble, whose text Vite writes: inline scripts are
 * allowed there instead (a policy with a hash would ignore 'unsafe-inline').
 */
const SCRIPT_SRC = viteDevServer ? ["'self'", "'unsafe-inline'"] : ["'self'", "'sha256-ldFmhs9hFPREXkPZKvNFJZ1efWMKj4ivRcf+6uC8BJg='"];

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: SCRIPT_SRC,
    connectSrc: ["'self'"],
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
