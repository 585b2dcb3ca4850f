// English is written once, as the `defaultMessage`s of the message descriptors; each catalog's
// English is read from them. A feature is a folder of app/features with its own
// `messages.pt-BR.json` (a folder with one of its own, such as admin/store, is a feature of its
// own); its catalog is the descriptors of its folder's files (`messages.ts` and any other). The
// site catalog is every other descriptor of app/ (routes, components, lib, i18n), and those of a
// feature's files whose Portuguese is the site's (app/i18n/pt-BR.json): the header and the landing
// show a few of a feature's texts before any feature loads. Where the translation is written
// says which catalog a text belongs to, so no list of ids is kept.
//
// The site's Portuguese is app/i18n/pt-BR.json (the shell's own words) and each area's
// `app/features/<area>/site.pt-BR.json`: the texts of the area that the site shows outside the
// area's own chunks (its menu links' labels, its pages' titles and meta), kept in the area's folder
// so a new area edits no shared catalog. The plugin serves the two merged as
// `app/i18n/pt-BR.json`, so every importer (the catalogs, the build's first-load manifest, tests)
// reads one site catalog.
//
// The Vite plugin serves a feature's catalog to `import en from "./messages?english"` (any file
// name: the folder is what counts) and the site's to `import("./en?english")` in app/i18n, compiled
// to ICU ASTs in a build like every other catalog (precompiled-messages.mjs); dev and tests get the
// plain strings. It also serves a feature's provider to `import XMessages from "…/messages?feature"`:
// the folder's two catalogs in `createFeatureMessages` (app/i18n/FeatureMessages.tsx), so no feature
// writes that module by hand.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { compileCatalog } from "./precompiled-messages.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const FEATURES = path.join(APP, "features");
const SITE = path.join(APP, "i18n");
const SITE_PORTUGUESE = path.join(SITE, "pt-BR.json");
const PORTUGUESE = "messages.pt-BR.json";
/** An area's site texts in Portuguese (see the top of this file). */
const SITE_TEXTS = "site.pt-BR.json";
const SOURCE = /\.tsx?$/;
const QUERY = "?english";
const VIRTUAL = "\0english-messages:";
const FEATURE_QUERY = "?feature";
const FEATURE_VIRTUAL = "\0feature-messages:";
const FEATURE_MESSAGES = path.join(SITE, "FeatureMessages.tsx");
/**
 * The site's English catalog as a module id. It ends in `/app/i18n/en` like the Portuguese's
 * `/app/i18n/pt-BR.json`: the first-load manifest finds both by that, and the chunk is named `en`.
 */
export const SITE_ENGLISH = `${VIRTUAL}${path.join(SITE, "en")}`;

const literal = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);

/** Every `{ id, defaultMessage }` of a source file, JSX `<FormattedMessage id defaultMessage>` included. */
export function descriptorsIn(file, text = readFileSync(file, "utf8")) {
  if (!text.includes("defaultMessage")) return []; // most files: no parse
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (idNode, messageNode) => {
    const id = literal(idNode);
    const message = literal(messageNode);
    if (id === undefined) return;
    if (message === undefined) throw new Error(`${path.relative(ROOT, file)}: message ${id} needs its defaultMessage written as a plain string`);
    found.push({ id, message });
  };
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(source), p.initializer]));
      if (props.has("id") && props.has("defaultMessage")) add(props.get("id"), props.get("defaultMessage"));
    } else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      const attrs = new Map(
        node.attributes.properties
          .filter(ts.isJsxAttribute)
          .map((a) => [a.name.getText(source), a.initializer && ts.isJsxExpression(a.initializer) ? a.initializer.expression : a.initializer]),
      );
      if (attrs.has("id") && attrs.has("defaultMessage")) add(attrs.get("id"), attrs.get("defaultMessage"));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source files a feature's folder owns: its own, and its subfolders' that are no feature of their own. */
export function featureSources(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return existsSync(path.join(full, PORTUGUESE)) ? [] : featureSources(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every feature folder (absolute paths): each folder under app/features with a Portuguese catalog. */
export function featureFolders(folder = FEATURES) {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return [...(existsSync(path.join(full, PORTUGUESE)) ? [full] : []), ...featureFolders(full)];
    });
}

/**
 * A feature's English catalog, id → text, from its descriptors, in source order. A folder with a
 * hand-written messages.en.json (legal: its ids are built, so no descriptor carries them) keeps it.
 * Throws on one id given two different texts.
 */
export function englishCatalog(folder, { files = featureSources(folder) } = {}) {
  const written = path.join(folder, "messages.en.json");
  if (existsSync(written)) return JSON.parse(readFileSync(written, "utf8"));
  const site = sitePortuguese();
  return collect(path.relative(ROOT, folder), files, (id) => !(id in site));
}

