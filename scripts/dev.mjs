#!/usr/bin/env node
// `npm run dev`: prepare local state, then Vite with hot reload; the Cloudflare plugin runs the
// Worker in workerd with the same local D1/R2 state as `npm start` (.wrangler/state).
import { parseArgs } from "node:util";
import { background, fail, run, serve } from "./lib/run.mjs";

// Vite's own --port (default 5173), so mails built outside a request link to this server.
const { values } = parseArgs({ options: { port: { type: "string", default: "5173" } }, strict: false });

let media;
try {
  await run("node", ["scripts/prepare-local.mjs", "--only", "vars", "--port", String(values.port)]);
  // As in `npm start`: the demo media goes into local R2 beside the server, not before it.
  media = background("node", ["scripts/prepare-local.mjs", "--only", "media"]);
  await run("node", ["scripts/prepare-local.mjs", "--only", "data"]);
} catch (error) {
  media?.stop();
  fail(error);
}
serve("vite", ["dev", ...process.argv.slice(2)], { onExit: media.stop });
