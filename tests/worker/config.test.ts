import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /api/config", () => {
  it("serves the site settings from configuration", async () => {
    const res = await exports.default.fetch("https://fans.test/api/config");
    expect(res.status).toBe(200);
    const body = await res.json<{ brandName: string; vipPrice: { amountCents: number; currency: string }; localMode: boolean }>();
    expect(body.brandName).toBe("Freestyle Lovers");
    expect(body.vipPrice).toEqual({ amountCents: 999, currency: "USD" });
    expect(body.localMode).toBe(true);
  });

  it("sends security headers", async () => {
    const res = await exports.default.fetch("https://fans.test/api/config");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers unknown API paths with the error shape", async () => {
    const res = await exports.default.fetch("https://fans.test/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });
});
