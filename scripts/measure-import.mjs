#!/usr/bin/env node
// Prints what importing an album by the folder costs (decision 120): a generated FLAC album (by
// default 20 tracks, about 600 MB) is dropped on /admin/catalog/import of a running site in
// headless Chromium as the demo admin, its MP3s made in the browser, uploaded and completed. It
// reports the import's time, the page's peak JS heap (CDP Performance: JSHeapUsedSize), the peak
// resident memory of Chromium's renderer processes (the page and its encoder's Web Worker) and,
// when it can find it, of the site's workerd process, beside a baseline of a one-track import.
// Figures, not a pass/fail: docs/measurements.md records them. The imported drafts are deleted
// afterwards. Loopback targets only.
// Usage: npm run measure:import -- [--url http://127.0.0.1:8787] [--tracks 20] [--mb 600]
//        [--workerd-pid <pid>] [--skip-baseline]
import { createWriteStream, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { loopbackOrigin, positiveInt, printTable } from "./lib/measure.mjs";
import { encodePng } from "./lib/png.mjs";
import { flacChunks, lrcOf } from "./lib/tagged-audio.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    tracks: { type: "string", default: "20" },
    mb: { type: "string", default: "600" },
    "workerd-pid": { type: "string" },
    "skip-baseline": { type: "boolean", default: false },
  },
});
const origin = loopbackOrigin(values.url, "measure");
const trackCount = positiveInt("tracks", values.tracks, 100);
const totalMb = positiveInt("mb", values.mb, 1400);
const SAMPLE_RATE = 44100;
/** 16-bit stereo verbatim FLAC: 4 bytes a sample frame plus a little framing. */
const BYTES_PER_SECOND = SAMPLE_RATE * 4;

/** Writes an album of `tracks` FLACs of `mb` MB in all, a piece at a time (never whole in memory). */
async function writeAlbum(dir, title, tracks, mb) {
  const folder = path.join(dir, title);
  mkdirSync(folder, { recursive: true });
  const seconds = Math.max(1, Math.round((mb * 1e6) / tracks / BYTES_PER_SECOND));
  for (let i = 0; i < tracks; i++) {
    const tags = { TITLE: `Track ${i + 1}`, ALBUM: title, TRACKNUMBER: String(i + 1), DATE: "2024", LYRICS: lrcOf([{ ms: 0, text: "Canção" }]) };
    const out = createWriteStream(path.join(folder, `${String(i + 1).padStart(2, "0")}.flac`));
    for (const chunk of flacChunks({ seconds, sampleRate: SAMPLE_RATE, tags, seed: i })) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once("drain", resolve));
    }
    out.end();
    await finished(out);
  }
  const cover = createWriteStream(path.join(folder, "cover.png"));
  cover.end(encodePng(256, 256, (x, y) => [x, y, 128]));
  await finished(cover);
  return folder;
}

const kib = (line) => Number(/(\d+)\s*kB/.exec(line)?.[1] ?? 0);
function rssKb(pid) {
  try {
    return kib(
      readFileSync(`/proc/${pid}/status`, "utf8")
        .split("\n")
        .find((l) => l.startsWith("VmRSS:")) ?? "",
    );
  } catch {
    return 0;
  }
}
const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};
const allPids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
function parentOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
  } catch {
    return 0;
  }
}
function descendantsOf(root) {
  const pids = allPids();
  const out = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of pids) {
      if (out.has(pid) || !out.has(parentOf(pid))) continue;
      out.add(pid);
      grew = true;
    }
  }
  return [...out];
}

