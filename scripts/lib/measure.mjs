// What the measurement scripts share: the launch goal's public pages, argument checks, the
// loopback-only rule, the demo sign-in, percentiles and a plain table printer. Figures only;
// nothing here asserts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./wrangler.mjs";

/** Every public page the launch goal names, with a demo album, track and product (npm start's seed). */
export const PUBLIC_PAGES = [
  "/",
  "/events",
  "/music",
  "/music/catalog",
  "/music/catalog/city-lights-calling",
  "/music/track/spring-love",
  "/vip-signup",
  "/signup-options",
  "/perks",
  "/store",
  "/store/tour-shirt-2026",
];

/** `raw` as an integer from 1 to `cap`, or exit with a message naming `--name`. */
export function positiveInt(name, raw, cap) {
  const n = Number.parseInt(raw, 10);
  if (!Number.isInteger(n) || n < 1 || n > cap || String(n) !== String(raw).trim()) {
    console.error(`--${name} must be an integer between 1 and ${cap}`);
    process.exit(1);
  }
  return n;
}

const isLoopbackHost = (hostname) => {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
};

/**
 * The origin of `url` when it is http(s) on this machine; otherwise exits. A load or audit only
 * ever targets this machine: never another host, private range or not.
 */
export function loopbackOrigin(url, what = "measure") {
  const base = new URL(url);
  if (!isLoopbackHost(base.hostname) || (base.protocol !== "http:" && base.protocol !== "https:")) {
    console.error(`Refusing to ${what} ${url}: only http(s) on loopback addresses (127.0.0.0/8, localhost, [::1]) is measured.`);
    process.exit(1);
  }
  return base.origin;
}

/** Signs one demo account in (the login route is rate-limited, so once); its cookie and id. */
export async function signInDemo(origin, key) {
  const demo = JSON.parse(readFileSync(path.join(ROOT, "scripts", "demo-data.json"), "utf8"));
  const account = demo.accounts.find((a) => a.key === key);
  if (!account) throw new Error(`no demo account "${key}" (try ${demo.accounts.map((a) => a.key).join(", ")})`);
  const response = await fetch(new URL("/api/auth/login", origin), {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = await response.json().catch(() => null);
  const sid = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__Host-sid="));
  if (!response.ok || !sid || !body?.user?.id) {
    throw new Error(`demo login failed (${response.status}): ${JSON.stringify(body)}; is the demo seed loaded (npm start)?`);
  }
  return { cookie: sid, userId: body.user.id, email: account.email };
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A table of text cells: the first `textColumns` left-aligned, the rest (figures) right-aligned. */
export function printTable(header, rows, textColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < textColumns ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}
