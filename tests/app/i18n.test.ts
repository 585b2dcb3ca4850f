// Both catalogs must hold exactly the same keys, every message must format in both languages with
// the same arguments, and every message id written in the app's source must exist in both.
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";

type Catalog = Record<string, string>;
const siteCatalogs: Record<string, Catalog> = { en, "pt-BR": ptBR };

/**
 * Feature catalogs (a folder of app/features with a messages.pt-BR.json, possibly inside another
 * feature: admin/settings) ship with their feature's chunks and are merged in by <FeatureMessages>
 * around the feature's components. Their English is read from the folder's defaultMessages.
 */
const portugueseFiles = import.meta.glob<Catalog>("../../app/features/**/messages.pt-BR.json", { import: "default", eager: true });
const englishFiles = import.meta.glob<Catalog>("../../app/features/**/messages.pt-BR.json", { query: "?english", import: "default", eager: true });
const features = new Map<string, Record<string, Catalog>>();
for (const [file, catalog] of Object.entries(portugueseFiles)) {
  const [, feature] = /features\/(.+)\/messages\.pt-BR\.json$/.exec(file)!;
  features.set(feature!, { en: englishFiles[file]!, "pt-BR": catalog });
}
/** Every message a locale has: the site's and every feature's. */
const catalogs: Record<string, Catalog> = Object.fromEntries(
  Object.entries(siteCatalogs).map(([locale, site]) => [locale, Object.assign({}, site, ...[...features.values()].map((f) => f[locale] ?? {}))]),
);

// Every source file of the SPA, as text (Vite resolves the glob at build time, so no Node APIs).
const sources = import.meta.glob<string>(["../../app/**/*.ts", "../../app/**/*.tsx", "!../../app/routeTree.gen.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Message ids in source: id="…" (JSX) or id: "…" (descriptors). By convention every message id is a
 * dotted key ("nav.media"); undotted ids are HTML element ids or data keys, not messages.
 */
function messageIdsIn(source: string): string[] {
  const ids: string[] = [];
  for (const match of source.matchAll(/\bid(?:=|\s*:\s*)["'`]([A-Za-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) ids.push(match[1]!);
  return ids;
}

/**
 * Argument and tag names of an ICU message, read by the ICU parser itself (plural and select
 * branches are text, not arguments): "{price}/<per>month</per>" → ["<per>", "price"].
 */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (isTagElement(el)) {
        names.add(`<${el.value}>`);
        walk(el.children);
      } else if (isPluralElement(el) || isSelectElement(el)) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (isArgumentElement(el) || isNumberElement(el) || isDateElement(el) || isTimeElement(el)) {
        names.add(el.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function missingKeys(from: Catalog, to: Catalog) {
  return Object.keys(from).filter((key) => !(key in to));
}

describe("translation catalogs", () => {
  it("have the same keys in en and pt-BR", () => {
    expect(missingKeys(en, ptBR), "keys missing from pt-BR.json").toEqual([]);
    expect(missingKeys(ptBR, en), "keys missing from the English (the source's defaultMessages)").toEqual([]);
    for (const [feature, { en: featureEn = {}, "pt-BR": featurePt = {} }] of features) {
      expect(Object.keys(featureEn).length, `${feature}: its English`).toBeGreaterThan(0);
      expect(missingKeys(featureEn, featurePt), `keys missing from ${feature}/messages.pt-BR.json`).toEqual([]);
      expect(missingKeys(featurePt, featureEn), `stale keys in ${feature}/messages.pt-BR.json`).toEqual([]);
    }
  });

  it("keep each key in one catalog (a feature's key never shadows the site's)", () => {
    const seen = new Map<string, string>(Object.keys(en).map((key) => [key, "app/i18n"]));
    const clashes: string[] = [];
    for (const [feature, { en: featureEn = {} }] of features) {
      for (const key of Object.keys(featureEn)) {
        if (seen.has(key)) clashes.push(`${key} (${seen.get(key)} and ${feature})`);
        seen.set(key, feature);
      }
    }
    expect(features.size).toBeGreaterThanOrEqual(2);
    expect(clashes).toEqual([]);
  });

  it("have no empty messages", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const empty = Object.entries(catalog)
        .filter(([, text]) => text.trim() === "")
        .map(([key]) => key);
      expect(empty, `empty messages in ${locale}`).toEqual([]);
    }
  });

  it("use the same arguments and tags in both languages", () => {
    const mismatched = Object.keys(en)
      .filter((key) => key in ptBR)
      .filter((key) => argumentsOf((en as Catalog)[key]!).join() !== argumentsOf((ptBR as Catalog)[key]!).join());
    expect(mismatched).toEqual([]);
  });

  it("format every message without an ICU error", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const errors: string[] = [];
      const intl = createIntl({ locale, messages: catalog, onError: (error) => errors.push(String(error)) });
      for (const [id, text] of Object.entries(catalog)) {
        const values: Record<string, unknown> = {};
        for (const name of argumentsOf(text)) {
          if (name.startsWith("<")) values[name.slice(1, -1)] = (chunks: unknown) => chunks;
          else values[name] = "x";
        }
        intl.formatMessage({ id }, values as Record<string, string>);
      }
      expect(errors, `ICU errors in ${locale}`).toEqual([]);
    }
  });
});

describe("message ids used in the app", () => {
  const used = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources)) {
    for (const id of messageIdsIn(text)) used.set(id, [...(used.get(id) ?? []), file.replace("../../", "")]);
  }

  it("finds the app's message ids (the scan itself works)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(used.has("nav.media")).toBe(true);
    expect(used.has("gate.vip.title")).toBe(true);
    expect(messageIdsIn('<FormattedMessage id="a.b" /> { id: "c.d", x } <section id="music">')).toEqual(["a.b", "c.d"]);
  });

  it("use a feature's keys only inside that feature (where its <FeatureMessages> provides them)", () => {
    const outside: string[] = [];
    for (const [feature, { en: featureEn = {} }] of features) {
      for (const key of Object.keys(featureEn)) {
        for (const file of used.get(key) ?? []) if (!file.startsWith(`app/features/${feature}/`)) outside.push(`${key} in ${file}`);
      }
    }
    expect(outside).toEqual([]);
  });

  for (const [locale, catalog] of Object.entries(catalogs)) {
    it(`exist in ${locale}`, () => {
      const missing = [...used].filter(([id]) => !(id in catalog)).map(([id, files]) => `${id} (${[...new Set(files)].join(", ")})`);
      expect(missing).toEqual([]);
    });
  }
});
