// Accounts API: sign-up, sign-in, sign-out, current user, password reset, rate limits.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { admins, passwordResets, profiles, sessions, users } from "../../worker/db/schema/accounts";
import { rateLimits } from "../../worker/db/schema/operations";
import { consumePasswordReset, insertUserWithProfile, SESSION_IDLE_MS } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { hashPassword, verifyPassword } from "../../worker/lib/password";
import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS, type MailboxResponse, type SessionUser } from "../../worker/contracts/auth";
import { EDGE_RATE_LIMITS, RATE_LIMITS, RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { LOGIN_SLOWDOWN } from "../../worker/contracts/sign-in-link";
import {
  call,
  callLocal,
  cookieFrom,
  createUser,
  db,
  errorOf,
  EDGE_LIMIT_TEST_TIMEOUT_MS,
  inOneEdgeLimitWindow,
  ORIGIN,
  ruleError,
  SESSION_COOKIE,
  testEnv,
  withBotCheck,
} from "./helpers";
import { isUniqueViolation } from "../../worker/db/d1";

// Every test gets its own client IP so per-IP limits of one test never leak into another.
let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return { "cf-connecting-ip": `10.${Math.floor(Math.random() * 250)}.${ipCounter >> 8}.${ipCounter & 255}` };
};

let nameCounter = 0;
const uniqueName = (prefix = "fan") => `${prefix}_${++nameCounter}_${crypto.randomUUID().slice(0, 8)}`;

function signupBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: "secret123", confirmPassword: "secret123", ...overrides };
}

const signup = (json: unknown, headers = freshIp()) => call("/api/auth/signup", { json, headers });
const login = (json: unknown, opts: { headers?: Record<string, string>; cookie?: string } = {}) =>
  call("/api/auth/login", { json, headers: opts.headers ?? freshIp(), cookie: opts.cookie });

async function me(cookie?: string) {
  const res = await call("/api/auth/me", { cookie });
  expect(res.status).toBe(200);
  return (await res.json<{ user: SessionUser | null }>()).user;
}

