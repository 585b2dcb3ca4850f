// The ID3v2.4 writer the import page and the Worker share (worker/contracts/id3v24.ts) for node's demo
// media: one writer for every MP3 we make. That file has no imports, so stripping its types
// (esbuild, already the demo FLAC's bundler) is all node needs; done once per process, in memory.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "./wrangler.mjs";

/** The writer's source (the demo MP3s' cache version includes it: generate-demo-media.mjs). */
const ID3V24_SOURCE = path.join(ROOT, "worker/contracts/id3v24.ts");

let writer;
function loadWriter() {
  if (!writer) {
    // Synchronous, as the MP3 renderer is: esbuild's transformSync through require.
    const { transformSync } = createRequire(import.meta.url)("esbuild");
    const { code } = transformSync(readFileSync(ID3V24_SOURCE, "utf8"), { loader: "ts", format: "cjs", target: "node20" });
    const module = { exports: {} };
    new Function("module", "exports", code)(module, module.exports);
    writer = module.exports;
  }
  return writer;
}

/** The ID3v2.4 tag of `tags` as bytes. */
export const id3v24Bytes = (tags) => loadWriter().id3v24Bytes(tags);
