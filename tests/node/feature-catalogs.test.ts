// English is written once, as the descriptors' defaultMessages; each feature's Portuguese
// (messages.pt-BR.json) is checked against it: no id missing, none stale (gone from the English),
// and the same ICU arguments (names and kinds, a select's choices, rich-text tags) in both. The
// site's English is read from the source too, and the site's Portuguese (app/i18n/pt-BR.json and the
// areas' site texts, app/features/<area>/site.pt-BR.json) gets the same checks.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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
import { describe, expect, it } from "vitest";
import { descriptorsIn, englishCatalog, featureFolders, siteCatalog, sitePortuguese, siteTextFiles } from "../../scripts/lib/english-messages.mjs";

type Catalog = Record<string, string>;
const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Catalog;

/**
 * A message's arguments as "name:kind" ("when:date", "total:number", "kind:select(a|b)", "<link>").
 * A plural counts as a plain argument: one language may need it where the other does not
 * (Portuguese agrees "entregue(s)" with a count the English shows as is).
 */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (isTagElement(el)) {
        found.add(`<${el.value}>`);
        walk(el.children);
      } else if (isPluralElement(el)) {
        found.add(el.pluralType === "ordinal" ? `${el.value}:selectordinal` : el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (isSelectElement(el)) {
        found.add(`${el.value}:select(${Object.keys(el.options).sort().join("|")})`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (isNumberElement(el)) found.add(`${el.value}:number`);
      else if (isDateElement(el)) found.add(`${el.value}:date`);
      else if (isTimeElement(el)) found.add(`${el.value}:time`);
      else if (isArgumentElement(el)) found.add(el.value);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** What is wrong with a translation of an English catalog. */
function compare(english: Catalog, portuguese: Catalog) {
  return {
    missing: Object.keys(english).filter((id) => !(id in portuguese)),
    stale: Object.keys(portuguese).filter((id) => !(id in english)),
    placeholders: Object.keys(english)
      .filter((id) => id in portuguese)
      .filter((id) => argumentsOf(english[id]!).join() !== argumentsOf(portuguese[id]!).join())
      .map((id) => `${id}: ${argumentsOf(english[id]!).join(", ")} ≠ ${argumentsOf(portuguese[id]!).join(", ")}`),
  };
}
const FINE = { missing: [], stale: [], placeholders: [] };

const folders = featureFolders();
const feature = (folder: string) => path.relative(path.join(ROOT, "app/features"), folder);

describe("the check itself", () => {
  it("sees a missing id, a stale one and differing placeholders", () => {
    const english = { "a.one": "{count, plural, one {# song} other {# songs}}", "a.two": "Hi {name}", "a.three": "<b>{total, number}</b>" };
    expect(
      compare(english, { "a.one": "{count, plural, one {# música} other {# músicas}}", "a.two": "Oi {name}", "a.three": "<b>{total, number}</b>" }),
    ).toEqual(FINE);
    expect(compare(english, { "a.one": "{n, plural, other {# músicas}}", "a.two": "Oi {name, date}", "a.old": "Velho" })).toEqual({
      missing: ["a.three"],
      stale: ["a.old"],
      placeholders: ["a.one: count ≠ n", "a.two: name ≠ name:date"],
    });
    expect(compare({ "p.x": "{n} handed out" }, { "p.x": "{n, plural, one {# entregue} other {# entregues}}" })).toEqual(FINE);
    expect(compare({ "s.x": "{kind, select, album {A} other {B}}" }, { "s.x": "{kind, select, track {A} other {B}}" }).placeholders).toHaveLength(1);
    expect(compare({ "t.x": "Read <link>this</link>" }, { "t.x": "Leia isto" }).placeholders).toEqual(["t.x: <link> ≠ "]);
  });

  it("reads descriptors, JSX included, and refuses an English it cannot read", () => {
    const source = `
      const m = defineMessages({ a: { id: "x.a", defaultMessage: "Apple" }, b: { id: "x.b", defaultMessage: \`Banana\` } });
      const el = <FormattedMessage id="x.c" defaultMessage="Cherry" />;
      const notAMessage = { id: "section" };`;
    expect(descriptorsIn("/virtual/file.tsx", source)).toEqual([
      { id: "x.a", message: "Apple" },
      { id: "x.b", message: "Banana" },
      { id: "x.c", message: "Cherry" },
    ]);
    expect(() => descriptorsIn("/virtual/file.ts", 'const m = { id: "x.d", defaultMessage: text };')).toThrow(/x\.d/);
  });
});

describe("feature catalogs", () => {
  it("finds every feature, nested ones included", () => {
    const names = folders.map(feature);
    expect(names).toEqual(expect.arrayContaining(["chat", "store", "store/checkout", "admin", "admin/store", "admin/components/form"]));
    expect(names.length).toBeGreaterThanOrEqual(38);
  });

  it("write English only in the source (legal, whose ids are built, keeps its written English)", () => {
    const written = readdirSync(path.join(ROOT, "app/features"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("messages.en.json"));
    expect(written).toEqual(["legal/messages.en.json"]);
  });

  for (const folder of folders) {
    it(`${feature(folder)}: Portuguese has every id, no stale one, the same placeholders`, () => {
      const english = englishCatalog(folder);
      expect(Object.keys(english).length).toBeGreaterThan(0);
      expect(compare(english, read(path.join(path.relative(ROOT, folder), "messages.pt-BR.json")))).toEqual(FINE);
    });
  }
});

describe("the site catalog", () => {
  // Reads every source file of the app: a few seconds on a busy machine.
  const en = siteCatalog();

  it("has every id in pt-BR, no stale one, the same placeholders", () => {
    expect(compare(en, sitePortuguese())).toEqual(FINE);
  });

  it("is every descriptor outside a feature, and the feature texts whose Portuguese is the site's", () => {
    expect(Object.keys(en).length).toBeGreaterThan(1_000);
    expect(en["nav.home"]).toBeDefined();
    // The landing shows the news box and the events' empty state before any feature loads.
    expect(en).toMatchObject({ "newsBox.submit": expect.any(String), "home.events.empty": expect.any(String) });
    expect(englishCatalog(path.join(ROOT, "app/features/newsletter"))).not.toHaveProperty(["newsBox.submit"]);
    const inFeatures = folders.flatMap((folder) => Object.keys(englishCatalog(folder)));
    expect(inFeatures.filter((id) => id in en)).toEqual([]);
  });

  it("keeps the areas' texts in their folders: a page's title and meta, a menu link's Portuguese", () => {
    const areaFiles = siteTextFiles().map((file) => path.relative(ROOT, file));
    expect(areaFiles.length).toBeGreaterThanOrEqual(25);
    // Only an area's own folder holds them (a nested feature is part of its area's).
    const anywhere = readdirSync(path.join(ROOT, "app/features"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("site.pt-BR.json"));
    expect(anywhere.map((f) => `app/features/${f}`).sort()).toEqual([...areaFiles].sort());
    // The shell's catalog keeps only the pages that are no area's: the site's description and the not-found page.
    const shell = Object.keys(read("app/i18n/pt-BR.json")).filter((id) => /^(meta|pages)\./.test(id));
    expect(shell.sort()).toEqual(["meta.notFound.title", "meta.site.description"]);
    // A menu link's English is beside the link (the menu's file), not in the shell's labels.
    const shellLabels = descriptorsIn(path.join(ROOT, "app/components/layout/navMessages.ts")).map(({ id }) => id);
    const areaIds = areaFiles.flatMap((file) => Object.keys(read(file)));
    expect(shellLabels.filter((id) => areaIds.includes(id))).toEqual([]);
    expect(areaIds).toEqual(expect.arrayContaining(["nav.perks", "nav.media.tv", "meta.perks.title", "pages.perks.title", "footer.link.tv", "admin.nav.tax"]));
    // Every menu's link labels (the header's, the phone menu's, the footer's, the back office's sidebar) are the areas'.
    const menus = ["AccountLinks.tsx", "mediaItems.tsx", "MobileMenu.tsx", "Footer.tsx", "AdminLayout.tsx"].map((file) =>
      path.join(ROOT, "app/components/layout", file),
    );
    const linkLabels = menus.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const used = new Set([...text.matchAll(/label: \w+\.(\w+)|\{\.\.\.\w+Messages\.(\w+)\}/g)].map((found) => found[1] ?? found[2]));
      return [...text.matchAll(/^ {2}(\w+): \{ id: "([^"]+)"/gm)].filter(([, key]) => used.has(key!)).map(([, , id]) => id!);
    });
    expect(linkLabels.length).toBeGreaterThan(50);
    expect(linkLabels.filter((id) => !areaIds.includes(id))).toEqual([]);
  });

  it("is no file any more: the English is written in the source only", () => {
    expect(readdirSync(path.join(ROOT, "app/i18n")).filter((f) => f.endsWith(".json"))).toEqual(["pt-BR.json"]);
  });
});