/** The areas' files of site texts, `app/features/<area>/site.pt-BR.json`. */
export function siteTextFiles() {
  return readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(FEATURES, entry.name, SITE_TEXTS)))
    .map((entry) => path.join(FEATURES, entry.name, SITE_TEXTS));
}

/**
 * The site's Portuguese catalog, id → text: app/i18n/pt-BR.json and every area's site texts.
 * Throws on an id written in two of them.
 */
export function sitePortuguese() {
  const catalog = JSON.parse(readFileSync(SITE_PORTUGUESE, "utf8"));
  for (const file of siteTextFiles()) {
    for (const [id, text] of Object.entries(JSON.parse(readFileSync(file, "utf8")))) {
      if (id in catalog) throw new Error(`${path.relative(ROOT, file)}: message ${id} is in the site's Portuguese twice`);
      catalog[id] = text;
    }
  }
  return catalog;
}

/** id → text of the descriptors in `files` that `keep` accepts, in source order; one id, one text. */
function collect(name, files, keep) {
  const catalog = {};
  for (const file of files) {
    for (const { id, message } of descriptorsIn(file)) {
      if (!keep(id, file)) continue;
      if (id in catalog && catalog[id] !== message) throw new Error(`${name}: message ${id} has two English texts`);
      catalog[id] = message;
    }
  }
  return catalog;
}

/** Every source file of app/ (generated ones aside). */
function appSources(folder = APP) {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((f) => SOURCE.test(f) && !f.endsWith(".d.ts") && !f.endsWith(".gen.ts"))
    .map((f) => path.join(folder, f));
}

/**
 * The site's English catalog, id → text: every descriptor outside a feature, and a feature's
 * descriptor whose id the site's Portuguese carries. Throws on one id given two different texts.
 */
export function siteCatalog({ files = appSources() } = {}) {
  const inFeature = new Set(featureFolders().flatMap((folder) => featureSources(folder)));
  const site = sitePortuguese();
  return collect("app/i18n", files, (id, file) => !inFeature.has(file) || id in site);
}

export function englishMessages() {
  let build = false;
  return {
    name: "english-messages",
    enforce: "pre",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId(source, importer) {
      const query = [QUERY, FEATURE_QUERY].find((q) => source.endsWith(q));
      if (!query) return null;
      const file = source.slice(0, -query.length);
      // A relative import, or a root-relative one (import.meta.glob writes those).
      const base = file.startsWith("/") && !file.startsWith(ROOT) ? path.join(ROOT, file) : path.resolve(path.dirname(importer ?? ROOT), file);
      if (query === FEATURE_QUERY) return `${FEATURE_VIRTUAL}${path.dirname(base)}`;
      return path.dirname(base) === SITE ? SITE_ENGLISH : `${VIRTUAL}${path.dirname(base)}`;
    },
    load(id) {
      if (id === SITE_PORTUGUESE) {
        for (const file of siteTextFiles()) this.addWatchFile(file);
        return JSON.stringify(sitePortuguese());
      }
      if (id.startsWith(FEATURE_VIRTUAL)) {
        const folder = id.slice(FEATURE_VIRTUAL.length);
        if (!existsSync(path.join(folder, PORTUGUESE))) throw new Error(`${path.relative(ROOT, folder)} is no feature: it has no ${PORTUGUESE}`);
        return [
          `import { createFeatureMessages } from ${JSON.stringify(FEATURE_MESSAGES)};`,
          `import en from ${JSON.stringify(path.join(folder, `messages${QUERY}`))};`,
          `import ptBR from ${JSON.stringify(path.join(folder, PORTUGUESE))};`,
          `export default createFeatureMessages({ en, "pt-BR": ptBR });`,
        ].join("\n");
      }
      if (!id.startsWith(VIRTUAL)) return null;
      if (id === SITE_ENGLISH) {
        const files = appSources();
        // Any source file of the app may hold a site text; the Portuguese says which feature texts are the site's.
        for (const file of [...files, SITE_PORTUGUESE, ...siteTextFiles()]) this.addWatchFile(file);
        const catalog = siteCatalog({ files });
        return `export default ${JSON.stringify(build ? compileCatalog(catalog) : catalog)};`;
      }
      const folder = id.slice(VIRTUAL.length);
      if (!existsSync(path.join(folder, PORTUGUESE))) throw new Error(`${path.relative(ROOT, folder)} is no feature: it has no ${PORTUGUESE}`);
      const files = featureSources(folder);
      // A change to any of them (or to the site's Portuguese) rebuilds the catalog in dev.
      for (const file of [...files, SITE_PORTUGUESE, ...siteTextFiles()]) this.addWatchFile(file);
      const catalog = englishCatalog(folder, { files });
      return `export default ${JSON.stringify(build ? compileCatalog(catalog) : catalog)};`;
    },
  };
}
