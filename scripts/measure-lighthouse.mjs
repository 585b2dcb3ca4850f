#!/usr/bin/env node
// Prints Lighthouse scores (performance, accessibility, best practices, SEO) for a few pages of a
// locally running site (`npm start`, default http://127.0.0.1:8787), then every accessibility,
// best-practices and SEO audit that did not pass, with the offending elements. Figures, not a
// pass/fail: README records them. Runs fully offline in Debian's Chromium (CHROMIUM_PATH or
// /usr/bin/chromium); Lighthouse and chrome-launcher come from node_modules and fetch nothing.
// With --runs N each page is measured N times and the run with the median performance score is
// shown (Lighthouse's own advice against its run-to-run spread), with every run's score beside it.
// Usage: node scripts/measure-lighthouse.mjs [--url http://127.0.0.1:8787]
//        [--pages /,/social/login,...] [--preset mobile|desktop|both] [--runs 1] [--json <dir>]
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { loopbackOrigin, printTable } from "./lib/measure.mjs";

const DEFAULT_PAGES = ["/", "/social/login", "/signup-options", "/vip-signup"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Categories whose failing audits are listed: performance ones are opportunities, not defects. */
const AUDITED = ["accessibility", "best-practices", "seo"];
// Headless, and nothing that phones home (updates, sync, component downloads, field trials).
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--metrics-recording-only",
];

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    pages: { type: "string", default: DEFAULT_PAGES.join(",") },
    preset: { type: "string", default: "both" },
    runs: { type: "string", default: "1" },
    json: { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs must be a whole number of at least 1");
  process.exit(1);
}

const origin = loopbackOrigin(values.url, "audit");
const pages = values.pages
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const presets = values.preset === "both" ? ["mobile", "desktop"] : [values.preset];
if (!presets.every((p) => p === "mobile" || p === "desktop")) {
  console.error("--preset must be mobile, desktop or both");
  process.exit(1);
}
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(1);
}

const seconds = (ms) => (ms == null ? "n/a" : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms) => (ms == null ? "n/a" : `${Math.round(ms)} ms`);
/** Lab metrics shown next to the scores: [audit id, format, column label]. */
const METRICS = [
  ["first-contentful-paint", seconds, "FCP"],
  ["largest-contentful-paint", seconds, "LCP"],
  ["total-blocking-time", millis, "TBT"],
  ["cumulative-layout-shift", (v) => (v == null ? "n/a" : v.toFixed(3)), "CLS"],
  ["total-byte-weight", (v) => (v == null ? "n/a" : `${(v / 1024).toFixed(0)} kB`), "transferred"],
];

const score = (category) => (category?.score == null ? "n/a" : String(Math.round(category.score * 100)));

/** Audits of a category that count towards its score and did not fully pass. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1);
}

/** A short line per offending item: element selector and snippet, console message, or URL. */
function describeItems(audit, artifacts, limit = 5) {
  // The report keeps only the issue type; the gathered artifact says what and where.
  if (audit.id === "inspector-issues") return describeInspectorIssues(artifacts.InspectorIssues ?? {}, limit);
  const items = audit.details?.items ?? [];
  const lines = items.slice(0, limit).map((item) => {
    const node = item.node ?? item.element ?? item.subItems?.items?.[0]?.relatedNode;
    if (node?.type === "node") {
      const explanation = node.explanation ? ` — ${node.explanation.split("\n").slice(0, 2).join(" ").slice(0, 200)}` : "";
      return `${node.selector ?? ""} ${node.snippet ?? ""}${explanation}`.trim();
    }
    if (item.line !== undefined && item.message) return `line ${item.index}: ${item.line.slice(0, 80)} — ${item.message}`;
    if (item.description) return `${item.source ?? ""} ${item.description}`.trim().slice(0, 240);
    if (item.url) return String(item.url);
    return JSON.stringify(item).slice(0, 240);
  });
  if (items.length > limit) lines.push(`… and ${items.length - limit} more`);
  return lines;
}

function describeInspectorIssues(issuesByType, limit) {
  const lines = [];
  for (const [type, issues] of Object.entries(issuesByType)) {
    for (const issue of issues.slice(0, limit)) {
      const where = issue.sourceCodeLocation
        ? ` at ${issue.sourceCodeLocation.url}:${issue.sourceCodeLocation.lineNumber + 1}:${issue.sourceCodeLocation.columnNumber + 1}`
        : issue.blockedURL
          ? ` for ${issue.blockedURL}`
          : "";
      const what = issue.violatedDirective ? `${issue.contentSecurityPolicyViolationType} of ${issue.violatedDirective}` : JSON.stringify(issue).slice(0, 200);
      lines.push(`${type}: ${what}${where}`);
    }
  }
  return lines;
}

