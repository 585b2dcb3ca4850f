#!/usr/bin/env node
// `npm start`: prepare local state, build the SPA + Worker, and serve the built output with
// `wrangler dev` on http://127.0.0.1:8787 — offline, local D1/R2/Durable Objects, no secrets.
// Options: --port <n> (default 8787), --persist-to <dir> (default .wrangler/state).
import { parseArgs } from "node:util";
import { fail, run, serve } from "./lib/run.mjs";

const { values } = parseArgs({ options: { port: { type: "string", default: "8787" }, "persist-to": { type: "string" } } });
const persist = values["persist-to"] ? ["--persist-to", values["persist-to"]] : [];

try {
  // The port too: mails built outside a request link to where this server listens.
  await run("node", ["scripts/prepare-local.mjs", ...persist, "--port", values.port]);
  await run("vite", ["build"]);
} catch (error) {
  fail(error);
}
// No --config: wrangler follows the build's redirect (.wrangler/deploy/config.json) to dist/.
serve("wrangler", ["dev", "--ip", "127.0.0.1", "--port", values.port, ...persist]);
