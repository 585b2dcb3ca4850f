// A Vite plugin for production builds: message catalogs (app/i18n/<locale>.json and the feature
// catalogs app/features/<feature>/messages.<locale>.json, a feature's folder possibly inside
// another's) are compiled to ICU message ASTs at build time, and the parser module is replaced by
// its parser-free build, so the browser never downloads or runs a message parser (react-intl
// formats ASTs directly). Dev and tests keep the plain strings.
import { parse } from "@formatjs/icu-messageformat-parser";

const CATALOG = /\/app\/(?:i18n\/[\w-]+|features\/[\w/-]+\/messages\.[\w-]+)\.json$/;

/** The catalog with every message parsed (throws on a malformed message, failing the build). */
export function compileCatalog(catalog) {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, message]) => {
      try {
        return [id, parse(message)];
      } catch (error) {
        throw new Error(`message ${id}: ${error instanceof Error ? error.message : error}`, { cause: error });
      }
    }),
  );
}

export function precompiledMessages() {
  return {
    name: "precompiled-messages",
    apply: "build",
    enforce: "pre",
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" }] } }),
    // Still JSON: Vite's JSON plugin turns it into a module as usual.
    transform(code, id) {
      if (!CATALOG.test(id.split("?")[0])) return null;
      return { code: JSON.stringify(compileCatalog(JSON.parse(code))), map: null };
    },
  };
}
