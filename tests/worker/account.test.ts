// /api/account (decision 039): the Devices list, ending one session or every other one, and the
// password change, which ends every other session. Who may call each route, that a session is
// named only by its public id, that another member's id is a 404, and that an ended session's
// requests and sockets end with it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../worker/db/schema/accounts";
import { sha256Hex } from "../../worker/lib/crypto";
import { verifyPassword } from "../../worker/lib/password";
import { describeUserAgent } from "../../worker/lib/user-agent";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import type { DeviceSessionsResponse, SessionsEndedResponse } from "../../worker/contracts/account-api";
import { call, cookieFrom, createUser, db, errorOf, ORIGIN, ruleError, testEnv, type Role, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";
import { AUTH_MESSAGES } from "../../worker/contracts/auth";

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0";

/** Signs the member in again from another browser: a second session with its own cookie. */
async function signInAgain(user: TestUser, userAgent: string) {
  const res = await call("/api/auth/login", { json: { email: user.email, password: user.password }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  const cookie = cookieFrom(res);
  expect(cookie).not.toBeNull();
  return cookie!;
}

const list = async (cookie: string) => {
  const res = await call("/api/account/sessions", { cookie });
  expect(res.status).toBe(200);
  return (await res.json<DeviceSessionsResponse>()).sessions;
};

const me = async (cookie: string) => (await (await call("/api/auth/me", { cookie })).json<{ user: { id: string } | null }>()).user;

const sessionRows = (userId: string) => db().select().from(sessions).where(eq(sessions.userId, userId));

const hashOf = async (cookie: string) => sha256Hex(cookie.split("=")[1]!);

const openFeedSocket = async (cookie: string) => {
  const res = await call("/api/feed/live", { cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  return acceptSocket(res.webSocket!);
};

const PASSWORD_BODY = { currentPassword: "secret123", newPassword: "brand-new-456", confirmPassword: "brand-new-456" };

describe("the role matrix of every /api/account route", () => {
  const routes = [
    { name: "GET /sessions", path: "/api/account/sessions", method: "GET", ok: 200 },
    { name: "POST /sessions/revoke-others", path: "/api/account/sessions/revoke-others", method: "POST", ok: 200 },
    { name: "DELETE /sessions/:id (unknown id)", path: `/api/account/sessions/${"0".repeat(32)}`, method: "DELETE", ok: 404 },
    { name: "POST /password", path: "/api/account/password", method: "POST", ok: 200, json: PASSWORD_BODY },
  ];
  const roles: Role[] = ["visitor", "user", "vip", "admin", "banned"];
  for (const route of routes) {
    it.each(roles)(`${route.name}: %s`, async (role) => {
      const user = role === "visitor" ? null : await createUser(role);
      const res = await call(route.path, { method: route.method, cookie: user?.cookie, json: route.json });
      if (role === "visitor" || role === "banned") {
        expect(res.status).toBe(401);
        expect((await errorOf(res)).code).toBe("unauthorized");
      } else {
        expect(res.status).toBe(route.ok);
      }
    });
  }
});

describe("GET /api/account/sessions: the Devices list", () => {
  it("lists every live session with its browser and system from sign-in, the current one first and marked, and never a token or hash", async () => {
    const user = await createUser("user");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const laptop = await signInAgain(user, CHROME_WINDOWS);
    const devices = await list(laptop);
    expect(devices).toHaveLength(3); // createUser's own session, the phone, the laptop
    expect(devices[0]).toMatchObject({ current: true, browser: "Chrome 120", os: "Windows 10" });
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices.find((d) => d.browser === "Safari 17")).toMatchObject({ current: false, os: "iOS 17.4" });
    expect(devices.find((d) => d.browser === null)).toMatchObject({ current: false, os: null }); // no User-Agent at sign-in
    const rows = await sessionRows(user.id);
    for (const d of devices) {
      expect(Object.keys(d).sort()).toEqual(["browser", "createdAt", "current", "id", "lastSeenAt", "os"]);
      expect(d.id).toMatch(/^[0-9a-f]{32}$/);
      expect(rows.map((r) => r.publicId)).toContain(d.id);
      expect(new Date(d.createdAt).toISOString()).toBe(d.createdAt);
    }
    const body = JSON.stringify(devices);
    for (const secret of [phone, laptop, user.cookie]) expect(body).not.toContain(secret.split("=")[1]);
    for (const row of rows) expect(body).not.toContain(row.idHash);
  });

  it("lists only the member's own sessions, and leaves out expired ones", async () => {
    const user = await createUser("user");
    const other = await createUser("user");
    await signInAgain(other, FIREFOX_LINUX);
    const stale = await signInAgain(user, FIREFOX_LINUX);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, await hashOf(stale)));
    const devices = await list(user.cookie);
    expect(devices).toHaveLength(1);
    expect(devices[0]!.current).toBe(true);
  });
});

describe("DELETE /api/account/sessions/:id", () => {
  it("ends exactly that session: its requests are then 401, the others stay signed in", async () => {
    const user = await createUser("vip");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const laptop = await signInAgain(user, CHROME_WINDOWS);
    const phoneId = (await list(laptop)).find((d) => d.browser === "Safari 17")!.id;
    const res = await call(`/api/account/sessions/${phoneId}`, { method: "DELETE", cookie: laptop });
    expect(res.status).toBe(204);
    expect((await call("/api/account/sessions", { cookie: phone })).status).toBe(401);
    expect(await me(phone)).toBeNull();
    expect((await me(laptop))?.id).toBe(user.id);
    expect((await me(user.cookie))?.id).toBe(user.id);
    const left = (await sessionRows(user.id)).map((r) => r.publicId);
    expect(left).toHaveLength(2);
    expect(left).not.toContain(phoneId);
  });

  it("answers 404 for another member's session id and leaves that session alone", async () => {
    const user = await createUser("user");
    const other = await createUser("user");
    const [theirs] = await list(other.cookie);
    const res = await call(`/api/account/sessions/${theirs!.id}`, { method: "DELETE", cookie: user.cookie });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("session_not_found");
    expect((await me(other.cookie))?.id).toBe(other.id);
  });

  it("refuses an id that is not a session id (a token, a hash, anything else) with 400 before looking", async () => {
    const user = await createUser("user");
    const hash = await hashOf(user.cookie);
    for (const bad of ["abc", hash, user.cookie.split("=")[1]!, "G".repeat(32), "0".repeat(33)]) {
      const res = await call(`/api/account/sessions/${encodeURIComponent(bad)}`, { method: "DELETE", cookie: user.cookie });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect((await me(user.cookie))?.id).toBe(user.id);
  });

  it("ending the current session signs this browser out like a logout", async () => {
    const user = await createUser("user");
    const [mine] = await list(user.cookie);
    const res = await call(`/api/account/sessions/${mine!.id}`, { method: "DELETE", cookie: user.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/__Host-sid=;/);
    expect(await me(user.cookie)).toBeNull();
  });

  it("closes the revoked session's sockets with 4401, and only that session's", async () => {
    const user = await createUser("user");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const onPhone = await openFeedSocket(phone);
    const onLaptop = await openFeedSocket(user.cookie);
    const phoneId = (await list(user.cookie)).find((d) => !d.current)!.id;
    expect((await call(`/api/account/sessions/${phoneId}`, { method: "DELETE", cookie: user.cookie })).status).toBe(204);
    expect(await onPhone.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(onLaptop.isClosed()).toBe(false);
    onLaptop.ws.send("ping");
    await onLaptop.until((m) => m.includes("pong"));
    onLaptop.ws.close(1000, "done");
  });
});

describe("POST /api/account/sessions/revoke-others: sign out everywhere else", () => {
  it("ends every other session, keeps this one, and closes the others' sockets", async () => {
    const user = await createUser("user");
    const other = await createUser("user");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const tablet = await signInAgain(user, FIREFOX_LINUX);
    const onPhone = await openFeedSocket(phone);
    const res = await call("/api/account/sessions/revoke-others", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<SessionsEndedResponse>()).toEqual({ ended: 2 });
    expect(await onPhone.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect((await call("/api/account/sessions", { cookie: phone })).status).toBe(401);
    expect((await call("/api/account/sessions", { cookie: tablet })).status).toBe(401);
    expect((await list(user.cookie)).map((d) => d.current)).toEqual([true]);
    expect((await me(other.cookie))?.id).toBe(other.id); // another member is untouched
  });
});

describe("POST /api/account/password", () => {
  it("sets the new password, ends every other session (their requests are 401, their sockets close) and keeps this one", async () => {
    const user = await createUser("user");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const onPhone = await openFeedSocket(phone);
    const res = await call("/api/account/password", { json: PASSWORD_BODY, cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<SessionsEndedResponse>()).toEqual({ ended: 1 });
    expect(await onPhone.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect((await call("/api/account/sessions", { cookie: phone })).status).toBe(401);
    expect((await me(user.cookie))?.id).toBe(user.id);
    expect(res.headers.getSetCookie()).toEqual([]); // the current cookie stays as it is
    const row = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
    expect(await verifyPassword("brand-new-456", row!.passwordHash, testEnv.PASSWORD_PEPPER)).toBe(true);
    // Signing in takes the new password, not the old one.
    const old = await call("/api/auth/login", { json: { email: user.email, password: "secret123" } });
    expect(old.status).toBe(401);
    const fresh = await call("/api/auth/login", { json: { email: user.email, password: "brand-new-456" } });
    expect(fresh.status).toBe(200);
  });

  it("refuses a wrong current password with 403 invalid_credentials at the field, and changes nothing", async () => {
    const user = await createUser("user");
    const phone = await signInAgain(user, SAFARI_IPHONE);
    const res = await call("/api/account/password", { json: { ...PASSWORD_BODY, currentPassword: "not-it" }, cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_credentials", field: "currentPassword" });
    expect((await me(phone))?.id).toBe(user.id);
    const row = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
    expect(await verifyPassword("secret123", row!.passwordHash, testEnv.PASSWORD_PEPPER)).toBe(true);
  });

  it("answers 429 past ten wrong current passwords", async () => {
    const user = await createUser("user");
    for (let i = 0; i < 10; i++) {
      expect((await call("/api/account/password", { json: { ...PASSWORD_BODY, currentPassword: `wrong-${i}` }, cookie: user.cookie })).status).toBe(403);
    }
    const over = await call("/api/account/password", { json: { ...PASSWORD_BODY, currentPassword: "wrong-x" }, cookie: user.cookie });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).code).toBe("rate_limited");
  });

  it.each([
    ["a short new password", { ...PASSWORD_BODY, newPassword: "abc", confirmPassword: "abc" }, ruleError(AUTH_MESSAGES.passwordMin, "newPassword")],
    [
      "a long new password",
      { ...PASSWORD_BODY, newPassword: "x".repeat(201), confirmPassword: "x".repeat(201) },
      ruleError(AUTH_MESSAGES.passwordTooLong, "newPassword"),
    ],
    ["a confirmation that differs", { ...PASSWORD_BODY, confirmPassword: "something-else" }, ruleError(AUTH_MESSAGES.passwordsDontMatch, "confirmPassword")],
    ["no current password", { ...PASSWORD_BODY, currentPassword: "" }, { code: "invalid_input", field: "currentPassword" }],
    ["an unknown field", { ...PASSWORD_BODY, extra: 1 }, { code: "invalid_input" }],
    ["a number for a password", { ...PASSWORD_BODY, newPassword: 123456 }, { code: "invalid_input", field: "newPassword" }],
  ])("refuses %s with 400 and its rule's code", async (_name, body, error) => {
    const user = await createUser("user");
    const res = await call("/api/account/password", { json: body, cookie: user.cookie });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject(error);
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const user = await createUser("user");
    const res = await call("/api/account/password", { body: "{not json", cookie: user.cookie, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("describeUserAgent", () => {
  it.each([
    [CHROME_WINDOWS, { browser: "Chrome 120", os: "Windows 10" }],
    [SAFARI_IPHONE, { browser: "Safari 17", os: "iOS 17.4" }],
    [FIREFOX_LINUX, { browser: "Firefox 121", os: "Linux" }],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      { browser: "Safari 17", os: "macOS" },
    ],
    ["curl/8.4.0", { browser: null, os: null }],
    ["", { browser: null, os: null }],
    [undefined, { browser: null, os: null }],
    ["x".repeat(10_000), { browser: null, os: null }],
  ])("%s", (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });
});
