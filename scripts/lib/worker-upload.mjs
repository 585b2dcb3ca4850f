// Reads what `wrangler deploy --dry-run --outdir <dir>` wrote: the modules the Worker uploads
// (the entry, index.js, first, then every other .js module under the directory), each with its
// bytes and, where the build left its source map beside it, the sources it was built from.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const MODULE = /\.(?:m?js|cjs|wasm)$/;

/**
 * `outDir`: the dry run's output; `buildDir`: the build's Worker directory (dist/<worker>), whose
 * .map files name each module's sources (the dry run copies only the modules).
 */
export async function readUpload(outDir, buildDir) {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const names = entries
    .filter((e) => e.isFile() && MODULE.test(e.name))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).replaceAll("\\", "/"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)));
  if (!names.includes("index.js")) throw new Error(`No index.js in ${outDir}: did the dry run write its output there?`);
  return Promise.all(
    names.map(async (name) => {
      const content = await readFile(path.join(outDir, name));
      const map = buildDir ? path.join(buildDir, `${name}.map`) : null;
      const sources = map && existsSync(map) ? (JSON.parse(await readFile(map, "utf8")).sources ?? []) : [];
      return { name, content, sources };
    }),
  );
}
