// index.html's two inline scripts (the Intl set-up at the top of the head, the loader that starts a
// server-rendered page's modules after its first paint) run under the Content-Security-Policy
// only by their hashes: both the static assets' policy (public/_headers) and the Worker's
// (securityHeaders, for the pages it serves) must allow exactly those scripts, and besides them only
// Cloudflare Turnstile's script and challenge frame (the bot check's live widget, decision 090).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../worker/middleware/security-headers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const inlineScripts = [...read("index.html").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
const hashSource = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
const scriptSrc = (policy: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "))!
    .split(/\s+/)
    .slice(1);
const TURNSTILE = "https://challenges.cloudflare.com";
const frameSrc = (policy: string) => /frame-src ([^;]*)/.exec(policy)?.[1]?.trim();

describe("index.html's inline scripts", () => {
  it("are two: the Intl set-up before any stylesheet, and the module loader after the page", () => {
    expect(inlineScripts).toHaveLength(2);
    expect(inlineScripts[0]).toContain("new Intl.NumberFormat()");
    expect(inlineScripts[1]).toContain('getElementById("app-modules")');
    const html = read("index.html");
    expect(html.indexOf("new Intl.NumberFormat()")).toBeLessThan(html.indexOf("<link"));
    expect(html.indexOf('getElementById("app-modules")')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it("are allowed by their hashes, and only they (with Turnstile), by the static assets' policy", () => {
    const policy = read("public/_headers").match(/Content-Security-Policy: (.*)/)![1]!;
    expect(scriptSrc(policy)).toEqual(["'self'", ...inlineScripts.map(hashSource), TURNSTILE]);
    expect(frameSrc(policy)).toBe(TURNSTILE);
  });

  it("are allowed by their hashes, and only they (with Turnstile), by the Worker's policy", async () => {
    const app = new Hono().use(securityHeaders).get("/", (c) => c.text("ok"));
    const policy = (await app.request("/")).headers.get("content-security-policy")!;
    expect(scriptSrc(policy)).toEqual(["'self'", ...inlineScripts.map(hashSource), TURNSTILE]);
    expect(frameSrc(policy)).toBe(TURNSTILE);
  });
});
