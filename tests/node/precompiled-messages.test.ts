// The build's precompiled message catalogs (scripts/lib/precompiled-messages.mjs): every catalog
// compiles, and a compiled message formats exactly like its source text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { englishCatalog, featureFolders, siteCatalog } from "../../scripts/lib/english-messages.mjs";
import { compileCatalog, precompiledMessages } from "../../scripts/lib/precompiled-messages.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Record<string, string>;
const catalogFiles = [
  "app/i18n/pt-BR.json",
  ...readdirSync(path.join(ROOT, "app/features")).flatMap((feature) =>
    readdirSync(path.join(ROOT, "app/features", feature))
      .filter((f) => /^messages\..+\.json$/.test(f))
      .map((f) => `app/features/${feature}/${f}`),
  ),
];

describe("precompiled message catalogs", () => {
  it("compile every catalog of the site and its features", () => {
    expect(catalogFiles.length).toBeGreaterThanOrEqual(6);
    for (const file of catalogFiles) {
      const source = read(file);
      const compiled = compileCatalog(source);
      expect(Object.keys(compiled), file).toEqual(Object.keys(source));
    }
  });

  // The English catalogs are made from the descriptors (english-messages.mjs), compiled the same way.
  it("compile the English of the site and of every feature", { timeout: 20_000 }, () => {
    for (const [name, source] of [["site", siteCatalog()], ...featureFolders().map((folder) => [folder, englishCatalog(folder)] as const)] as const) {
      expect(Object.keys(compileCatalog(source)), name).toEqual(Object.keys(source));
    }
  });

  it("format like the source text, plurals and tags included", () => {
    const source = {
      "a.plain": "Now playing",
      "a.plural": "{count, plural, one {# listener} other {# listeners}}",
      "a.tag": "Read the <link>terms</link>, {name}",
    };
    const fromText = createIntl({ locale: "en", messages: source });
    const fromAst = createIntl({ locale: "en", messages: compileCatalog(source) });
    const values = { count: 2, name: "Ana", link: (chunks: string[]) => `[${chunks.join("")}]` };
    for (const id of Object.keys(source)) {
      expect(fromAst.formatMessage({ id }, values), id).toEqual(fromText.formatMessage({ id }, values));
    }
    expect(fromAst.formatMessage({ id: "a.tag" }, values)).toBe("Read the [terms], Ana");
    expect(fromAst.formatMessage({ id: "a.plural" }, { count: 1 })).toBe("1 listener");
  });

  it("fails the build on a malformed message, naming it", () => {
    expect(() => compileCatalog({ "bad.one": "{count, plural, one {x}" })).toThrow(/bad\.one/);
  });

  it("transforms only catalogs, and keeps them JSON for Vite's JSON plugin", () => {
    const plugin = precompiledMessages() as { transform: (code: string, id: string) => { code: string } | null };
    expect(plugin.transform('{"x":"y"}', "/repo/app/features/radio/RadioPage.json")).toBeNull();
    expect(plugin.transform('{"x":"y"}', "/repo/package.json")).toBeNull();
    const out = plugin.transform('{"a.b":"Hi {name}"}', "/repo/app/i18n/pt-BR.json");
    expect(JSON.parse(out!.code)).toEqual({
      "a.b": [
        { type: 0, value: "Hi " },
        { type: 1, value: "name" },
      ],
    });
    expect(JSON.parse(plugin.transform('{"c":"x"}', "/repo/app/features/tv/messages.pt-BR.json")!.code)).toEqual({ c: [{ type: 0, value: "x" }] });
  });
});
