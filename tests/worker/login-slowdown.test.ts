// The sign-in slowdown and one-time sign-in links (decision 038): past the free failures every
// attempt for an address waits, right password or not, with the same 401 as a wrong password; the
// owner gets one mailed link that signs in past the wait, once, for 15 minutes.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { loginThrottles, signInLinks, users } from "../../worker/db/schema/accounts";
import { mailOutbox } from "../../worker/db/schema/mail";
import { sha256Hex } from "../../worker/lib/crypto";
import { AUTH_MESSAGES, type SessionUser } from "../../worker/contracts/auth";
import { LOGIN_SLOWDOWN, SIGN_IN_LINK_PATH, SIGN_IN_LINK_TTL_MS } from "../../worker/contracts/sign-in-link";
import { SIGN_IN_LINK_MESSAGES } from "../../worker/contracts/sign-in-link-limits";
import { slowdownDelayMs } from "../../worker/services/login-slowdown";
import { extractLinks } from "../../worker/services/mail/outbox";
import { cookieFrom, createUser, db, errorOf, ORIGIN, useFreshClientIp } from "./helpers";

/** A POST as a same-origin browser from its own address; waits for the work left after the answer (the mail). */
async function post(path: string, json: unknown, { headers = {}, raw }: { headers?: Record<string, string>; raw?: string } = {}) {
  const h = new Headers({ "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": useFreshClientIp(), ...headers });
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { method: "POST", headers: h, body: raw ?? JSON.stringify(json) }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const login = (email: string, password: string) => post("/api/auth/login", { email, password });
const useLink = (token: string, headers?: Record<string, string>) => post("/api/auth/sign-in-link", { token }, { headers });

/** Status, error body and the headers a client could tell answers apart by. */
async function shapeOf(res: Response) {
  return {
    status: res.status,
    body: await res.json(),
    contentType: res.headers.get("content-type"),
    retryAfter: res.headers.get("retry-after"),
    cookie: cookieFrom(res),
  };
}

const REFUSED = {
  status: 401,
  body: { error: { code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials } },
  contentType: "application/json",
  retryAfter: null,
  cookie: null,
};

/** Wrong passwords for `email`, each from a new address, every one answered with the plain 401. */
async function guess(email: string, times: number) {
  for (let i = 0; i < times; i++) expect(await shapeOf(await login(email, `wrong-${i}`))).toEqual(REFUSED);
}

const throttleOf = (email: string) => db().select().from(loginThrottles).where(eq(loginThrottles.email, email)).limit(1).get();
const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

async function linkTokenFor(email: string) {
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  const link = new URL(extractLinks(mails[0]!.text)[0]!);
  expect(link.origin + link.pathname).toBe(ORIGIN + SIGN_IN_LINK_PATH);
  return { token: link.searchParams.get("token")!, mail: mails[0]! };
}

async function meOf(cookie: string | null) {
  const res = await app.fetch(new Request(`${ORIGIN}/api/auth/me`, { headers: { cookie: cookie ?? "" } }), env, createExecutionContext());
  return (await res.json<{ user: SessionUser | null }>()).user;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

// Each guess hashes a password (PBKDF2) on a shared machine: the 60-guess tests take seconds.
const SLOW = { timeout: 60_000 };

describe("the sign-in slowdown", SLOW, () => {
  it("refuses the right password with the same 401 after 60 guesses from 60 addresses, and lets it in once the wait is over", async () => {
    const u = await createUser("user");
    const start = Date.now();
    await guess(u.email, 60);
    // Only the free failures were checked and counted; the rest came too early.
    const row = await throttleOf(u.email);
    expect(row).toMatchObject({ failures: LOGIN_SLOWDOWN.freeFailures });
    expect(row!.notBefore.getTime()).toBe(start + LOGIN_SLOWDOWN.firstDelayMs);

    expect(await shapeOf(await login(u.email, u.password))).toEqual(REFUSED);

    vi.setSystemTime(start + LOGIN_SLOWDOWN.firstDelayMs);
    const owner = await login(u.email, u.password);
    expect(owner.status).toBe(200);
    expect((await meOf(cookieFrom(owner)))?.id).toBe(u.id);
    // A successful sign-in forgets the failures: the next typo is an ordinary, counted 401.
    expect(await throttleOf(u.email)).toBeUndefined();
    await guess(u.email, 1);
    expect(await throttleOf(u.email)).toMatchObject({ failures: 1, notBefore: new Date(0) });
  });

  it("doubles the wait with each checked wrong password, up to 15 minutes", async () => {
    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const waits: number[] = [];
    for (let failures = LOGIN_SLOWDOWN.freeFailures + 1; failures <= LOGIN_SLOWDOWN.freeFailures + 12; failures++) {
      vi.setSystemTime((await throttleOf(u.email))!.notBefore.getTime());
      await guess(u.email, 1);
      const row = (await throttleOf(u.email))!;
      expect(row.failures).toBe(failures);
      waits.push(row.notBefore.getTime() - Date.now());
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900].map((s) => s * 1000));
    expect(slowdownDelayMs(LOGIN_SLOWDOWN.freeFailures + 1000)).toBe(LOGIN_SLOWDOWN.maxDelayMs);
  });

  it("forgets the failures after a quiet day, not after waiting out the longest wait", async () => {
    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    vi.setSystemTime(Date.now() + LOGIN_SLOWDOWN.maxDelayMs);
    await guess(u.email, 1);
    expect((await throttleOf(u.email))!.failures).toBe(LOGIN_SLOWDOWN.freeFailures + 1);
    vi.setSystemTime(Date.now() + LOGIN_SLOWDOWN.forgetAfterMs);
    await guess(u.email, 1);
    expect(await throttleOf(u.email)).toMatchObject({ failures: 1 });
  });

  it("answers an unknown address exactly like a known one, and mails nobody", async () => {
    const known = await createUser("user");
    const unknown = `nobody_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = async (email: string) => {
      const list = [];
      for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures + 3; i++) list.push(await shapeOf(await login(email, "wrong-password")));
      return list;
    };
    const knownAnswers = await answers(known.email);
    expect(await answers(unknown)).toEqual(knownAnswers);
    expect(knownAnswers.every((a) => JSON.stringify(a) === JSON.stringify(REFUSED))).toBe(true);
    expect(await throttleOf(unknown)).toMatchObject({ failures: LOGIN_SLOWDOWN.freeFailures });
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(known.email)).toHaveLength(1);
  });

  it("still limits attempts per address across accounts", async () => {
    const ip = { "cf-connecting-ip": useFreshClientIp() };
    for (let i = 0; i < 30; i++) await post("/api/auth/login", { email: `x${i}@example.com`, password: "x" }, { headers: ip });
    const res = await post("/api/auth/login", { email: "y@example.com", password: "x" }, { headers: ip });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("rate_limited");
  });
});

describe("POST /api/auth/sign-in-link", SLOW, () => {
  it("mails the owner one link (stored hashed) that signs in past the slowdown, once", async () => {
    const u = await createUser("user");
    const start = Date.now();
    await guess(u.email, 60);
    vi.setSystemTime(start + 30 * 60 * 1000); // more checked failures within the hour: still one mail
    await guess(u.email, 3);
    const { token, mail } = await linkTokenFor(u.email);
    expect(mail.subject).toBe("Sign in to " + env.BRAND_NAME);
    expect(mail.text).toContain("expires in 15 minutes");

    const rows = await db().select().from(signInLinks).where(eq(signInLinks.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(rows[0]!.expiresAt.getTime()).toBe(start + SIGN_IN_LINK_TTL_MS);
    expect(JSON.stringify(rows)).not.toContain(token);

    // The link has 15 minutes from when it was mailed; this is still inside them only if used at once.
    vi.setSystemTime(start + 60 * 1000);
    const first = await useLink(token);
    expect(first.status).toBe(200);
    expect((await first.json<{ user: SessionUser }>()).user.id).toBe(u.id);
    expect((await meOf(cookieFrom(first)))?.id).toBe(u.id);
    expect((await db().select().from(signInLinks).where(eq(signInLinks.userId, u.id)))[0]!.usedAt).not.toBeNull();
    expect(await throttleOf(u.email)).toBeUndefined();

    const second = await useLink(token);
    expect(second.status).toBe(400);
    expect(await errorOf(second)).toEqual({ code: "sign_in_link_invalid", message: SIGN_IN_LINK_MESSAGES.invalid });
    expect(cookieFrom(second)).toBeNull();
  });

  it("mails again only once the hour is over", async () => {
    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    vi.setSystemTime(Date.now() + LOGIN_SLOWDOWN.linkEveryMs);
    await guess(u.email, 1);
    expect(await mailsTo(u.email)).toHaveLength(2);
  });

  it("writes the mail in the account's language", async () => {
    const u = await createUser("user");
    await db().update(users).set({ locale: "pt-BR" }).where(eq(users.id, u.id));
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { mail } = await linkTokenFor(u.email);
    expect(mail.subject).toBe("Entrar em " + env.BRAND_NAME);
    expect(mail.text).toContain("expira em 15 minutos");
  });

  it("answers 410 sign_in_link_expired after 15 minutes", async () => {
    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { token } = await linkTokenFor(u.email);
    vi.setSystemTime(Date.now() + SIGN_IN_LINK_TTL_MS);
    const res = await useLink(token);
    expect(res.status).toBe(410);
    expect(await errorOf(res)).toEqual({ code: "sign_in_link_expired", message: SIGN_IN_LINK_MESSAGES.expired });
    expect(cookieFrom(res)).toBeNull();
  });

  it("refuses a banned owner's link like an unknown one, and sends a banned account none", async () => {
    const banned = await createUser("banned");
    await guess(banned.email, LOGIN_SLOWDOWN.freeFailures);
    expect(await mailsTo(banned.email)).toHaveLength(0);

    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { token } = await linkTokenFor(u.email);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, u.id));
    const res = await useLink(token);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("sign_in_link_invalid");
  });

  it("signs a browser signed in as someone else in as the link's owner, with a new session", async () => {
    const other = await createUser("vip");
    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { token } = await linkTokenFor(u.email);
    const res = await post("/api/auth/sign-in-link", { token }, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).not.toBe(other.cookie);
    expect(await meOf(other.cookie)).toBeNull();
    expect((await meOf(cookieFrom(res)))?.id).toBe(u.id);
  });

  it.each([
    ["a token of the wrong shape", { token: "short" }, 400, "invalid_input"],
    ["a token with characters base64url has not", { token: "!".repeat(43) }, 400, "invalid_input"],
    ["a missing token", {}, 400, "invalid_input"],
    ["a number as token", { token: 42 }, 400, "invalid_input"],
    ["an unknown field", { token: "a".repeat(43), remember: true }, 400, "invalid_input"],
    ["an unknown token of the right shape", { token: "a".repeat(43) }, 400, "sign_in_link_invalid"],
  ] as const)("answers %s (%j) with %i %s", async (_label, json, status, code) => {
    const res = await post("/api/auth/sign-in-link", json);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  it("rejects malformed JSON with a 400 and a cross-site request with 403 csrf", async () => {
    expect((await post("/api/auth/sign-in-link", null, { raw: "{" })).status).toBe(400);
    const res = await post("/api/auth/sign-in-link", { token: "a".repeat(43) }, { headers: { origin: "https://evil.test" } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
  });
});

describe("sign-in links and suspensions (the shared rule, lib/suspension.ts)", SLOW, () => {
  const HOUR = 60 * 60 * 1000;
  const suspend = (id: string, until: number) =>
    db()
      .update(users)
      .set({ status: "banned", banReason: "Spam", bannedAt: new Date(Date.now() - HOUR), bannedUntil: new Date(until) })
      .where(eq(users.id, id));

  it("a timed suspension past its end gets a link, signs in with it, and is cleared", async () => {
    const u = await createUser("user");
    await suspend(u.id, Date.now() - 1000);
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { token } = await linkTokenFor(u.email);
    const res = await useLink(token);
    expect(res.status).toBe(200);
    expect((await meOf(cookieFrom(res)))?.id).toBe(u.id);
    expect(await db().select().from(users).where(eq(users.id, u.id)).limit(1).get()).toMatchObject({ status: "active", banReason: null, bannedUntil: null });
  });

  it("a timed suspension still in force gets no link, and a link issued before it is refused", async () => {
    const suspended = await createUser("user");
    await suspend(suspended.id, Date.now() + HOUR);
    await guess(suspended.email, LOGIN_SLOWDOWN.freeFailures);
    expect(await mailsTo(suspended.email)).toHaveLength(0);

    const u = await createUser("user");
    await guess(u.email, LOGIN_SLOWDOWN.freeFailures);
    const { token } = await linkTokenFor(u.email);
    await suspend(u.id, Date.now() + HOUR);
    const res = await useLink(token);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("sign_in_link_invalid");
    expect(cookieFrom(res)).toBeNull();
  });
});
