import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, type AppEnv } from "../../worker/env";
import { createDb } from "../../worker/db/client";
import { onError } from "../../worker/middleware/errors";
import { loadSession } from "../../worker/middleware/session";
import { requireAdmin, requireUser, requireVIP } from "../../worker/middleware/guards";
import type { HonoEnv } from "../../worker/types";
import { createUser, type Role } from "./helpers";

// A tiny app with the real session loader and guards, so each guard is tested per role even
// before the routes that use it (VIP media, back office) exist.
const guarded = new Hono<HonoEnv>()
  .use(async (c, next) => {
    c.set("db", createDb(c.env.DB));
    await next();
  })
  .use(loadSession)
  .get("/user", requireUser, (c) => c.text("ok"))
  .get("/vip", requireVIP, (c) => c.text("ok"))
  .get("/admin", requireAdmin, (c) => c.text("ok"));
guarded.onError(onError);

async function statusFor(role: Role, path: string) {
  const headers = new Headers();
  if (role !== "visitor") headers.set("cookie", (await createUser(role)).cookie);
  const res = await guarded.request(path, { headers }, env);
  return res.status;
}

describe("role guards", () => {
  const expected: Record<Role, Record<string, number>> = {
    visitor: { "/user": 401, "/vip": 401, "/admin": 401 },
    banned: { "/user": 401, "/vip": 401, "/admin": 401 },
    user: { "/user": 200, "/vip": 403, "/admin": 403 },
    vip: { "/user": 200, "/vip": 200, "/admin": 403 },
    admin: { "/user": 200, "/vip": 200, "/admin": 200 },
  };
  for (const [role, paths] of Object.entries(expected) as [Role, Record<string, number>][]) {
    for (const [path, status] of Object.entries(paths)) {
      it(`${role} on ${path} gets ${status}`, async () => {
        expect(await statusFor(role, path)).toBe(status);
      });
    }
  }

  it("tells a member without VIP why they were refused", async () => {
    const user = await createUser("user");
    const res = await guarded.request("/vip", { headers: { cookie: user.cookie } }, env);
    expect(await res.json()).toEqual({ error: { code: "vip_required", message: "VIP Access Required" } });
  });
});

describe("configuration check", () => {
  it("names every missing or invalid setting", () => {
    const broken = { ...env, APP_ENV: "production", PASSWORD_PEPPER: undefined, SUPPORT_EMAIL: "not-an-email" } as unknown as AppEnv;
    expect(() => readConfig(broken)).toThrow(ConfigError);
    try {
      readConfig(broken);
    } catch (err) {
      expect((err as Error).message).toContain("PASSWORD_PEPPER");
      expect((err as Error).message).toContain("SUPPORT_EMAIL");
    }
  });

  it("says a required setting that is not set is missing, and how to set it", () => {
    const broken = { ...env, APP_ENV: "production", SESSION_SECRET: undefined } as unknown as AppEnv;
    expect(() => readConfig(broken)).toThrow(
      "Worker configuration is invalid: SESSION_SECRET is missing (not set; a secret is set with wrangler secret put SESSION_SECRET, locally in .dev.vars)",
    );
  });

  it("refuses a live mail provider without its key", () => {
    const broken = { ...env, MAIL_PROVIDER: "resend" } as unknown as AppEnv;
    expect(() => readConfig(broken)).toThrow(/MAIL_PROVIDER needs MAIL_API_KEY/);
  });

  it("parses a set of values once, whatever env object carries it, and tells different values apart", () => {
    // The error reporter gives every request an env of its own over the same values.
    const first = readConfig({ ...env } as unknown as AppEnv);
    expect(readConfig(new Proxy({ ...env }, {}) as unknown as AppEnv)).toBe(first);
    const other = readConfig({ ...env, BRAND_NAME: "Another Brand" } as unknown as AppEnv);
    expect(other).not.toBe(first);
    expect(other.BRAND_NAME).toBe("Another Brand");
    expect(readConfig({ ...env } as unknown as AppEnv).BRAND_NAME).toBe(first.BRAND_NAME);
  });

  it("reads an env object's values once: the request's later reads of its configuration read none", () => {
    let reads = 0;
    const counted = new Proxy({ ...env }, { get: (target, name) => (reads++, Reflect.get(target, name)) }) as unknown as AppEnv;
    const first = readConfig(counted);
    expect(reads).toBeGreaterThan(0);
    reads = 0;
    expect(readConfig(counted)).toBe(first);
    expect(reads).toBe(0);
  });
});
