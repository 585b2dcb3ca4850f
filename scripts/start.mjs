#!/usr/bin/env node
// `npm start`: prepare local state, build the SPA + Worker, and serve the built output with
// `wrangler dev` on http://127.0.0.1:8787 — offline, local D1/R2/Durable Objects, no secrets.
// Options: --port <n> (default 8787), --persist-to <dir> (default .wrangler/state).
//
// The steps overlap so a first start is ready in well under a minute: .dev.vars first (the build
// copies it), then the D1 data step and the build side by side, then the server. The media step
// (scripts/prepare-local.mjs) runs beside all of them at a lower priority and does not hold the
// server back: where the user cache already has the demo media it is in local R2 within seconds;
// on a machine that has never rendered it, pictures, audio and video fill in a minute or two later,
// and the step prints a line when it is done.
import { parseArgs } from "node:util";
import { background, fail, run, serve, waitForOk } from "./lib/run.mjs";

const { values } = parseArgs({ options: { port: { type: "string", default: "8787" }, "persist-to": { type: "string" } } });
const persist = values["persist-to"] ? ["--persist-to", values["persist-to"]] : [];
const prepare = (...args) => ["scripts/prepare-local.mjs", ...persist, ...args];
const url = `http://127.0.0.1:${values.port}`;
const started = Date.now();

let media;
try {
  // The port too: mails built outside a request link to where this server listens.
  await run("node", prepare("--only", "vars", "--port", values.port));
  media = background("node", prepare("--only", "media"));
  await Promise.all([run("node", prepare("--only", "data")), run("vite", ["build", "--logLevel", "warn"])]);
} catch (error) {
  media?.stop();
  fail(error);
}
// No --config: wrangler follows the build's redirect (.wrangler/deploy/config.json) to dist/.
// Its info level prints the bindings and every module twice; warnings and errors still show, and
// so does the Worker's own log line per request.
serve("wrangler", ["dev", "--ip", "127.0.0.1", "--port", values.port, ...persist, "--log-level", "warn"], { onExit: media.stop });

let mediaDone = false;
media.done.then((code) => {
  mediaDone = true;
  if (code !== 0) console.error(`The demo media step failed (exit ${code}): run \`npm run seed\` to see why and try again.`);
});
try {
  await waitForOk(`${url}/api/config`);
  const waiting = mediaDone ? "" : "\n  (the demo media is still being put into local R2: pictures, audio and video appear when it says so)";
  console.log(`\nReady on ${url} in ${((Date.now() - started) / 1000).toFixed(0)} s${waiting}\n`);
} catch (error) {
  console.error(`${error.message}: wrangler's own messages above say why.`);
}
