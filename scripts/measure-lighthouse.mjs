#!/usr/bin/env node
// Prints Lighthouse scores (performance, accessibility, best practices, SEO) for a few pages of a
// locally running site (`npm start`, default http://127.0.0.1:8787), then every accessibility,
// best-practices and SEO audit that did not pass, with the offending elements. Figures, not a
// pass/fail: docs/measurements.md records them. Runs fully offline in Debian's Chromium (CHROMIUM_PATH or
// /usr/bin/chromium); Lighthouse and chrome-launcher come from node_modules and fetch nothing.
// With --runs N each page is measured N times and the median of each figure (score, FCP, LCP, TBT,
// CLS) is shown (Lighthouse's own advice against its run-to-run spread), with every run's score and
// blocking time beside it (a run whose trace Lighthouse failed to record, NO_NAVSTART, is measured
// again, up to three attempts, so a median of 5 is of five loads). Several --url origins (a build
// of the starting commit and one of the change, say) are measured interleaved, run by run, so the
// shared machine's load falls on both alike; the load average is printed per page. `--pages
// public` is every public page the launch goal names (PUBLIC_PAGES). Mobile uses Lighthouse's
// default simulated throttling (Lantern: the page loads unthrottled and the slow phone is computed
// from the trace, so a busy CPU still shows); `--throttling devtools` applies real throttling instead.
// Lighthouse's 4× CPU assumes a host whose CPU benchmark is about 1,533; the table prints each
// page's benchmark and the slowdown Lighthouse's calibration gives for it (1,300 = 3×, 1,533 = 4×,
// 2,000 = 6×), so figures from a slower or faster machine can be read. `--cpu-slowdown calibrate`
// measures the benchmark once (a discarded run of the first page) and uses its slowdown for mobile;
// `--cpu-slowdown N` sets one.
// Usage: node scripts/measure-lighthouse.mjs [--url http://127.0.0.1:8787[,http://127.0.0.1:8788]]
//        [--labels before,after] [--pages public|/,/social/login,...] [--preset mobile|desktop|both]
//        [--runs 1] [--throttling simulate|devtools] [--cpu-slowdown 4|calibrate] [--json <dir>]
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { throttling as throttlingPresets } from "lighthouse/core/config/constants.js";
import { loopbackOrigin, printTable, PUBLIC_PAGES } from "./lib/measure.mjs";

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
    labels: { type: "string" },
    pages: { type: "string", default: DEFAULT_PAGES.join(",") },
    preset: { type: "string", default: "both" },
    runs: { type: "string", default: "1" },
    throttling: { type: "string", default: "simulate" },
    "cpu-slowdown": { type: "string" },
    json: { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs must be a whole number of at least 1");
  process.exit(1);
}

const list = (raw) =>
  raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
const origins = list(values.url).map((url) => loopbackOrigin(url, "audit"));
const labels = values.labels ? list(values.labels) : origins.map((origin) => new URL(origin).host);
if (labels.length !== origins.length) {
  console.error("--labels needs one label per --url");
  process.exit(1);
}
const pages = values.pages === "public" ? PUBLIC_PAGES : list(values.pages);
if (values.throttling !== "simulate" && values.throttling !== "devtools") {
  console.error("--throttling must be simulate or devtools");
  process.exit(1);
}
const cpuSlowdownArg = values["cpu-slowdown"];
if (cpuSlowdownArg !== undefined && cpuSlowdownArg !== "calibrate" && !(Number(cpuSlowdownArg) >= 1)) {
  console.error("--cpu-slowdown must be calibrate or a number of at least 1");
  process.exit(1);
}
/** Mobile's CPU slowdown: Lighthouse's 4× unless set or calibrated (see main). */
let cpuSlowdown =
  cpuSlowdownArg === undefined || cpuSlowdownArg === "calibrate" ? throttlingPresets.mobileSlow4G.cpuSlowdownMultiplier : Number(cpuSlowdownArg);

/**
 * The CPU slowdown Lighthouse's calibration gives for a host's benchmark index (the piecewise line
 * of its throttling docs' calculator: 150 = 1×, 800 = 2×, 1,300 = 3×, 1,533 = 4×, 2,000 = 6×).
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

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

/** The 1, 5 and 15-minute load averages: TBT on this shared machine moves with them. */
function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}

