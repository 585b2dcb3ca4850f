// E-mail verification (migrations/0035): the link a new account gets, the guard on posting,
// commenting, the VIP chat and checkout, resending with its limits, and changing the address.
import { afterEach, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { call, createUser, db, errorOf, ORIGIN, ruleError, testEnv, type TestUser } from "./helpers";
import { emailVerifications, users } from "../../worker/db/schema/accounts";
import { mailOutbox } from "../../worker/db/schema/mail";
import { posts } from "../../worker/db/schema/feed";
import { extractLinks } from "../../worker/services/mail/outbox";
import { EMAIL_VERIFICATION_TTL_MS } from "../../worker/contracts/email-verification";
import { AUTH_MESSAGES, type AuthUserResponse, type MeResponse } from "../../worker/contracts/auth";
import { RATE_LIMITS } from "../../worker/contracts/limits";

afterEach(() => {
  vi.useRealTimers();
});

let serial = 0;
const uniqueName = (prefix: string) => `${prefix}_${++serial}_${crypto.randomUUID().slice(0, 6)}`;

/** Signs up through the API (in `lang`) and returns the new member with their session cookie. */
async function signUp(lang: "en" | "pt-BR" = "en") {
  const username = uniqueName("ev");
  const email = `${username}@example.com`.toLowerCase();
  const res = await call("/api/auth/signup", {
    json: { username, email, password: "secret123", confirmPassword: "secret123" },
    headers: { "accept-language": lang, cookie: `locale=${lang}` },
  });
  expect(res.status).toBe(201);
  const body = await res.json<AuthUserResponse>();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("__Host-sid="));
  if (!cookie) throw new Error("no session cookie");
  return { id: body.user.id, email, username, password: "secret123", cookie, user: body.user };
}

const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

/** The token of the newest verification link mailed to `to`. */
async function tokenMailedTo(to: string) {
  const [mail] = await mailsTo(to);
  const link = extractLinks(mail?.text ?? "").find((l) => new URL(l).pathname === "/verify-email");
  if (!link) throw new Error(`no verification link mailed to ${to}`);
  expect(new URL(link).origin).toBe(ORIGIN);
  return new URL(link).searchParams.get("token") ?? "";
}

const verify = (token: unknown, cookie?: string) => call("/api/auth/verify-email", { json: { token }, cookie });
const resend = (cookie?: string) => call("/api/auth/verify-email/resend", { method: "POST", cookie });
const changeEmail = (json: unknown, cookie?: string) => call("/api/auth/email-change", { json, cookie });
const userRow = (id: string) => db().select().from(users).where(eq(users.id, id)).limit(1).get();
const me = async (cookie: string) => (await (await call("/api/auth/me", { cookie })).json<MeResponse>()).user;

async function expectUnverified(res: Response) {
  expect(res.status).toBe(403);
  expect((await errorOf(res)).code).toBe("email_unverified");
}

describe("sign-up", () => {
  it("sends one verification mail with a single-use link; the account starts unverified", async () => {
    const member = await signUp();
    expect(member.user.emailVerified).toBe(false);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Confirm your e-mail address");
    expect(mails[0]?.text).toContain(`Hello ${member.username},`);
    const stored = await db().select().from(emailVerifications).where(eq(emailVerifications.userId, member.id));
    expect(stored).toHaveLength(1);
    const token = await tokenMailedTo(member.email);
    // Only the SHA-256 of the token is stored, never the token itself.
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [row] = stored;
    if (!row) throw new Error("no link stored");
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(EMAIL_VERIFICATION_TTL_MS - 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(EMAIL_VERIFICATION_TTL_MS + 1000);
    expect((await userRow(member.id))?.emailVerifiedAt).toBeNull();
  });

  it("writes the mail in the member's language (pt-BR)", async () => {
    const member = await signUp("pt-BR");
    // The account's language is users.locale (0032) when the sign-up stores it; else English.
    const locale = (await userRow(member.id))?.locale;
    const [mail] = await mailsTo(member.email);
    if (locale === "pt-BR") expect(mail?.subject).toContain("Confirme seu e-mail");
    else expect(mail?.subject).toContain("Confirm your e-mail address");
  });
});

describe("mail language", () => {
  it("writes the links and the change notice in the account's language (users.locale)", async () => {
    const member = await createUser("user", { unverified: true });
    await db().update(users).set({ locale: "pt-BR" }).where(eq(users.id, member.id));
    expect((await resend(member.cookie)).status).toBe(200);
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toBe(`Confirme seu e-mail no ${testEnv.BRAND_NAME}`);
    expect(mail?.text).toContain(`Olá, ${member.username},`);
    expect(mail?.text).toContain("O link funciona uma vez e expira em");
    expect(mail?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/); // a date written for people, never ISO

    const next = `${uniqueName("pt")}@example.com`;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await changeEmail({ currentPassword: member.password, email: next }, member.cookie)).status).toBe(200);
    expect((await mailsTo(next))[0]?.subject).toBe(`Confirme seu novo e-mail no ${testEnv.BRAND_NAME}`);
    expect((await verify(await tokenMailedTo(next))).status).toBe(200);
    const [notice] = await mailsTo(member.email);
    expect(notice?.subject).toBe(`O e-mail da sua conta no ${testEnv.BRAND_NAME} foi alterado`);
    expect(notice?.text).toContain(next);
  });
});

