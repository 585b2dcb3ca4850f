// The local demo seed (scripts/prepare-local.mjs) must produce data the Worker accepts:
// password hashes its verifier checks, avatars that are real PNGs, idempotent SQL.
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildSeedSql, DEMO_ACCOUNTS, demoAvatarFile, hashPassword, parseDotenv } from "../../scripts/lib/demo-seed.mjs";
import { avatarPng } from "../../scripts/lib/png.mjs";
import { AVATAR_FILENAME_PATTERN } from "../../worker/contracts/profiles";
import { PBKDF2_ITERATIONS, verifyPassword } from "../../worker/lib/password";

const PEPPER = "demo-seed-test-pepper-0123456789";

describe("demo seed password hashes", () => {
  it("verify with the Worker's own verifier, and only with the right password and pepper", async () => {
    const stored = await hashPassword("demo-fan-1", PEPPER);
    expect(stored).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(await verifyPassword("demo-fan-1", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("demo-fan-2", stored, PEPPER)).toBe(false);
    expect(await verifyPassword("demo-fan-1", stored, `${PEPPER}-other`)).toBe(false);
  });
});

describe("demo seed SQL", () => {
  it("covers an administrator, a VIP and a regular member, each with a profile and an avatar", async () => {
    const roles = DEMO_ACCOUNTS.map((a) => a.role);
    expect(roles).toEqual(expect.arrayContaining(["admin", "vip", "user"]));
    const sql = await buildSeedSql(PEPPER);
    for (const account of DEMO_ACCOUNTS) {
      expect(sql).toContain(`'${account.email}'`);
      expect(sql).toContain(`/uploads/avatars/${demoAvatarFile(account)}`);
    }
    expect(sql).toMatch(/INSERT OR IGNORE INTO admins/);
    expect(sql).toMatch(/INSERT OR IGNORE INTO profiles/);
  });

  it("names avatars the way the upload route does, so the Worker serves them and can replace them", () => {
    for (const account of DEMO_ACCOUNTS) {
      const file = demoAvatarFile(account);
      expect(file).toMatch(AVATAR_FILENAME_PATTERN);
      expect(file.startsWith(`${account.id}-`)).toBe(true);
    }
  });

  it("never inserts without a conflict rule, so running it twice cannot fail or duplicate", async () => {
    const sql = await buildSeedSql(PEPPER);
    const inserts = sql.match(/INSERT\b[^;]*/g) ?? [];
    expect(inserts.length).toBeGreaterThan(0);
    for (const statement of inserts) expect(statement).toMatch(/^INSERT OR IGNORE/);
  });
});

describe("generated avatars", () => {
  it("are valid RGBA PNGs of the requested size", () => {
    const png = avatarPng(3, 32);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(32);
    expect(png.readUInt32BE(20)).toBe(32);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString("ascii", 37, 41)).toBe("IDAT");
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(32 * (32 * 4 + 1));
  });

  it("differ between accounts", () => {
    expect(avatarPng(1, 16).equals(avatarPng(2, 16))).toBe(false);
  });
});

describe(".dev.vars parsing", () => {
  it("reads KEY=value lines, strips quotes and skips comments", () => {
    expect(parseDotenv('# local\nAPP_ENV=local\nPASSWORD_PEPPER="abc def"\n  SESSION_SECRET = xyz \n')).toEqual({
      APP_ENV: "local",
      PASSWORD_PEPPER: "abc def",
      SESSION_SECRET: "xyz",
    });
  });

  it("makes the demo VIP a VIP through an active local subscription, restored on every seed", async () => {
    const now = Date.UTC(2026, 10, 21);
    const sql = await buildSeedSql(PEPPER, now);
    const vip = DEMO_ACCOUNTS.find((a) => a.role === "vip")!;
    const subscriptionInsert = sql.match(/INSERT OR IGNORE INTO subscriptions[^;]*/)?.[0] ?? "";
    expect(subscriptionInsert).toContain(`'${vip.id}'`);
    expect(subscriptionInsert).toMatch(/'sub_local_demo_\w+', '[^']+', 'cus_local_demo_\w+', 'active', (\d+)/);
    const periodEnd = Number(subscriptionInsert.match(/'active', (\d+)/)?.[1]);
    expect(periodEnd - now).toBe(30 * 24 * 3600 * 1000);
    expect(sql).toMatch(/UPDATE subscriptions SET status = 'active'[^;]*WHERE id = 'sub_local_demo_\w+'/);
    expect(sql.match(/INSERT OR IGNORE INTO subscriptions/g)).toHaveLength(DEMO_ACCOUNTS.filter((a) => a.role === "vip").length);
  });
});