async function main() {
  try {
    await fetch(`${origin}/api/config`).then((r) => r.arrayBuffer());
  } catch {
    console.error(`Nothing answers at ${origin}: start the site first (npm start).`);
    process.exit(1);
  }

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const rows = [];
  const metricRows = [];
  const failures = new Map(); // audit id -> { title, description, hits: [{ page, preset, lines }] }
  let versions = "";
  try {
    for (const preset of presets) {
      for (const page of pages) {
        const results = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(
            new URL(page, origin).href,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
            preset === "desktop" ? desktopConfig : undefined,
          );
          // A run without a score ("n/a" below) says why here.
          const { runtimeError } = result.lhr;
          if (runtimeError) console.error(`${preset} ${page} run ${run + 1}: ${runtimeError.code} ${runtimeError.message}`);
          else if (result.lhr.categories.performance?.score == null) {
            const unscored = Object.values(result.lhr.audits).filter((audit) => audit.scoreDisplayMode === "error");
            console.error(
              `${preset} ${page} run ${run + 1}: no performance score (${unscored.map((audit) => `${audit.id}: ${audit.errorMessage}`).join("; ")})`,
            );
          }
          results.push(result);
        }
        const performanceOf = (r) => r.lhr.categories.performance?.score ?? -1;
        const byPerformance = [...results].sort((a, b) => performanceOf(a) - performanceOf(b));
        const result = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
        const lhr = result.lhr;
        versions = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"}`;
        if (lhr.runtimeError) console.error(`${preset} ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const warning of lhr.runWarnings) console.error(`${preset} ${page}: ${warning}`);
        const allRuns = runs > 1 ? [results.map((r) => score(r.lhr.categories.performance)).join(" ")] : [];
        rows.push([preset, page, ...CATEGORIES.map((id) => score(lhr.categories[id])), ...allRuns]);
        metricRows.push([preset, page, ...METRICS.map(([id, format]) => format(lhr.audits[id]?.numericValue))]);

        for (const categoryId of AUDITED) {
          for (const audit of failingAudits(lhr, categoryId)) {
            const entry = failures.get(audit.id) ?? { categoryId, title: audit.title, description: audit.description, hits: [] };
            entry.hits.push({ page, preset, lines: describeItems(audit, result.artifacts) });
            failures.set(audit.id, entry);
          }
        }
        if (values.json) {
          await mkdir(values.json, { recursive: true });
          const name = `${preset}${page === "/" ? "-home" : page.replaceAll("/", "-")}.json`;
          await writeFile(path.join(values.json, name), result.report);
        }
      }
    }
  } finally {
    await chrome.kill();
  }

  console.log(`${versions}; ${origin}; scores 0–100. Mobile is Lighthouse's default (simulated slow 4G, 4× CPU slowdown);`);
  console.log("desktop is its desktop preset. Local wrangler dev on a shared 2-core machine is not production.\n");
  if (runs > 1) console.log(`Each page's median run of ${runs} by performance; "runs" lists every run's performance score.\n`);
  printTable(["preset", "page", "perf", "a11y", "best-pr", "seo", ...(runs > 1 ? ["runs"] : [])], rows, 2);
  console.log("");
  printTable(["preset", "page", ...METRICS.map(([, , label]) => label)], metricRows, 2);

  console.log("\nFailing accessibility / best-practices / SEO audits:");
  if (failures.size === 0) console.log("  none");
  for (const [id, { categoryId, title, description, hits }] of failures) {
    console.log(`\n[${categoryId}] ${id}: ${title}`);
    console.log(`  ${description.replace(/\s*\[Learn[^\]]*\]\([^)]*\)\.?/g, "").slice(0, 300)}`);
    // The same finding on mobile and desktop is listed once, with both presets named.
    const grouped = new Map();
    for (const { page, preset, lines } of hits) {
      const key = `${page}\n${lines.join("\n")}`;
      const group = grouped.get(key) ?? { page, lines, presets: [] };
      group.presets.push(preset);
      grouped.set(key, group);
    }
    for (const { page, lines, presets: seenIn } of grouped.values()) {
      console.log(`  ${page} (${seenIn.join(", ")}):`);
      for (const line of lines) console.log(`    ${line}`);
    }
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
