import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, createUser, db, errorOf } from "./helpers";
import { sessions } from "../../worker/db/schema/accounts";

const sessionsOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../worker/lib/password";

describe("CSRF same-origin check", () => {
  it("refuses a cross-origin POST, a sibling subdomain included, and changes nothing", async () => {
    const user = await createUser("user");
    for (const origin of ["https://evil.example", "https://sub.fans.test", "http://fans.test"]) {
      const res = await call("/api/auth/logout", { method: "POST", cookie: user.cookie, headers: { origin } });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("csrf");
    }
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it("refuses a cross-site fetch by Sec-Fetch-Site", async () => {
    const user = await createUser("user");
    const res = await call("/api/auth/logout", { method: "POST", cookie: user.cookie, noOrigin: true, headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it("refuses an unsafe request that carries neither header", async () => {
    const user = await createUser("user");
    const res = await call("/api/auth/logout", { method: "POST", cookie: user.cookie, noOrigin: true });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it("lets a same-origin request through, by Origin or by Sec-Fetch-Site", async () => {
    const user = await createUser("user");
    const res = await call("/api/auth/logout", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(204);
    expect(await sessionsOf(user.id)).toBe(0);

    const other = await createUser("user");
    const bySite = await call("/api/auth/logout", { method: "POST", cookie: other.cookie, noOrigin: true, headers: { "sec-fetch-site": "same-origin" } });
    expect(bySite.status).toBe(204);
    expect(await sessionsOf(other.id)).toBe(0);
  });
});

describe("password hashing", () => {
  it("never uses more than the Workers maximum of 100,000 PBKDF2 iterations", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const stored = await hashPassword("secret123", "pepper-for-this-test-only");
    const [scheme, iterations, salt, hash] = stored.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(100_000);
    expect(salt!.length).toBeGreaterThan(10);
    expect(hash!.length).toBeGreaterThan(30);
  });

  it("verifies only the right password with the right pepper", async () => {
    const stored = await hashPassword("secret123", "pepper-a-0123456789");
    expect(await verifyPassword("secret123", stored, "pepper-a-0123456789")).toBe(true);
    expect(await verifyPassword("secret124", stored, "pepper-a-0123456789")).toBe(false);
    expect(await verifyPassword("secret123", stored, "pepper-b-0123456789")).toBe(false);
  });

  it("refuses a stored hash claiming more iterations than allowed", async () => {
    const stored = (await hashPassword("secret123", "pepper-a-0123456789")).replace("$100000$", "$200000$");
    expect(await verifyPassword("secret123", stored, "pepper-a-0123456789")).toBe(false);
  });
});
