// Imported first by main.tsx. Zod's fast path compiles parsers with `new Function`, and probing
// whether that is allowed trips our Content-Security-Policy (script-src 'self', no unsafe-eval):
// browsers then log a CSP violation on every page. The SPA's forms are small; skip the JIT.
import { z } from "zod";

z.config({ jitless: true });
