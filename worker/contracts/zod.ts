// Every contract takes zod from here. Zod's fast path compiles parsers with `new Function`: the
// SPA's Content-Security-Policy forbids it (no unsafe-eval) and workerd refuses code generation
// too, and in a browser merely probing for it logs a CSP violation on every page. So: jitless.
// Configured here rather than in the SPA entry so zod stays in the chunks of the pages using it.
import { z } from "zod";

z.config({ jitless: true });

export { z };