describe("an unverified member", () => {
  it("gets 403 email_unverified on posting, commenting, the post image upload, the VIP chat and checkout", async () => {
    const member = await signUp();
    const author = await createUser("user");
    const post = await call("/api/posts", { json: { content: "hello" }, cookie: author.cookie });
    expect(post.status).toBe(201);
    const { post: created } = await post.json<{ post: { id: string } }>();

    await expectUnverified(await call("/api/posts", { json: { content: "mine" }, cookie: member.cookie }));
    await expectUnverified(await call(`/api/posts/${created.id}/comments`, { json: { content: "hi" }, cookie: member.cookie }));
    await expectUnverified(await call("/api/uploads/post-image", { method: "POST", body: new Uint8Array([1, 2, 3]), cookie: member.cookie }));
    await expectUnverified(await call("/api/payments/checkout", { json: {}, cookie: member.cookie }));
    // The chat is for VIPs: an unverified VIP (a comp granted before verifying) is refused too.
    const vip = await createUser("vip", { unverified: true });
    await expectUnverified(await call("/api/chat/live", { cookie: vip.cookie, headers: { upgrade: "websocket", origin: ORIGIN } }));
    // Nothing was written.
    const rows = await db().select().from(posts).where(eq(posts.userId, member.id)).all();
    expect(rows).toHaveLength(0);
  });

  it("keeps the other guards' answers first: a member without VIP gets vip_required on the chat", async () => {
    const member = await createUser("user", { unverified: true });
    const res = await call("/api/chat/live", { cookie: member.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("vip_required");
  });

  it("may read the feed, read profiles and edit their own profile (200)", async () => {
    const member = await signUp();
    expect((await call("/api/posts", { cookie: member.cookie })).status).toBe(200);
    expect((await call(`/api/profiles/${member.id}`, { cookie: member.cookie })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    const edit = await call("/api/profiles/me", { method: "PATCH", json: { bio: "still unverified" }, cookie: member.cookie });
    expect(edit.status).toBe(200);
  });

  it("may post once the link is used", async () => {
    const member = await signUp();
    expect((await verify(await tokenMailedTo(member.email))).status).toBe(200);
    expect((await me(member.cookie))?.emailVerified).toBe(true);
    expect((await call("/api/posts", { json: { content: "verified now" }, cookie: member.cookie })).status).toBe(201);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("verifies once; a second use is refused (400 verification_invalid)", async () => {
    const member = await signUp();
    const token = await tokenMailedTo(member.email);
    // No session needed: the link may be opened in another browser.
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, outcome: "verified" });
    expect((await userRow(member.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("verification_invalid");
  });

  it("refuses an expired link (410 verification_expired) and leaves the account unverified", async () => {
    const member = await signUp();
    const token = await tokenMailedTo(member.email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + EMAIL_VERIFICATION_TTL_MS + 1000);
    const res = await verify(token);
    expect(res.status).toBe(410);
    expect((await errorOf(res)).code).toBe("verification_expired");
    expect((await userRow(member.id))?.emailVerifiedAt).toBeNull();
  });

  it("still works just before the 48 hours end", async () => {
    const member = await signUp();
    const token = await tokenMailedTo(member.email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + EMAIL_VERIFICATION_TTL_MS - 60_000);
    expect((await verify(token)).status).toBe(200);
  });

  it.each([
    ["an unknown token", { token: "nope" }, 400, "verification_invalid"],
    ["an empty token", { token: "" }, 400, "invalid_input"],
    ["a number", { token: 5 }, 400, "invalid_input"],
    ["no token", {}, 400, "invalid_input"],
    ["extra fields", { token: "x", admin: true }, 400, "invalid_input"],
  ])("refuses %s", async (_label, json, status, code) => {
    const res = await call("/api/auth/verify-email", { json });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  it("refuses a body that is not JSON (400, never 500)", async () => {
    const res = await call("/api/auth/verify-email", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("sends a new link at most once a minute (429 rate_limited), five a day", async () => {
    const member = await signUp();
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 60_000; // a fresh day and minute
    vi.setSystemTime(start);
    const first = await resend(member.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, sentTo: member.email });
    const tooSoon = await resend(member.cookie);
    expect(tooSoon.status).toBe(429);
    expect((await errorOf(tooSoon)).code).toBe("rate_limited");
    for (let minute = 1; minute < 5; minute++) {
      vi.setSystemTime(start + minute * 60_000);
      expect((await resend(member.cookie)).status).toBe(200);
    }
    vi.setSystemTime(start + 5 * 60_000);
    const sixth = await resend(member.cookie);
    expect(sixth.status).toBe(429);
    // The sign-up's mail and five resends; the refused ones sent nothing.
    expect(await mailsTo(member.email)).toHaveLength(6);
    // Every link sent works until one is used; then all are spent.
    const token = await tokenMailedTo(member.email);
    expect((await verify(token)).status).toBe(200);
  });

  it("lets Resend go at once after sign-up, then waits a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000); // early in a fresh minute
    const member = await signUp();
    expect((await resend(member.cookie)).status).toBe(200);
    expect((await resend(member.cookie)).status).toBe(429);
    expect(await mailsTo(member.email)).toHaveLength(2);
  });

  it("answers a verified member with nothing pending 409 email_already_verified", async () => {
    const member = await createUser("user");
    const res = await resend(member.cookie);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("email_already_verified");
  });

  it.each([
    ["visitor", null, 401],
    ["banned member", "banned", 401],
    ["member", "user", 200],
    ["VIP", "vip", 200],
    ["admin", "admin", 200],
  ] as const)("role matrix: %s (%s) → %i", async (_label, role, status) => {
    const user = role ? await createUser(role, { unverified: true }) : null;
    const res = await resend(user?.cookie);
    expect(res.status).toBe(status);
  });
});

describe("POST /api/auth/email-change", () => {
  async function requestChange(member: TestUser, email: string, password = member.password) {
    return changeEmail({ currentPassword: password, email }, member.cookie);
  }

  it("needs the right password (403 invalid_credentials at the field) and changes nothing", async () => {
    const member = await createUser("user");
    const res = await requestChange(member, "new-address@example.com", "wrong-password");
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_credentials", field: "currentPassword" });
    expect((await userRow(member.id))?.pendingEmail).toBeNull();
    expect(await mailsTo("new-address@example.com")).toHaveLength(0);
  });

  it("counts wrong passwords with the password change's limit: past it, 429 whether right or wrong", async () => {
    const member = await createUser("user");
    const [max] = RATE_LIMITS.passwordChangeFailuresPerMember;
    for (let i = 0; i < max; i++) expect((await requestChange(member, "new-address@example.com", "wrong-password")).status).toBe(403);
    const past = await requestChange(member, "new-address@example.com", "wrong-password");
    expect(past.status).toBe(429);
    expect((await errorOf(past)).code).toBe("rate_limited");
    // The bound is checked before the password: a right guess past it learns nothing either.
    expect((await requestChange(member, `${uniqueName("right")}@example.com`)).status).toBe(429);
  });

  it("changes the address only when the new one's link is used, and tells the old address", async () => {
    const member = await createUser("user");
    const next = `${uniqueName("moved")}@example.com`;
    const res = await requestChange(member, next.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, sentTo: next });

    // Not yet: the account keeps its address, the new one waits.
    const pending = await userRow(member.id);
    expect(pending?.email).toBe(member.email);
    expect(pending?.pendingEmail).toBe(next);
    expect(await me(member.cookie)).toMatchObject({ email: member.email, pendingEmail: next, emailVerified: true });
    expect(await mailsTo(member.email)).toHaveLength(0);
    const [linkMail] = await mailsTo(next);
    expect(linkMail?.subject).toContain("Confirm your new e-mail address");

    const used = await verify(await tokenMailedTo(next));
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({ ok: true, outcome: "email_changed" });
    const changed = await userRow(member.id);
    expect(changed?.email).toBe(next);
    expect(changed?.pendingEmail).toBeNull();
    expect(changed?.emailVerifiedAt).toBeInstanceOf(Date);
    const notices = await mailsTo(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toContain("e-mail address was changed");
    expect(notices[0]?.text).toContain(next);

    // The new address signs in; the old one no longer does.
    expect((await call("/api/auth/login", { json: { email: next, password: member.password } })).status).toBe(200);
    expect((await call("/api/auth/login", { json: { email: member.email, password: member.password } })).status).toBe(401);
  });

  it("refuses an address another account holds (409 email_taken, whose is not said)", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const res = await requestChange(member, other.email.toUpperCase());
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error).toEqual({ code: "email_taken", message: AUTH_MESSAGES.emailTaken });
    expect(JSON.stringify(error)).not.toContain(other.username);
    expect((await userRow(member.id))?.pendingEmail).toBeNull();
  });

  it("refuses the link when the address was taken after the request (409 email_taken), changing nothing", async () => {
    const member = await createUser("user");
    const next = `${uniqueName("race")}@example.com`;
    expect((await requestChange(member, next)).status).toBe(200);
    const token = await tokenMailedTo(next);
    await createUser("user", { email: next });
    const res = await verify(token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("email_taken");
    expect((await userRow(member.id))?.email).toBe(member.email);
  });

  it("spends a link for an address replaced by a newer request (400 verification_invalid)", async () => {
    const member = await createUser("user");
    const first = `${uniqueName("first")}@example.com`;
    const second = `${uniqueName("second")}@example.com`;
    expect((await requestChange(member, first)).status).toBe(200);
    const oldToken = await tokenMailedTo(first);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000); // past the one-a-minute limit
    expect((await requestChange(member, second)).status).toBe(200);
    const res = await verify(oldToken);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("verification_invalid");
    expect((await userRow(member.id))?.email).toBe(member.email);
  });

  it("refuses the account's own address (400 email_unchanged)", async () => {
    const member = await createUser("user");
    const res = await requestChange(member, member.email);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "email_unchanged", field: "email" });
  });

  it.each([
    ["a bad address", { currentPassword: "secret123", email: "not-an-address" }, ruleError(AUTH_MESSAGES.emailInvalid, "email").code],
    ["no password", { currentPassword: "", email: "a@example.com" }, "invalid_input"],
    ["no address", { currentPassword: "secret123" }, "invalid_input"],
    ["extra fields", { currentPassword: "secret123", email: "a@example.com", role: "admin" }, "invalid_input"],
    ["a password too long", { currentPassword: "x".repeat(201), email: "a@example.com" }, "invalid_input"],
  ])("refuses %s (400)", async (_label, json, code) => {
    const member = await createUser("user");
    const res = await changeEmail(json, member.cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe(code);
  });

  it.each([
    ["visitor", null, 401],
    ["banned member", "banned", 401],
    ["member", "user", 200],
    ["VIP", "vip", 200],
    ["admin", "admin", 200],
  ] as const)("role matrix: %s (%s) → %i", async (_label, role, status) => {
    const user = role ? await createUser(role) : null;
    const res = await changeEmail({ currentPassword: "secret123", email: `${uniqueName("matrix")}@example.com` }, user?.cookie);
    expect(res.status).toBe(status);
  });
});
