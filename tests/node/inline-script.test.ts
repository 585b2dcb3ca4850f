// index.html's one inline script (it sets up Intl while the module scripts download) runs under
// the Content-Security-Policy only by its hash: both the static assets' policy (public/_headers)
// and the Worker's (securityHeaders, for the pages it serves) must allow exactly that script.
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

describe("index.html's inline script", () => {
  it("is the only one, and sets up Intl", () => {
    expect(inlineScripts).toHaveLength(1);
    expect(inlineScripts[0]).toContain("new Intl.NumberFormat()");
  });

  it("is allowed by its hash, and only it, by the static assets' policy", () => {
    const policy = read("public/_headers").match(/Content-Security-Policy: (.*)/)![1]!;
    expect(scriptSrc(policy)).toEqual(["'self'", hashSource(inlineScripts[0]!)]);
  });

  it("is allowed by its hash, and only it, by the Worker's policy", async () => {
    const app = new Hono().use(securityHeaders).get("/", (c) => c.text("ok"));
    const policy = (await app.request("/")).headers.get("content-security-policy")!;
    expect(scriptSrc(policy)).toEqual(["'self'", hashSource(inlineScripts[0]!)]);
  });
});