function readIfThere(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
/** A directory's entries, or none when it is gone or not ours to read (another user's process). */
function listIfThere(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The process listening on a TCP port: its socket's inode in /proc/net/tcp*, then whose fd it is. */
function listenerPid(port) {
  const hex = `:${Number(port).toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const lines = readIfThere(table)?.split("\n").slice(1) ?? [];
    for (const columns of lines.map((l) => l.trim().split(/\s+/))) if (columns[1]?.endsWith(hex) && columns[3] === "0A") inodes.add(columns[9]);
  }
  for (const pid of allPids()) {
    for (const fd of listIfThere(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return null;
}

/** The workerd serving the site: given, or a workerd under the process listening on the port. */
function findWorkerd() {
  if (values["workerd-pid"]) return Number(values["workerd-pid"]);
  const listener = listenerPid(new URL(origin).port || "80");
  if (!listener) return null;
  // wrangler dev's proxy listens; workerd is its child (or the listener itself).
  let top = listener;
  while (parentOf(top) > 1 && /wrangler|workerd|node/.test(cmdline(parentOf(top)))) top = parentOf(top);
  return descendantsOf(top).find((pid) => /(^|\/)workerd /.test(cmdline(pid))) ?? null;
}

async function importOnce(browser, folder, title) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const demo = JSON.parse(readFileSync(path.join(import.meta.dirname, "demo-data.json"), "utf8")).accounts.find((a) => a.key === "admin");
  const login = await context.request.post("/api/auth/login", { data: { email: demo.email, password: demo.password } });
  if (!login.ok()) throw new Error(`admin login failed (${login.status()}): is the demo seed loaded?`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const workerd = findWorkerd();
  const peak = { heap: 0, renderer: 0, workerd: 0 };
  const sample = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics").catch(() => ({ metrics: [] }));
    peak.heap = Math.max(peak.heap, metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0);
    // This script's own Chromium: the renderers among its descendants (other browsers may run beside it).
    const renderers = descendantsOf(process.pid).filter((pid) => cmdline(pid).includes("--type=renderer"));
    peak.renderer = Math.max(peak.renderer, renderers.reduce((sum, pid) => sum + rssKb(pid), 0) * 1024);
    if (workerd) peak.workerd = Math.max(peak.workerd, rssKb(workerd) * 1024);
  };
  const timer = setInterval(() => void sample(), 250);
  try {
    await page.goto("/admin/catalog/import");
    const started = performance.now();
    await page.getByTestId("catalog-import-folder").setInputFiles(folder);
    await page.getByRole("button", { name: "Upload and create drafts" }).click({ timeout: 600_000 });
    await page.getByText(/The drafts are in the catalog/).waitFor({ timeout: 3_600_000 });
    const seconds = (performance.now() - started) / 1000;
    await sample();
    const albums = await (await context.request.get("/api/admin/catalog/albums")).json();
    for (const album of albums.albums.filter((a) => a.title === title)) await context.request.delete(`/api/admin/catalog/albums/${album.id}`);
    return { seconds, ...peak, workerdFound: workerd !== null };
  } finally {
    clearInterval(timer);
    await context.close();
  }
}

const dir = path.join(tmpdir(), `measure-import-${process.pid}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu", "--enable-precise-memory-info"],
});
try {
  const runs = [];
  const suffix = Math.random().toString(36).slice(2, 7);
  if (!values["skip-baseline"]) {
    const title = `Measure baseline ${suffix}`;
    const folder = await writeAlbum(dir, title, 1, totalMb / trackCount);
    runs.push({ label: "1 track (baseline)", mb: totalMb / trackCount, ...(await importOnce(browser, folder, title)) });
  }
  const title = `Measure album ${suffix}`;
  const folder = await writeAlbum(dir, title, trackCount, totalMb);
  runs.push({ label: `${trackCount} tracks`, mb: totalMb, ...(await importOnce(browser, folder, title)) });
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  printTable(
    ["Import", "FLAC", "Time", "Peak JS heap", "Peak renderer RSS", "Peak workerd RSS"],
    runs.map((r) => [r.label, `${r.mb.toFixed(0)} MB`, `${r.seconds.toFixed(1)} s`, mb(r.heap), mb(r.renderer), r.workerdFound ? mb(r.workerd) : "not found"]),
  );
  console.log(
    `Load average (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