async function sessionCount(userId: string) {
  return (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** Asks for a reset link and returns the token read back from the local mailbox. */
async function requestResetToken(email: string) {
  const res = await call("/api/auth/reset/request", { json: { email }, headers: freshIp() });
  expect(res.status).toBe(200);
  const mailbox = await (await callLocal("/api/dev/mailbox")).json<MailboxResponse>();
  const mail = mailbox.messages.find((m) => m.to === email.toLowerCase());
  expect(mail).toBeDefined();
  const link = new URL(mail!.links[0]!);
  return { token: link.searchParams.get("token")!, link, mail: mail! };
}

/** A JSON body just over the 64 KB limit every JSON route shares. */
const oversizedBody = () => JSON.stringify({ email: "a@example.com", password: "x".repeat(65 * 1024) });

function expectSessionCookieFlags(res: Response) {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  expect(line).toBeDefined();
  expect(line).toMatch(/;\s*HttpOnly/i);
  expect(line).toMatch(/;\s*Secure/i);
  expect(line).toMatch(/;\s*SameSite=Lax/i);
  expect(line).toMatch(/;\s*Path=\/(;|$)/);
}

describe("POST /api/auth/signup", () => {
  it("creates the account and its profile, signs the user in and returns the session user", async () => {
    const body = signupBody();
    const before = Date.now();
    const res = await signup(body);
    expect(res.status).toBe(201);
    const { user } = await res.json<{ user: SessionUser }>();
    expect(user).toEqual({
      id: expect.any(String),
      email: body.email,
      username: body.username,
      isAdmin: false,
      isVIP: false,
      // Every account is in the free tier until it pays (decision 096).
      tier: { id: "member", rank: 0 },
      avatarUrl: null,
      isDoorStaff: false,
      // A new account's address is not verified yet (migrations/0035).
      emailVerified: false,
      pendingEmail: null,
      locale: "en",
    });
    expectSessionCookieFlags(res);

    const row = await db().select().from(users).where(eq(users.id, user.id)).limit(1).get();
    expect(row!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row!.passwordHash).not.toContain(body.password);
    expect(await verifyPassword(body.password, row!.passwordHash, testEnv.PASSWORD_PEPPER)).toBe(true);
    expect(await db().select().from(profiles).where(eq(profiles.userId, user.id)).limit(1).get()).toBeDefined();

    expect(await me(cookieFrom(res)!)).toEqual(user);
  });

  it("stores the e-mail lower-cased and trimmed", async () => {
    const name = uniqueName();
    const res = await signup(signupBody({ username: name, email: `  ${name.toUpperCase()}@Example.COM ` }));
    expect(res.status).toBe(201);
    expect((await res.json<{ user: SessionUser }>()).user.email).toBe(`${name.toLowerCase()}@example.com`);
  });

  it("stores only a hash of the session id", async () => {
    const res = await signup(signupBody());
    const { user } = await res.json<{ user: SessionUser }>();
    const token = cookieFrom(res)!.slice(`${SESSION_COOKIE}=`.length);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses a taken e-mail, whatever its case, with 409 email_taken", async () => {
    const existing = await createUser("user");
    const res = await signup(signupBody({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "email_taken", message: AUTH_MESSAGES.emailTaken });
  });

  it("refuses a taken username, whatever its case, with 409 username_taken", async () => {
    const existing = await createUser("user", { username: uniqueName("Taken") });
    const res = await signup(signupBody({ username: existing.username.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "username_taken", message: AUTH_MESSAGES.usernameTaken });
  });

  it("reports a unique-index collision as such and leaves no half-created account", async () => {
    // The route turns this error into a 409 when two sign-ups race past the lookup.
    const existing = await createUser("user");
    const id = crypto.randomUUID();
    const err = await insertUserWithProfile(db(), { id, email: existing.email.toUpperCase(), username: uniqueName(), passwordHash: "x" }).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(await db().select().from(profiles).where(eq(profiles.userId, id)).limit(1).get()).toBeUndefined();
    expect(isUniqueViolation(new Error("no such table: users"))).toBe(false);
  });

  it.each([
    ["a username with a space", { username: "bad name" }, "username", AUTH_MESSAGES.usernamePattern],
    ["a short password", { password: "12345", confirmPassword: "12345" }, "password", AUTH_MESSAGES.passwordMin],
    ["passwords that differ", { confirmPassword: "secret124" }, "confirmPassword", AUTH_MESSAGES.passwordsDontMatch],
    ["an invalid e-mail", { email: "not-an-email" }, "email", "Please enter a valid email address"],
    ["an unknown field", { isAdmin: true }, "", null],
    ["a number as username", { username: 42 }, "username", null],
    ["a missing password", { password: undefined }, "password", null],
  ])("rejects %s with 400 and the rule's code (invalid_input without one)", async (_label, overrides, field, message) => {
    const res = await signup(signupBody(overrides));
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { code: string; message: string; field?: string } }>();
    expect(body.error.code).toBe(ruleError(message ?? "").code);
    if (field) expect(body.error.field).toBe(field);
    if (message) expect(body.error.message).toBe(message);
  });

  it.each([
    ["a blank username", { username: "   " }, { code: "username_required", message: "Username is required", field: "username" }],
    [
      "a username of 31 characters",
      { username: "u".repeat(31) },
      { code: "username_too_long", message: "Username must be at most 30 characters", field: "username", params: { max: 30 } },
    ],
    ["a username with a dash", { username: "bad-name" }, { code: "username_pattern", message: AUTH_MESSAGES.usernamePattern, field: "username" }],
    [
      "a short password",
      { password: "12345", confirmPassword: "12345" },
      { code: "password_too_short", message: AUTH_MESSAGES.passwordMin, field: "password", params: { min: 6 } },
    ],
  ])("answers %s with the rule's code, the field and the values its text names", async (_label, overrides, error) => {
    const res = await signup(signupBody(overrides));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  it("rejects malformed JSON, a non-JSON body and an oversized body", async () => {
    const malformed = await call("/api/auth/signup", { body: "{not json", headers: { "content-type": "application/json", ...freshIp() } });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("bad_request");

    const form = await call("/api/auth/signup", { body: "username=a", headers: { "content-type": "application/x-www-form-urlencoded", ...freshIp() } });
    expect(form.status).toBe(400);
    expect((await errorOf(form)).code).toBe("invalid_input");

    const big = await call("/api/auth/signup", { body: oversizedBody(), headers: { "content-type": "application/json", ...freshIp() } });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe("payload_too_large");
  });

  it(
    "limits sign-up attempts per IP with a clear 429",
    async () => {
      const existing = await createUser("user");
      const ip = freshIp();
      const { max } = EDGE_RATE_LIMITS.signupPerIp;
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await signup(signupBody({ email: existing.email }), ip)).status).toBe(409);
      const res = await signup(signupBody(), ip);
      expect(res.status).toBe(429);
      expect(await errorOf(res)).toEqual({ code: "rate_limited", message: RATE_LIMIT_MESSAGE });
      // Another address is not affected.
      expect((await signup(signupBody())).status).toBe(201);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe("POST /api/auth/login", () => {
  // The limits count in fixed windows: a loop that ran across a window's end would start counting
  // again and never reach the limit, so these tests run at the start of an hour (every window of
  // the sign-in limits begins then). Only Date is faked.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("signs in with the right password (e-mail case-insensitive), sets the cookie and last_sign_in_at", async () => {
    const u = await createUser("user");
    const before = Date.now();
    const res = await login({ email: ` ${u.email.toUpperCase()} `, password: u.password });
    expect(res.status).toBe(200);
    const { user } = await res.json<{ user: SessionUser }>();
    expect(user).toEqual({
      id: u.id,
      email: u.email,
      username: u.username,
      isAdmin: false,
      isVIP: false,
      tier: { id: "member", rank: 0 },
      avatarUrl: null,
      isDoorStaff: false,
      emailVerified: true,
      pendingEmail: null,
      locale: "en",
    });
    expectSessionCookieFlags(res);
    const row = await db().select().from(users).where(eq(users.id, u.id)).limit(1).get();
    expect(row!.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await me(cookieFrom(res)!))?.id).toBe(u.id);
  });

  it("rotates the session: the cookie held before no longer works", async () => {
    const u = await createUser("user");
    const res = await login({ email: u.email, password: u.password }, { cookie: u.cookie });
    expect(res.status).toBe(200);
    const fresh = cookieFrom(res)!;
    expect(fresh).not.toBe(u.cookie);
    // One Set-Cookie for sid, so no browser can end up keeping a cleared or stale value.
    expect(res.headers.getSetCookie().filter((l) => l.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1);
    expect(await me(u.cookie)).toBeNull();
    expect((await me(fresh))?.id).toBe(u.id);
    expect(await sessionCount(u.id)).toBe(1);
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const u = await createUser("user");
    const wrong = await login({ email: u.email, password: "not-the-password" });
    const unknown = await login({ email: `${uniqueName()}@example.com`, password: "whatever1" });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials });
      expect(cookieFrom(res)).toBeNull();
    }
  });

  it("tells a banned account with the right password that it is suspended (reasons and ends: suspensions.test.ts)", async () => {
    const u = await createUser("banned");
    const res = await login({ email: u.email, password: u.password });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "account_suspended", message: "Your account is suspended.", params: { reason: "" } });
    expect(cookieFrom(res)).toBeNull();
    const wrong = await login({ email: u.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials });
  });

  it.each([
    ["VIP", "vip", { isVIP: true, isAdmin: false }],
    ["admin (admins row)", "admin", { isVIP: false, isAdmin: true }],
  ] as const)("returns the %s flags", async (_label, role, flags) => {
    const u = await createUser(role);
    const res = await login({ email: u.email, password: u.password });
    expect((await res.json<{ user: SessionUser }>()).user).toMatchObject(flags);
  });

  it("treats users.is_admin as admin too", async () => {
    const u = await createUser("user");
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, u.id));
    const res = await login({ email: u.email, password: u.password });
    expect((await res.json<{ user: SessionUser }>()).user.isAdmin).toBe(true);
    expect(await db().select().from(admins).where(eq(admins.userId, u.id)).limit(1).get()).toBeUndefined();
  });

  it.each([
    ["malformed JSON", { body: "{", headers: { "content-type": "application/json" } }, 400],
    ["a missing password", { json: { email: "a@example.com" } }, 400],
    ["a number as password", { json: { email: "a@example.com", password: 123456 } }, 400],
    ["an unknown field", { json: { email: "a@example.com", password: "secret123", remember: true } }, 400],
    ["an oversized body", { body: oversizedBody(), headers: { "content-type": "application/json" } }, 413],
  ] as const)("rejects %s", async (_label, opts, status) => {
    const headers = { ...("headers" in opts ? opts.headers : {}), ...freshIp() };
    const res = await call("/api/auth/login", { ...opts, headers });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toMatch(/^(bad_request|invalid_input|payload_too_large)$/);
  });

  // The slowdown past the free failures, and the sign-in links, are in login-slowdown.test.ts.
  it("counts only failures per account: successes never slow the owner down, and one clears the failures", async () => {
    const u = await createUser("user");
    const { freeFailures } = LOGIN_SLOWDOWN;
    for (let i = 0; i <= freeFailures + 1; i++) expect((await login({ email: u.email, password: u.password })).status).toBe(200);
    for (let i = 0; i < freeFailures - 1; i++) expect((await login({ email: u.email, password: "wrong-password" })).status).toBe(401);
    const owner = await login({ email: u.email.toUpperCase(), password: u.password });
    expect(owner.status).toBe(200);
    expect((await owner.json<{ user: SessionUser }>()).user.id).toBe(u.id);
    // Had the failures not been cleared, this one would reach the limit and the owner would wait.
    expect((await login({ email: u.email, password: "typo" })).status).toBe(401);
    expect((await login({ email: u.email, password: u.password })).status).toBe(200);
  });

  it(
    "puts every request without CF-Connecting-IP in one bucket, whatever X-Forwarded-For says",
    async () => {
      const u = await createUser("user");
      const { max } = EDGE_RATE_LIMITS.loginPerIp;
      await inOneEdgeLimitWindow();
      const spoofed = (i: number) => ({ "cf-connecting-ip": "", "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `203.0.113.${i}` });
      for (let i = 0; i < max; i++) expect((await login({ email: `${uniqueName()}@example.com`, password: "x" }, { headers: spoofed(i) })).status).toBe(401);
      const res = await login({ email: u.email, password: u.password }, { headers: spoofed(max) });
      expect(res.status).toBe(429);
      expect((await errorOf(res)).code).toBe("rate_limited");
      // Counted by the Rate Limiting binding, not in D1.
      expect(await db().select().from(rateLimits).where(like(rateLimits.key, "login:ip:%"))).toEqual([]);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );

  it(
    "limits attempts per IP across accounts",
    async () => {
      const u = await createUser("user");
      const ip = freshIp();
      const { max } = EDGE_RATE_LIMITS.loginPerIp;
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await login({ email: `${uniqueName()}@example.com`, password: "x" }, { headers: ip })).status).toBe(401);
      const res = await login({ email: u.email, password: u.password }, { headers: ip });
      expect(res.status).toBe(429);
      expect((await errorOf(res)).message).toBe(RATE_LIMIT_MESSAGE);
      expect((await login({ email: u.email, password: u.password })).status).toBe(200);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe("POST /api/auth/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const u = await createUser("user");
    const res = await call("/api/auth/logout", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await sessionCount(u.id)).toBe(0);
    expect(await me(u.cookie)).toBeNull();
  });

  it("ends only this browser's session", async () => {
    const u = await createUser("user");
    const other = await login({ email: u.email, password: u.password });
    expect(other.status).toBe(200);
    expect((await call("/api/auth/logout", { method: "POST", cookie: u.cookie })).status).toBe(204);
    expect(await me(u.cookie)).toBeNull();
    expect((await me(cookieFrom(other)!))?.id).toBe(u.id);
  });

  it("answers 204 to a visitor too", async () => {
    const res = await call("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(204);
  });
});

describe("GET /api/auth/me", () => {
  it("returns null for a visitor and for an unknown cookie", async () => {
    expect(await me()).toBeNull();
    expect(await me(`${SESSION_COOKIE}=${randomToken(32)}`)).toBeNull();
    expect(await me(`${SESSION_COOKIE}=${"a".repeat(500)}`)).toBeNull();
  });

  it.each([
    ["user", { isVIP: false, isAdmin: false, tier: { id: "member", rank: 0 } }],
    ["vip", { isVIP: true, isAdmin: false, tier: { id: "vip", rank: 1 } }],
    ["admin", { isVIP: false, isAdmin: true, tier: { id: "member", rank: 0 } }],
  ] as const)("returns the %s with its role flags", async (role, flags) => {
    const u = await createUser(role);
    expect(await me(u.cookie)).toEqual({
      id: u.id,
      email: u.email,
      username: u.username,
      avatarUrl: null,
      isDoorStaff: false,
      emailVerified: true,
      pendingEmail: null,
      locale: "en",
      ...flags,
    });
  });

  it("ends the session of a banned user", async () => {
    const u = await createUser("banned");
    expect(await me(u.cookie)).toBeNull();
    expect(await sessionCount(u.id)).toBe(0);
  });

  it("ends a session banned after it started", async () => {
    const u = await createUser("user");
    expect((await me(u.cookie))?.id).toBe(u.id);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, u.id));
    expect(await me(u.cookie)).toBeNull();
  });

  it("ends a session left idle longer than the idle timeout, and keeps one just inside it", async () => {
    const idle = await createUser("user");
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.userId, idle.id));
    expect(await me(idle.cookie)).toBeNull();
    expect(await sessionCount(idle.id)).toBe(0);

    const recent = await createUser("user");
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 60 * 60_000) })
      .where(eq(sessions.userId, recent.id));
    expect((await me(recent.cookie))?.id).toBe(recent.id);
  });

  it("names the session cookie with the __Host- prefix: Secure, Path=/ and no Domain", async () => {
    const u = await createUser("user");
    const res = await login({ email: u.email, password: u.password });
    const line = res.headers.getSetCookie().find((l) => l.startsWith("__Host-sid="));
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=/i);
    // A plain `sid` cookie (as a sibling subdomain could set) is not a session.
    expect(await me(`sid=${cookieFrom(res)!.split("=")[1]}`)).toBeNull();
  });

  it("ignores a session past its absolute expiry", async () => {
    const u = await createUser("user");
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.id));
    expect(await me(u.cookie)).toBeNull();
  });

  it("shows the e-mail's local part when no username is stored", async () => {
    const u = await createUser("user");
    await db().update(users).set({ username: "" }).where(eq(users.id, u.id));
    expect((await me(u.cookie))?.username).toBe(u.email.split("@")[0]);
  });
});

