#!/usr/bin/env node
// `npm run dev`: prepare local state, then Vite with hot reload; the Cloudflare plugin runs the
// Worker in workerd with the same local D1/R2 state as `npm start` (.wrangler/state).
import { fail, run, serve } from "./lib/run.mjs";

try {
  await run("node", ["scripts/prepare-local.mjs"]);
} catch (error) {
  fail(error);
}
serve("vite", ["dev", ...process.argv.slice(2)]);
