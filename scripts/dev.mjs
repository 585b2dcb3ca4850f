#!/usr/bin/env node
// `npm run dev`: prepare local state, then Vite with hot reload; the Cloudflare plugin runs the
// Worker in workerd with the same local D1/R2 state as `npm start` (.wrangler/state).
import { parseArgs } from "node:util";
import { fail, run, serve } from "./lib/run.mjs";

// Vite's own --port (default 5173), so mails built outside a request link to this server.
const { values } = parseArgs({ options: { port: { type: "string", default: "5173" } }, strict: false });

try {
  await run("node", ["scripts/prepare-local.mjs", "--port", String(values.port)]);
} catch (error) {
  fail(error);
}
serve("vite", ["dev", ...process.argv.slice(2)]);
