// A Vite plugin serving the notification centre's sentences, `import texts from
// "virtual:notification-texts"`: each kind's ICU message in each language, read from the areas'
// words files (worker/contracts/areas/<area>.words.ts, gathered in words.ts). A build gets them
// compiled to message ASTs, as the catalogs are (precompiled-messages.mjs), so the browser formats
// them with no message parser; dev and tests get the plain strings. The module is imported by the
// centre's list only, so the words travel with that chunk and not with every page's first load.
import { NOTIFICATION_WORDS } from "../../worker/contracts/areas/words.ts";
import { compileCatalog } from "./precompiled-messages.mjs";

const ID = "virtual:notification-texts";
const RESOLVED = `\0${ID}`;
const LOCALES = ["en", "pt-BR"];

/** Each language's sentences, by kind. */
const notificationTexts = () =>
  Object.fromEntries(LOCALES.map((locale) => [locale, Object.fromEntries(Object.entries(NOTIFICATION_WORDS).map(([kind, { text }]) => [kind, text[locale]]))]));

export function notificationTextsPlugin() {
  let build = false;
  return {
    name: "notification-texts",
    enforce: "pre",
    configResolved(config) {
      build = config.command === "build";
    },
    resolveId: (source) => (source === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const texts = notificationTexts();
      const served = build ? Object.fromEntries(Object.entries(texts).map(([locale, catalog]) => [locale, compileCatalog(catalog)])) : texts;
      return `export default ${JSON.stringify(served)};`;
    },
  };
}
