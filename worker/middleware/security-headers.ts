import { secureHeaders } from "hono/secure-headers";

// Applied to every Worker response (API and uploads). Static assets get the same policy
// from public/_headers.
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The hash is index.html's inline Intl set-up (tests/node/inline-script.test.ts).
    scriptSrc: ["'self'", "'sha256-ldFmhs9hFPREXkPZKvNFJZ1efWMKj4ivRcf+6uC8BJg='"],
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
