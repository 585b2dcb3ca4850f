#!/usr/bin/env node
// Keeps `npm ci` working: workerd and the lint's import resolver (unrs-resolver) ship one optional
// package per platform, and when the lock is written against a registry (or mirror) that lacks
// some platforms' builds, npm leaves those entries out and `npm ci` then refuses the lock
// ("Missing: @cloudflare/workerd-darwin-64@ from lock file"). This adds the missing platform
// entries for every copy of those packages in the lock; npm skips them on other platforms,
// exactly as it would with a complete lock. Idempotent.
// Usage: node scripts/repair-lockfile.mjs [--check]   (--check: report only, exit 1 if needed)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LOCK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
const WORKERD_PLATFORMS = {
  "darwin-64": { os: "darwin", cpu: "x64" },
  "darwin-arm64": { os: "darwin", cpu: "arm64" },
  "linux-64": { os: "linux", cpu: "x64" },
  "linux-arm64": { os: "linux", cpu: "arm64" },
  "windows-64": { os: "win32", cpu: "x64" },
};
const OSES = ["android", "darwin", "freebsd", "linux", "openharmony", "win32"];
const CPUS = ["arm", "arm64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "x64"];

/**
 * The platform a native binding package is built for, from its name: workerd's own scheme
 * ("@cloudflare/workerd-linux-64"), or the napi-rs one ("@unrs/resolver-binding-linux-x64-gnu",
 * as eslint-plugin-import-x's resolver ships).
 */
function platformOf(dep) {
  if (dep.startsWith("@cloudflare/workerd-")) return WORKERD_PLATFORMS[dep.slice("@cloudflare/workerd-".length)];
  const words = dep.split("/").pop().split("-");
  const os = words.find((w) => OSES.includes(w));
  const cpu = words.find((w) => CPUS.includes(w));
  if (!os || !cpu) return undefined;
  const libc = words.includes("gnu") || words.includes("gnueabihf") ? "glibc" : words.includes("musl") || words.includes("musleabihf") ? "musl" : undefined;
  return { os, cpu, ...(libc ? { libc } : {}) };
}

const BINDING_OWNERS = ["workerd", "unrs-resolver"];
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const missing = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  const owner = BINDING_OWNERS.find((name) => key.endsWith(`node_modules/${name}`));
  if (!owner) continue;
  const prefix = key.slice(0, -owner.length);
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const platform = platformOf(dep);
    if (!platform) continue;
    // npm resolves a nested dependency from its own node_modules first, then the top level.
    if (lock.packages[`${prefix}${dep}`] || lock.packages[`node_modules/${dep}`]?.version === version) continue;
    missing.push({ key: `${prefix}${dep}`, version, platform });
  }
}

if (missing.length === 0) {
  console.log("repair-lockfile: package-lock.json has every platform entry");
  process.exit(0);
}
for (const m of missing) console.log(`repair-lockfile: missing ${m.key}@${m.version}`);
if (process.argv.includes("--check")) process.exit(1);

for (const { key, version, platform } of missing) {
  const { os, cpu, libc } = platform;
  lock.packages[key] = { version, cpu: [cpu], dev: true, optional: true, os: [os], ...(libc ? { libc: [libc] } : {}) };
}
// npm writes the packages map sorted by path (root first); keep that so diffs stay small.
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`repair-lockfile: added ${missing.length} entries; commit package-lock.json`);
