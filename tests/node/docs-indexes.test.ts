// The docs' indexes stay true: every decision record is listed once in docs/decisions/README.md
// (grouped by area), and every link of docs/features.md's contents table reaches a heading of it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DOCS = path.resolve(import.meta.dirname, "../../docs");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, "")
    .replace(/ /g, "-");

describe("the docs' indexes", () => {
  it("list every decision record once, by area", () => {
    const records = readdirSync(path.join(DOCS, "decisions")).filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith("000-"));
    const index = readFileSync(path.join(DOCS, "decisions", "README.md"), "utf8");
    const listed = [...index.matchAll(/^- \[\d{3}\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...records].sort());
  });

  it("link the features' contents to headings that exist", () => {
    const features = readFileSync(path.join(DOCS, "features.md"), "utf8");
    const headings = new Set([...features.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
    const contents = features.slice(features.indexOf("## Contents"), features.indexOf("\n## ", features.indexOf("## Contents") + 1));
    const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(40);
    expect(links.filter((a) => !headings.has(a))).toEqual([]);
  });
});