describe("password reset", () => {
  it("answers 404 user_not_found for an unknown address", async () => {
    const res = await call("/api/auth/reset/request", { json: { email: `${uniqueName()}@example.com` }, headers: freshIp() });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "user_not_found", message: AUTH_MESSAGES.userNotFound });
  });

  it("mails a single-use link to /auth/reset-password and stores only the token's hash", async () => {
    const u = await createUser("user");
    const before = Date.now();
    const { token, link, mail } = await requestResetToken(u.email.toUpperCase());
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain(link.toString());
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe("/auth/reset-password");
    expect(link.searchParams.get("type")).toBe("recovery");
    expect(token.length).toBeGreaterThanOrEqual(43);

    const rows = await db().select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(RESET_TOKEN_TTL_MS - 5000);
    expect(ttl).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS + 5000);

    expect((await call(`/api/auth/reset/verify?token=${encodeURIComponent(token)}&type=recovery`)).status).toBe(200);
  });

  it("sends no link to a banned account and does not reveal the ban", async () => {
    const u = await createUser("banned");
    const res = await call("/api/auth/reset/request", { json: { email: u.email }, headers: freshIp() });
    expect(res.status).toBe(200);
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, u.id))).toHaveLength(0);
    const mailbox = await (await callLocal("/api/dev/mailbox")).json<MailboxResponse>();
    expect(mailbox.messages.some((m) => m.to === u.email)).toBe(false);
  });

  it.each([
    ["an invalid e-mail", { json: { email: "nope" } }, 400],
    ["an unknown field", { json: { email: "a@example.com", redirectTo: "https://evil.example" } }, 400],
    ["a missing e-mail", { json: {} }, 400],
    ["malformed JSON", { body: "{{", headers: { "content-type": "application/json" } }, 400],
    ["an oversized body", { body: oversizedBody(), headers: { "content-type": "application/json" } }, 413],
  ] as const)("rejects a request with %s", async (_label, opts, status) => {
    const headers = { ...("headers" in opts ? opts.headers : {}), ...freshIp() };
    const res = await call("/api/auth/reset/request", { ...opts, headers });
    expect(res.status).toBe(status);
  });

  it("sets the new password, uses the token up and revokes every session of the user", async () => {
    const u = await createUser("user");
    const otherDevice = cookieFrom(await login({ email: u.email, password: u.password }))!;
    const bystander = await createUser("user");
    const { token } = await requestResetToken(u.email);

    const res = await call("/api/auth/reset/confirm", { json: { token, password: "brand-new-1", confirmPassword: "brand-new-1" }, cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect(await me(u.cookie)).toBeNull();
    expect(await me(otherDevice)).toBeNull();
    expect(await sessionCount(u.id)).toBe(0);
    expect((await me(bystander.cookie))?.id).toBe(bystander.id);

    expect((await login({ email: u.email, password: u.password })).status).toBe(401);
    expect((await login({ email: u.email, password: "brand-new-1" })).status).toBe(200);

    const again = await call("/api/auth/reset/confirm", { json: { token, password: "another-1", confirmPassword: "another-1" } });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({ code: "reset_invalid", message: AUTH_MESSAGES.resetInvalid });
    const verify = await call(`/api/auth/reset/verify?token=${encodeURIComponent(token)}`);
    expect(verify.status).toBe(400);
    expect((await errorOf(verify)).code).toBe("reset_invalid");
  });

  it("retires the user's other open links once one is used", async () => {
    const u = await createUser("user");
    const first = await requestResetToken(u.email);
    const second = await requestResetToken(u.email);
    expect(second.token).not.toBe(first.token);
    const res = await call("/api/auth/reset/confirm", { json: { token: second.token, password: "brand-new-1", confirmPassword: "brand-new-1" } });
    expect(res.status).toBe(200);
    expect((await call(`/api/auth/reset/verify?token=${encodeURIComponent(first.token)}`)).status).toBe(400);
  });

  it("lets only one of two simultaneous confirmations through", async () => {
    const u = await createUser("user");
    const { token } = await requestResetToken(u.email);
    const confirm = (password: string) => call("/api/auth/reset/confirm", { json: { token, password, confirmPassword: password } });
    const results = await Promise.all([confirm("racer-one-1"), confirm("racer-two-2")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? "racer-one-1" : "racer-two-2";
    expect((await login({ email: u.email, password: winner })).status).toBe(200);
  });

  it("changes nothing when the token was used in between (conditional batch)", async () => {
    const u = await createUser("user");
    const tokenHash = await sha256Hex(randomToken());
    await db()
      .insert(passwordResets)
      .values({ tokenHash, userId: u.id, expiresAt: new Date(Date.now() + 60_000) });
    expect(await consumePasswordReset(db(), { tokenHash, userId: u.id, passwordHash: await hashPassword("first-pass", testEnv.PASSWORD_PEPPER) })).toBe(true);
    const other = await createUser("user");
    await db().update(sessions).set({ userId: u.id }).where(eq(sessions.userId, other.id));
    expect(await consumePasswordReset(db(), { tokenHash, userId: u.id, passwordHash: "pbkdf2-sha256$1$AA$AA" })).toBe(false);
    const row = await db().select().from(users).where(eq(users.id, u.id)).limit(1).get();
    expect(await verifyPassword("first-pass", row!.passwordHash, testEnv.PASSWORD_PEPPER)).toBe(true);
    expect(await sessionCount(u.id)).toBe(1);
  });

  it("answers 410 reset_expired for an expired link and keeps the old password", async () => {
    const u = await createUser("user");
    const { token } = await requestResetToken(u.email);
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));

    const verify = await call(`/api/auth/reset/verify?token=${encodeURIComponent(token)}`);
    expect(verify.status).toBe(410);
    expect(await errorOf(verify)).toEqual({ code: "reset_expired", message: AUTH_MESSAGES.resetExpired });

    const confirm = await call("/api/auth/reset/confirm", { json: { token, password: "brand-new-1", confirmPassword: "brand-new-1" } });
    expect(confirm.status).toBe(410);
    expect((await errorOf(confirm)).code).toBe("reset_expired");
    expect((await login({ email: u.email, password: u.password })).status).toBe(200);
  });

  it.each([
    ["an unknown token", "?token=not-a-real-token"],
    ["no token", ""],
    ["an empty token", "?token="],
    ["an over-long token", `?token=${"a".repeat(300)}`],
    ["a repeated token parameter", "?token=a&token=b"],
  ])("verify answers 400 reset_invalid for %s", async (_label, query) => {
    const res = await call(`/api/auth/reset/verify${query}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "reset_invalid", message: AUTH_MESSAGES.resetInvalid });
  });

  it("confirm answers 400 reset_invalid for an unknown token", async () => {
    const res = await call("/api/auth/reset/confirm", { json: { token: "unknown-token", password: "brand-new-1", confirmPassword: "brand-new-1" } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("reset_invalid");
  });

  it.each([
    ["passwords that differ", { password: "brand-new-1", confirmPassword: "brand-new-2" }, "confirmPassword", AUTH_MESSAGES.passwordsDontMatch],
    ["a short password", { password: "12345", confirmPassword: "12345" }, "password", AUTH_MESSAGES.passwordMin],
    ["a missing token", { token: undefined }, "token", AUTH_MESSAGES.resetInvalid],
    ["a numeric token", { token: 12345 }, "token", AUTH_MESSAGES.resetInvalid],
    ["an unknown field", { userId: "someone-else" }, "", null],
  ])("confirm rejects %s with 400 and the rule's code (invalid_input without one), and changes nothing", async (_label, overrides, field, message) => {
    const u = await createUser("user");
    const { token } = await requestResetToken(u.email);
    const res = await call("/api/auth/reset/confirm", { json: { token, password: "brand-new-1", confirmPassword: "brand-new-1", ...overrides } });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { code: string; message: string; field?: string } }>();
    expect(body.error.code).toBe(ruleError(message ?? "").code);
    if (field) expect(body.error.field).toBe(field);
    if (message) expect(body.error.message).toBe(message);
    expect((await call(`/api/auth/reset/verify?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await me(u.cookie))?.id).toBe(u.id);
  });

  it("confirm rejects malformed JSON and an oversized body", async () => {
    const malformed = await call("/api/auth/reset/confirm", { body: "[", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    const big = await call("/api/auth/reset/confirm", { body: oversizedBody(), headers: { "content-type": "application/json" } });
    expect(big.status).toBe(413);
  });

  it("limits reset requests per account, from any address", async () => {
    const u = await createUser("user");
    const [max] = RATE_LIMITS.resetPerAccount;
    for (let i = 0; i < max; i++) expect((await call("/api/auth/reset/request", { json: { email: u.email }, headers: freshIp() })).status).toBe(200);
    const res = await call("/api/auth/reset/request", { json: { email: u.email.toUpperCase() }, headers: freshIp() });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({ code: "rate_limited", message: RATE_LIMIT_MESSAGE });
  });

  it(
    "limits reset requests per IP, unknown addresses included",
    async () => {
      const u = await createUser("user");
      const ip = freshIp();
      const { max } = EDGE_RATE_LIMITS.resetPerIp;
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++)
        expect((await call("/api/auth/reset/request", { json: { email: `${uniqueName()}@example.com` }, headers: ip })).status).toBe(404);
      const res = await call("/api/auth/reset/request", { json: { email: u.email }, headers: ip });
      expect(res.status).toBe(429);
      expect((await errorOf(res)).message).toBe(RATE_LIMIT_MESSAGE);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );

  describe("with a live mail provider configured", () => {
    afterEach(() => vi.restoreAllMocks());

    /** Runs the app with extra vars, in this isolate, so the outgoing fetch can be observed. */
    async function fetchWithEnv(path: string, init: RequestInit, vars: Record<string, string>) {
      const ctx = createExecutionContext();
      const headers = new Headers(init.headers);
      await withBotCheck(headers, init.method ?? "GET", path);
      const res = await app.fetch(new Request(ORIGIN + path, { ...init, headers }), { ...env, ...vars }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    }
    const liveVars = {
      MAIL_PROVIDER: "resend",
      MAIL_API_KEY: "re_test_key",
      MAIL_FROM: "Fans <no-reply@fans.test>",
      MAIL_API_BASE_URL: "https://mail-api.test",
    };
    const requestInit = (email: string): RequestInit => ({
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", ...freshIp() },
      body: JSON.stringify({ email }),
    });

    it("sends the link through the provider", async () => {
      const u = await createUser("user");
      const sent = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "msg_1" }));
      const res = await fetchWithEnv("/api/auth/reset/request", requestInit(u.email), liveVars);
      expect(res.status).toBe(200);
      expect(sent).toHaveBeenCalledTimes(1);
      const [url, init] = sent.mock.calls[0]!;
      expect(String(url)).toBe("https://mail-api.test/emails");
      const body = JSON.parse(String(init!.body)) as { to: string[]; subject: string; text: string };
      expect(body.to).toEqual([u.email]);
      expect(body.subject).toBe("Reset your password");
      expect(body.text).toMatch(/https:\/\/fans\.test\/auth\/reset-password\?token=[\w-]+&type=recovery/);
    });

    it("answers 502 mail_failed when the provider refuses, and leaves no usable token", async () => {
      const u = await createUser("user");
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("bad key", { status: 401 }));
      const res = await fetchWithEnv("/api/auth/reset/request", requestInit(u.email), liveVars);
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toEqual({ code: "mail_failed", message: AUTH_MESSAGES.resetSendFailed });
      expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, u.id))).toHaveLength(0);
    });
  });
});
