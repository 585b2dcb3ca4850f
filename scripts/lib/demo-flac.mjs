// The demo masters' FLAC (decision 121): a WAV master encoded by the very code the Worker's job
// runs (worker/lib/flac), bundled with esbuild on first use, so the local store sells the demo
// releases in FLAC and the lossless tier streams FLAC as soon as the seed is in, with no queue.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { threadId } from "node:worker_threads";
import { ROOT } from "./wrangler.mjs";

/** The files the encoder is bundled from: the demo media's cache version includes them. */
export const FLAC_SOURCES = ["bits.ts", "crc.ts", "decode.ts", "encode.ts", "wav.ts", "convert.ts", "index.ts"].map((f) =>
  path.join(ROOT, "worker/lib/flac", f),
);

let codec;
function loadCodec() {
  codec ??= (async () => {
    const { build } = await import("esbuild");
    const dir = path.join(ROOT, ".tmp", "demo-flac");
    mkdirSync(dir, { recursive: true });
    // One file per process and thread: renders run in worker threads side by side.
    const outfile = path.join(dir, `flac-${process.pid}-${threadId}.mjs`);
    await build({ entryPoints: [path.join(ROOT, "worker/lib/flac/index.ts")], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
    return import(pathToFileURL(outfile).href);
  })();
  return codec;
}

/** A WAV file's bytes as a FLAC file's, with the tags (Vorbis comments and a cover) when given. */
export async function encodeFlac(wav, tags) {
  const { wavToFlac } = await loadCodec();
  const parts = [];
  await wavToFlac(
    (async function* () {
      yield wav;
    })(),
    async (bytes) => void parts.push(bytes.slice()),
    tags,
  );
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