/** The median of the figures that exist (a failed run has none), or null. */
function median(values) {
  const sorted = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runtime errors of Lighthouse's own trace recording, not of the page: its message asks to run it
 * again, and a median "of 5" should be of five measured loads.
 */
const RETRIED_ERRORS = new Set(["NO_NAVSTART"]);
const ATTEMPTS = 3;

/** One Lighthouse run (a recording failure tried again), its runtime error or missing score said on stderr. */
async function audit(chrome, preset, url, label, run) {
  const where = `${preset} ${label} ${new URL(url).pathname} run ${run + 1}`;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        throttlingMethod: values.throttling,
        ...(preset === "mobile" ? { throttling: { ...throttlingPresets.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    const { runtimeError } = result.lhr;
    if (runtimeError && RETRIED_ERRORS.has(runtimeError.code) && attempt < ATTEMPTS) {
      console.error(`${where}: ${runtimeError.code}, measured again (attempt ${attempt + 1} of ${ATTEMPTS})`);
      continue;
    }
    if (runtimeError) console.error(`${where}: ${runtimeError.code} ${runtimeError.message}`);
    else if (result.lhr.categories.performance?.score == null) {
      const unscored = Object.values(result.lhr.audits).filter((a) => a.scoreDisplayMode === "error");
      console.error(`${where}: no performance score (${unscored.map((a) => `${a.id}: ${a.errorMessage}`).join("; ")})`);
    }
    return result;
  }
}

async function main() {
  for (const origin of origins) {
    try {
      await fetch(`${origin}/api/config`).then((r) => r.arrayBuffer());
    } catch {
      console.error(`Nothing answers at ${origin}: start the site first (npm start).`);
      process.exit(1);
    }
  }

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const rows = [];
  const metricRows = [];
  const failures = new Map(); // audit id -> { title, description, hits: [{ page, preset, lines }] }
  let versions = "";
  const loadAtStart = loadAverage();
  try {
    if (cpuSlowdownArg === "calibrate") {
      const warmUp = await audit(chrome, "mobile", new URL(pages[0], origins[0]).href, "calibration", 0);
      const benchmark = warmUp.lhr.environment?.benchmarkIndex;
      if (Number.isFinite(benchmark)) {
        cpuSlowdown = Math.round(calibratedSlowdown(benchmark) * 10) / 10;
        console.log(`CPU benchmark ${Math.round(benchmark)}: mobile runs with Lighthouse's calibrated ${cpuSlowdown}× CPU slowdown.`);
      } else console.error(`The calibration run measured no CPU benchmark: mobile runs with ${cpuSlowdown}×.`);
    }
    for (const preset of presets) {
      for (const page of pages) {
        const load = loadAverage();
        const results = origins.map(() => []);
        // Run by run, each origin in turn: a burst of load on the machine falls on all of them.
        for (let run = 0; run < runs; run++) {
          for (const [i, origin] of origins.entries()) {
            results[i].push(await audit(chrome, preset, new URL(page, origin).href, labels[i], run));
          }
        }
        for (const [i, label] of labels.entries()) {
          const performanceOf = (r) => r.lhr.categories.performance?.score ?? -1;
          const byPerformance = [...results[i]].sort((a, b) => performanceOf(a) - performanceOf(b));
          // The median run by performance: its other categories, failed audits and JSON report.
          const result = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
          const lhr = result.lhr;
          versions = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"}`;
          for (const warning of lhr.runWarnings) console.error(`${preset} ${label} ${page}: ${warning}`);
          const scores = results[i].map((r) => r.lhr.categories.performance?.score);
          const medianScore = median(scores);
          const perf = medianScore == null ? "n/a" : String(Math.round(medianScore * 100));
          const originColumn = origins.length > 1 ? [label] : [];
          const allRuns = runs > 1 ? [scores.map((v) => (v == null ? "x" : Math.round(v * 100))).join(" ")] : [];
          rows.push([preset, page, ...originColumn, perf, ...CATEGORIES.slice(1).map((id) => score(lhr.categories[id])), ...allRuns]);
          const figure = (id) => median(results[i].map((r) => r.lhr.audits[id]?.numericValue));
          const eachTbt = runs > 1 ? [results[i].map((r) => millis(r.lhr.audits["total-blocking-time"]?.numericValue).replace(" ms", "")).join(" ")] : [];
          const benchmark = median(results[i].map((r) => r.lhr.environment.benchmarkIndex));
          metricRows.push([
            preset,
            page,
            ...originColumn,
            ...METRICS.map(([id, format]) => format(figure(id))),
            ...eachTbt,
            benchmark == null ? "n/a" : `${Math.round(benchmark)} (${calibratedSlowdown(benchmark).toFixed(1)}×)`,
            load,
          ]);

          for (const categoryId of AUDITED) {
            for (const failed of failingAudits(lhr, categoryId)) {
              const entry = failures.get(failed.id) ?? { categoryId, title: failed.title, description: failed.description, hits: [] };
              entry.hits.push({ page: origins.length > 1 ? `${label} ${page}` : page, preset, lines: describeItems(failed, result.artifacts) });
              failures.set(failed.id, entry);
            }
          }
          if (values.json) {
            await mkdir(values.json, { recursive: true });
            const name = `${origins.length > 1 ? `${label}-` : ""}${preset}${page === "/" ? "-home" : page.replaceAll("/", "-")}.json`;
            await writeFile(path.join(values.json, name), result.report);
          }
        }
      }
    }
  } finally {
    await chrome.kill();
  }

  const throttling =
    values.throttling === "simulate"
      ? `simulated throttling (Lantern: slow 4G, ${cpuSlowdown}× CPU, computed from an unthrottled load)`
      : "DevTools throttling (applied while loading)";
  console.log(`${versions}; ${origins.map((o, i) => (origins.length > 1 ? `${labels[i]} ${o}` : o)).join(", ")}; scores 0–100.`);
  console.log(`Mobile is Lighthouse's mobile default with ${throttling}; desktop is its desktop preset.`);
  console.log("Local wrangler dev on a shared 2-core machine is not production.");
  console.log(`Load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}.\n`);
  if (runs > 1)
    console.log(`Each figure is the median of ${runs} runs; "runs" lists every run's performance score, "TBT each" every run's blocking time (ms).\n`);
  const originHeader = origins.length > 1 ? ["build"] : [];
  printTable(["preset", "page", ...originHeader, "perf", "a11y", "best-pr", "seo", ...(runs > 1 ? ["runs"] : [])], rows, 2 + originHeader.length);
  console.log("");
  printTable(
    [
      "preset",
      "page",
      ...originHeader,
      ...METRICS.map(([, , label]) => label),
      ...(runs > 1 ? ["TBT each"] : []),
      "CPU bench (calibrated slowdown)",
      "load before",
    ],
    metricRows,
    2 + originHeader.length,
  );

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
