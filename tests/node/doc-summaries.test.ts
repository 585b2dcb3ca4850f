// docs/measurements.md and docs/design.md open with a one-screen summary that links to their
// sections, and README's figures link into measurements.md. A heading renamed or removed would
// leave such a link landing at the top of a 2,000-line page; this keeps every one pointing at a
// heading that is there.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");

const anchorsIn = (markdown: string) => new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? "")));

/** The anchors of the links from `markdown` into the document `target` (itself when it links "#…"). */
function linkedAnchors(markdown: string, target: RegExp): string[] {
  return [...markdown.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)].filter((m) => target.test(m[1] ?? "")).map((m) => m[2] ?? "");
}

const DOCS = ["docs/measurements.md", "docs/design.md"];

describe("the documents' summaries", () => {
  it.each(DOCS)("%s opens with its summary, a screen long", (path) => {
    const text = read(path);
    const sections = text.split(/^## /m);
    expect(sections[1]?.startsWith("Summary\n")).toBe(true);
    expect(sections[1]?.split("\n").length).toBeLessThanOrEqual(50);
  });

  it.each(DOCS)("every link %s makes to one of its own sections lands on a heading", (path) => {
    const text = read(path);
    const links = linkedAnchors(text, /^$/);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((anchor) => !anchorsIn(text).has(anchor))).toEqual([]);
  });

  it("README's links into the measurements and the design land on headings", () => {
    const readme = read("README.md");
    for (const path of DOCS) {
      const links = linkedAnchors(readme, new RegExp(`^${path.replace(".", "\\.")}$`));
      expect(links.filter((anchor) => !anchorsIn(read(path)).has(anchor))).toEqual([]);
    }
    expect(linkedAnchors(readme, /^docs\/measurements\.md$/)).toContain("summary");
  });

  it("makes anchors as GitHub does", () => {
    expect(anchorOf("The Worker's upload and start-up (2026-11-26, decision 075)")).toBe("the-workers-upload-and-start-up-2026-11-26-decision-075");
    expect(anchorOf("Every public page at Lighthouse's 4×, quiet machine")).toBe("every-public-page-at-lighthouses-4-quiet-machine");
  });
});

// The README is a newcomer's page: the rest moved to docs/operating.md (the owner's guide) and
// docs/development.md, so the README's pointers into them, and theirs into each other and the
// other docs, must keep landing on headings, and the owner's first steps must stay in the README.
describe("the README and the guides it points to", () => {
  const GUIDES = ["README.md", "docs/operating.md", "docs/development.md"];

  /** Every relative link of `path` to a markdown file with an anchor, resolved from `path`'s folder. */
  const anchoredLinks = (path: string) =>
    [...read(path).matchAll(/\]\(([^)#\s:]*\.md)?#([^)\s]+)\)/g)].map((m) => ({
      target: m[1] ? new URL(m[1], new URL(path, ROOT)).pathname.slice(new URL(ROOT).pathname.length) : path,
      anchor: m[2] ?? "",
    }));

  it.each(GUIDES)("every link %s makes to a section lands on a heading", (path) => {
    const links = anchoredLinks(path);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter(({ target, anchor }) => !anchorsIn(read(target)).has(anchor))).toEqual([]);
  });

  it("keeps the README a few minutes' read that still names the owner's first steps", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    // CI runs the README's test command (.ci/run): it stays a line of its own.
    expect(readme).toMatch(/^npm test +#/m);
    for (const step of ["npm install && npm start", "npm run rehearsal", "npm run admin:create", "--reissue", "npm run backup", "Time Travel", "secret put"]) {
      expect(readme, step).toContain(step);
    }
  });
});
