// The import-circle rule (scripts/lint/no-cycle.mjs) on a small module graph written to a
// temporary folder: a circle of type-only imports is reported from both sides with its route, a
// dynamic import whose module leads back is reported, and imports that lead nowhere back are not.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noCycle } from "../../scripts/lint/no-cycle.mjs";

const MODULES: Record<string, string> = {
  "types-a.ts": 'import type { B } from "./types-b";\nexport type A = { b: B };\n',
  "types-b.ts": 'import type { A } from "./types-a";\nexport type B = { a?: A };\n',
  "chain-1.ts": 'export { two } from "./chain-2";\n',
  "chain-2.ts": 'import { three } from "./chain-3";\nexport const two = three;\n',
  "chain-3.ts": 'import type { two } from "./chain-1";\nexport const three = 3 as unknown as typeof two;\n',
  "below.ts": "export const below = 1;\n",
  "above.ts": 'import { below } from "./below";\nexport const above = below;\n',
  "lazy.ts": 'export const load = () => import("./loaded");\n',
  "loaded.ts": 'import { load } from "./lazy";\nexport const again = load;\n',
};

let dir: string;
let eslint: ESLint;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "no-cycle-"));
  for (const [file, source] of Object.entries(MODULES)) writeFileSync(path.join(dir, file), source);
  eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { "no-cycle": noCycle } } },
        settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts"] })] },
        rules: { "local/no-cycle": "error" },
      },
    ],
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function circles(file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path.join(dir, file)]);
  return result!.messages.map((m) => m.message.replace(/^Import circle: (.*?)\. Move .*$/, "$1"));
}

describe("local/no-cycle", () => {
  it("reports a circle of type-only imports from both sides, with the route back", async () => {
    expect(await circles("types-a.ts")).toEqual(["./types-b -> ./types-a"]);
    expect(await circles("types-b.ts")).toEqual(["./types-a -> ./types-b"]);
  });

  it("follows re-exports and type imports around a longer circle", async () => {
    expect(await circles("chain-1.ts")).toEqual(["./chain-2 -> ./chain-3 -> ./chain-1"]);
    expect(await circles("chain-3.ts")).toEqual(["./chain-1 -> ./chain-2 -> ./chain-3"]);
  });

  it("reports a dynamic import whose module leads back, but not the static import back to it", async () => {
    expect(await circles("lazy.ts")).toEqual(["./loaded -> ./lazy"]);
    expect(await circles("loaded.ts")).toEqual([]);
  });

  it("reports nothing where no import leads back", async () => {
    expect(await circles("above.ts")).toEqual([]);
    expect(await circles("below.ts")).toEqual([]);
  });
});
