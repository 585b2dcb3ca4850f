// /api/admin/settings and what the settings do: administrators only; defaults on a fresh database
// (the artist's name: the chat persona's); a PUT stores exactly the fields sent, with its audit row,
// and refuses bad input storing nothing, each refusal in the API's one error shape;
// the session timeout becomes the lifetime of sessions started afterwards; each admin notification
// (new member, new VIP, ticket purchase) is mailed to ADMIN_EMAIL only while its switch is on.
// Requests that leave work for after the response go through app.fetch with an execution context
// the test waits on, so the local outbox holds the admin's mail, or not, when the test looks.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { count, desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { auditLog, siteSettings } from "../../worker/db/schema/operations";
import { mailOutbox } from "../../worker/db/schema/mail";
import { sessions } from "../../worker/db/schema/accounts";
import { DEFAULT_SETTINGS, type AdminSettingsResponse, type SiteSettings } from "../../worker/contracts/admin/settings";
import { SETTINGS_MESSAGES } from "../../worker/contracts/admin/settings-limits";
import { TEXT_MESSAGES } from "../../worker/contracts/text-messages";
import { readSettings } from "../../worker/db/settings";
import { forget } from "../../worker/lib/memo";
import { notifyAdmin } from "../../worker/services/admin-notifications";
import { mailDateTime } from "../../worker/services/mail/format";
import { fulfilEvent } from "../../worker/services/payments/fulfilment";
import type { FollowUpContext, FulfilmentEvent } from "../../worker/services/payments/purchase-kind";
import { vipSubscriptionKind } from "../../worker/services/membership/purchase";
import { cookieFrom, createUser, db, errorOf, LOCAL_ORIGIN, ORIGIN, ruleError, useFreshClientIp, withBotCheck, type TestUser } from "./helpers";
import { cookieFor, expectRefused, ROLES, statusFor } from "./admin-gate-matrix";
import { invoiceEvent, isVip, newCustomerId, newSubscriptionId, signatureFor, subscriptionEvent } from "./payments-fixtures";

const vars = env as unknown as { ADMIN_EMAIL: string; SUPPORT_EMAIL: string; BRAND_NAME: string; CHAT_PERSONA_NAME: string };
const HOUR_MS = 60 * 60 * 1000;

type SendOptions = {
  method?: string;
  json?: unknown;
  raw?: string;
  cookie?: string;
  /** The site's origin for this request (default ORIGIN). */
  origin?: string;
  /** The Origin header, when it is not the site's (a cross-site request). */
  from?: string;
  vars?: Record<string, string>;
};

/** A same-origin browser request; resolves once the work left after the response is done too. */
async function send(path: string, { method, json, raw, cookie, origin = ORIGIN, from = origin, vars: extra = {} }: SendOptions = {}) {
  const headers = new Headers({ origin: from, "cf-connecting-ip": useFreshClientIp() });
  if (json !== undefined || raw !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  const body = raw ?? (json === undefined ? undefined : JSON.stringify(json));
  await withBotCheck(headers, method ?? (body === undefined ? "GET" : "POST"), path);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(origin + path, { method: method ?? (body === undefined ? "GET" : "POST"), headers, body }),
    { ...env, ...extra },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const putSettings = (cookie: string | undefined, json: unknown) => send("/api/admin/settings", { method: "PUT", json, cookie });
const storedRows = () => db().select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).orderBy(siteSettings.key);
const auditCount = async () => (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, "settings.update")))[0]!.n;
const mailsWithSubject = (subject: string) => db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject));

/** Stores settings as an admin would (and checks that it worked). */
async function setSettings(admin: TestUser, json: unknown) {
  const res = await putSettings(admin.cookie, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<AdminSettingsResponse>()).settings;
}

const allOff = { newUser: false, newVip: false, ticketPurchase: false, newOrder: false };
/** The artist's identity while nothing is saved: no bio or links, the demo portrait; and the yearly VIP plan's $99. */
const ARTIST_DEFAULTS = {
  artistBio: DEFAULT_SETTINGS.artistBio,
  artistLinks: DEFAULT_SETTINGS.artistLinks,
  artistPortraitUrl: "/media/site/artist-portrait.jpg",
  vipYearlyPriceCents: 9900,
};

// Every test starts from a database with no saved setting, and a cold cache of them.
beforeEach(async () => {
  await db().delete(siteSettings);
  forget("");
});
afterEach(() => vi.restoreAllMocks());

describe("/api/admin/settings: administrators only", () => {
  for (const role of ROLES) {
    it(`GET as ${role} → ${statusFor(role, 200)}`, async () => {
      const res = await send("/api/admin/settings", { cookie: await cookieFor(role) });
      if (role === "admin") expect(res.status).toBe(200);
      else await expectRefused(res, role);
    });

    it(`PUT as ${role} → ${statusFor(role, 200)}${role === "admin" ? "" : ", nothing stored"}`, async () => {
      const res = await putSettings(await cookieFor(role), { sessionTimeoutHours: 48 });
      if (role === "admin") expect(res.status).toBe(200);
      else {
        await expectRefused(res, role);
        expect(await storedRows()).toEqual([]);
      }
    });

    it(`PUT of the artist's name as ${role} → ${statusFor(role, 200)}${role === "admin" ? "" : ", nothing stored or audited"}`, async () => {
      const audits = await auditCount();
      const res = await putSettings(await cookieFor(role), { artistName: "Someone Else" });
      if (role === "admin") expect(res.status).toBe(200);
      else {
        await expectRefused(res, role);
        expect(await storedRows()).toEqual([]);
        expect(await auditCount()).toBe(audits);
      }
    });
  }
});

describe("GET /api/admin/settings", () => {
  it("answers the defaults on a fresh database, with the site's facts and the viewer's role", async () => {
    const admin = await createUser("admin");
    const res = await send("/api/admin/settings", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      settings: {
        sessionTimeoutHours: 24,
        notifications: { newUser: true, newVip: true, ticketPurchase: true, newOrder: true },
        notificationLocale: "en",
        artistName: vars.CHAT_PERSONA_NAME,
        ...ARTIST_DEFAULTS,
      },
      site: { name: vars.BRAND_NAME, supportEmail: vars.SUPPORT_EMAIL, adminEmail: vars.ADMIN_EMAIL },
      viewer: { email: admin.email, role: "super_admin", roleLabel: "Super Admin" },
    } satisfies AdminSettingsResponse);
  });

  it("reads a stored value that is no longer valid as its default", async () => {
    const admin = await createUser("admin");
    const updatedAt = new Date();
    await db()
      .insert(siteSettings)
      .values([
        { key: "sessionTimeoutHours", value: 36, updatedAt },
        { key: "notifications.newVip", value: "no", updatedAt },
        { key: "notifications.newUser", value: false, updatedAt },
        { key: "artistName", value: "   ", updatedAt },
        { key: "notificationLocale", value: "fr", updatedAt },
      ]);
    const body = await (await send("/api/admin/settings", { cookie: admin.cookie })).json<AdminSettingsResponse>();
    expect(body.settings).toEqual({
      sessionTimeoutHours: 24,
      notifications: { newUser: false, newVip: true, ticketPurchase: true, newOrder: true },
      notificationLocale: "en",
      artistName: vars.CHAT_PERSONA_NAME,
      ...ARTIST_DEFAULTS,
    });
    expect((await readSettings(db())).artistName).toBeNull();
  });
});

describe("PUT /api/admin/settings", () => {
  it("stores every setting, answers the new settings, and a later GET (a reload) reads them back", async () => {
    const admin = await createUser("admin");
    const sent = {
      sessionTimeoutHours: 12,
      notifications: { newUser: false, newVip: true, ticketPurchase: false, newOrder: false },
      notificationLocale: "pt-BR",
      artistName: "Marina Sol",
      artistBio: { en: "Freestyle singer.", "pt-BR": "Cantora de freestyle." },
      artistLinks: { website: "https://marina.example/", instagram: null, facebook: null, youtube: null },
      vipYearlyPriceCents: 12900,
    } as const;
    const wanted: SiteSettings = { ...sent, artistPortraitUrl: ARTIST_DEFAULTS.artistPortraitUrl };
    const res = await putSettings(admin.cookie, { ...sent, artistLinks: { website: "https://marina.example/" } });
    expect(res.status).toBe(200);
    const body = await res.json<AdminSettingsResponse>();
    expect(body.settings).toEqual(wanted);
    expect(body.site.adminEmail).toBe(vars.ADMIN_EMAIL);
    expect(body.viewer.roleLabel).toBe("Super Admin");

    expect(await storedRows()).toEqual([
      { key: "artistBio", value: sent.artistBio },
      { key: "artistLinks", value: sent.artistLinks },
      { key: "artistName", value: "Marina Sol" },
      { key: "notificationLocale", value: "pt-BR" },
      { key: "notifications.newOrder", value: false },
      { key: "notifications.newUser", value: false },
      { key: "notifications.newVip", value: true },
      { key: "notifications.ticketPurchase", value: false },
      { key: "sessionTimeoutHours", value: 12 },
      { key: "vipYearlyPriceCents", value: 12900 },
    ]);
    forget(""); // as another isolate would: from D1, not from this one's memory
    const reread = await (await send("/api/admin/settings", { cookie: admin.cookie })).json<AdminSettingsResponse>();
    expect(reread.settings).toEqual(wanted);
  });

  it("writes one audit row with who, and the sent settings before and after", async () => {
    const admin = await createUser("admin");
    const before = await auditCount();
    await setSettings(admin, { sessionTimeoutHours: 48, notifications: { newVip: false } });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id));
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "settings.update",
      targetType: "settings",
      targetId: null,
      summary: { before: { sessionTimeoutHours: 24, "notifications.newVip": true }, after: { sessionTimeoutHours: 48, "notifications.newVip": false } },
    });
    expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("audits the artist's name as stored: null before the first save (the persona's name stood in)", async () => {
    const admin = await createUser("admin");
    await setSettings(admin, { artistName: "Marina Sol" });
    await setSettings(admin, { artistName: "Marina Sol & Band" });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(2);
    expect(rows.map((r) => r.summary)).toEqual([
      { before: { artistName: "Marina Sol" }, after: { artistName: "Marina Sol & Band" } },
      { before: { artistName: null }, after: { artistName: "Marina Sol" } },
    ]);
  });

  it("stores the artist's name trimmed, answers it, and a later GET (another isolate) reads it back", async () => {
    const admin = await createUser("admin");
    const saved = await setSettings(admin, { artistName: "  Marina Sol  " });
    const { artistPortrait: _key, ...defaults } = DEFAULT_SETTINGS;
    expect(saved).toEqual({ ...defaults, ...ARTIST_DEFAULTS, artistName: "Marina Sol" });
    expect(await storedRows()).toEqual([{ key: "artistName", value: "Marina Sol" }]);
    forget("");
    const reread = await (await send("/api/admin/settings", { cookie: admin.cookie })).json<AdminSettingsResponse>();
    expect(reread.settings.artistName).toBe("Marina Sol");
    expect(await readSettings(db())).toEqual({ ...DEFAULT_SETTINGS, artistName: "Marina Sol" });
  });

  it("accepts an artist's name of exactly 80 characters (counted after trimming)", async () => {
    const admin = await createUser("admin");
    const name = "é".repeat(80);
    expect((await setSettings(admin, { artistName: ` ${name.normalize("NFD")} ` })).artistName).toBe(name);
  });

  it("changes only the fields sent: a partial update keeps the others", async () => {
    const admin = await createUser("admin");
    await setSettings(admin, { sessionTimeoutHours: 12, notifications: allOff });
    const after = await setSettings(admin, { notifications: { ticketPurchase: true } });
    const persona = vars.CHAT_PERSONA_NAME;
    expect(after).toEqual({
      sessionTimeoutHours: 12,
      notifications: { newUser: false, newVip: false, ticketPurchase: true, newOrder: false },
      notificationLocale: "en",
      artistName: persona,
      ...ARTIST_DEFAULTS,
    });
    const again = await setSettings(admin, { sessionTimeoutHours: 24 });
    expect(again).toEqual({
      sessionTimeoutHours: 24,
      notifications: { newUser: false, newVip: false, ticketPurchase: true, newOrder: false },
      notificationLocale: "en",
      artistName: persona,
      ...ARTIST_DEFAULTS,
    });
    const { artistPortraitUrl: _url, ...storedShape } = again;
    expect(await readSettings(db())).toEqual({ ...storedShape, artistName: null, artistPortrait: DEFAULT_SETTINGS.artistPortrait }); // the persona's name is not stored
    const named = await setSettings(admin, { artistName: "Marina Sol" });
    expect(named).toEqual({ ...again, artistName: "Marina Sol" });
    expect(await setSettings(admin, { notifications: { newUser: true } })).toEqual({ ...named, notifications: { ...named.notifications, newUser: true } });
  });

  // Each with a valid field next to the invalid one where it can be: that one is not stored either.
  // With a message: the whole error, { code, message, field?, params? } (ruleError: the code is the
  // form rule's for a typed field, invalid_input for a chosen one); without: an invalid_input.
  const invalid: [string, unknown, string | null, string?][] = [
    ["a timeout not offered", { sessionTimeoutHours: 36, notifications: { newUser: false } }, SETTINGS_MESSAGES.timeoutInvalid, "sessionTimeoutHours"],
    ["a timeout as text", { sessionTimeoutHours: "24" }, SETTINGS_MESSAGES.timeoutInvalid, "sessionTimeoutHours"],
    ["a null timeout", { sessionTimeoutHours: null }, SETTINGS_MESSAGES.timeoutInvalid, "sessionTimeoutHours"],
    [
      "a switch that is not a boolean",
      { sessionTimeoutHours: 12, notifications: { newUser: "yes" } },
      SETTINGS_MESSAGES.switchInvalid,
      "notifications.newUser",
    ],
    ["a switch as 1", { notifications: { newVip: 1, newUser: false } }, SETTINGS_MESSAGES.switchInvalid, "notifications.newVip"],
    ["an unknown switch", { sessionTimeoutHours: 12, notifications: { newsletter: true } }, null],
    ["an unknown field", { sessionTimeoutHours: 12, siteName: "Hacked" }, null],
    ["nothing to change", {}, SETTINGS_MESSAGES.nothingToUpdate],
    ["empty notifications", { notifications: {} }, SETTINGS_MESSAGES.nothingToUpdate],
    ["an array", [12], null],
    ["an empty artist name", { sessionTimeoutHours: 12, artistName: "" }, SETTINGS_MESSAGES.artistNameRequired, "artistName"],
    ["an artist name of spaces", { artistName: "  \u00a0 " }, SETTINGS_MESSAGES.artistNameRequired, "artistName"],
    ["an artist name of 81 characters", { notifications: { newUser: false }, artistName: "x".repeat(81) }, SETTINGS_MESSAGES.artistNameTooLong, "artistName"],
    ["an artist name as a number", { sessionTimeoutHours: 12, artistName: 42 }, SETTINGS_MESSAGES.artistNameInvalid, "artistName"],
    ["a null artist name", { artistName: null }, SETTINGS_MESSAGES.artistNameInvalid, "artistName"],
    ["an artist name with a control character", { artistName: "Marina\u0000Sol" }, TEXT_MESSAGES.invalidCharacters, "artistName"],
  ];
  for (const [what, json, message, field] of invalid) {
    it(`refuses ${what} (400${message ? ` ${ruleError(message).code}` : " invalid_input"}), storing nothing and auditing nothing`, async () => {
      const admin = await createUser("admin");
      await setSettings(admin, { sessionTimeoutHours: 48, artistName: "Marina Sol" });
      const [rows, audits] = [await storedRows(), await auditCount()];
      const res = await putSettings(admin.cookie, json);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      if (message) expect(error).toEqual(ruleError(message, field));
      else expect(error.code).toBe("invalid_input");
      expect(await storedRows()).toEqual(rows);
      expect(await auditCount()).toBe(audits);
      expect(await readSettings(db())).toEqual({ ...DEFAULT_SETTINGS, sessionTimeoutHours: 48, artistName: "Marina Sol" });
    });
  }

  it("names the artist's name rules by their codes, with the limit as a value", () => {
    expect(ruleError(SETTINGS_MESSAGES.artistNameRequired, "artistName")).toEqual({
      code: "artist_name_required",
      message: "Artist name is required",
      field: "artistName",
    });
    expect(ruleError(SETTINGS_MESSAGES.artistNameTooLong, "artistName")).toEqual({
      code: "artist_name_too_long",
      message: "Artist name must be at most 80 characters",
      field: "artistName",
      params: { max: 80 },
    });
  });

  it("refuses a body that is not JSON (400)", async () => {
    const admin = await createUser("admin");
    const res = await send("/api/admin/settings", { method: "PUT", raw: "{not json", cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await storedRows()).toEqual([]);
  });

  it("refuses a cross-site PUT (CSRF), storing nothing", async () => {
    const admin = await createUser("admin");
    const res = await send("/api/admin/settings", { method: "PUT", json: { sessionTimeoutHours: 12 }, cookie: admin.cookie, from: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await storedRows()).toEqual([]);
  });
});

describe("the session timeout applies to sessions started afterwards", () => {
  const sessionRows = (userId: string) => db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt);
  const maxAgeOf = (res: Response) => /Max-Age=(\d+)/i.exec(res.headers.getSetCookie().find((l) => l.startsWith("__Host-sid=")) ?? "")?.[1];
  const login = (user: TestUser) => send("/api/auth/login", { json: { email: user.email, password: user.password } });

  it("a sign-in after the timeout is set to 12 hours gets a 12-hour session and cookie; the open session keeps its own", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const [open] = await sessionRows(member.id);
    await setSettings(admin, { sessionTimeoutHours: 12 });

    const res = await login(member);
    expect(res.status).toBe(200);
    expect(maxAgeOf(res)).toBe(String(12 * 3600));
    const rows = await sessionRows(member.id);
    expect(rows).toHaveLength(2);
    const fresh = rows.find((r) => r.idHash !== open!.idHash)!;
    expect(fresh.expiresAt.getTime() - fresh.createdAt.getTime()).toBe(12 * HOUR_MS);
    expect(rows.find((r) => r.idHash === open!.idHash)!.expiresAt).toEqual(open!.expiresAt);

    // The new cookie works.
    const me = await send("/api/auth/me", { cookie: cookieFrom(res)! });
    expect((await me.json<{ user: { id: string } | null }>()).user?.id).toBe(member.id);
  });

  it("24 hours when nothing is saved, 48 once chosen; sign-up starts its session the same way", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const first = await login(member);
    expect(maxAgeOf(first)).toBe(String(24 * 3600));

    await setSettings(admin, { sessionTimeoutHours: 48 });
    const username = `fan_${crypto.randomUUID().slice(0, 8)}`;
    const signup = await send("/api/auth/signup", {
      json: { username, email: `${username}@example.com`, password: "secret123", confirmPassword: "secret123" },
    });
    expect(signup.status).toBe(201);
    expect(maxAgeOf(signup)).toBe(String(48 * 3600));
    const { user } = await signup.json<{ user: { id: string } }>();
    const [row] = await sessionRows(user.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * HOUR_MS);
  });

  it("a saved timeout is used at once by the isolate that saved it", async () => {
    const admin = await createUser("admin");
    await readSettings(db()); // remembered with the default...
    await setSettings(admin, { sessionTimeoutHours: 12 });
    expect((await readSettings(db())).sessionTimeoutHours).toBe(12); // ...and forgotten on the write
  });
});

describe("admin notification: new user registrations", () => {
  const signupAs = (username: string, extra: Record<string, string> = {}) =>
    send("/api/auth/signup", { json: { username, email: `${username}@example.com`, password: "secret123", confirmPassword: "secret123" }, vars: extra });

  it("mails the admin after a sign-up while the switch is on (the default), as text and HTML", async () => {
    const username = `new_${crypto.randomUUID().slice(0, 8)}`;
    expect((await signupAs(username)).status).toBe(201);
    const mails = await mailsWithSubject(`New member: ${username}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(vars.ADMIN_EMAIL);
    expect(mails[0]!.text).toContain(`A new member joined ${vars.BRAND_NAME}.`);
    expect(mails[0]!.text).toContain(`Username: ${username}`);
    expect(mails[0]!.text).toContain(`E-mail: ${username}@example.com`);
    expect(mails[0]!.html).toContain(`<td>${username}@example.com</td>`);
  });

  it("sends nothing when the switch is off, and the other switches do not matter", async () => {
    const admin = await createUser("admin");
    await setSettings(admin, { notifications: { newUser: false, newVip: true, ticketPurchase: true } });
    const username = `quiet_${crypto.randomUUID().slice(0, 8)}`;
    expect((await signupAs(username)).status).toBe(201);
    expect(await mailsWithSubject(`New member: ${username}`)).toHaveLength(0);
  });

  it("a failed sign-up mails nothing", async () => {
    const member = await createUser("user");
    const res = await send("/api/auth/signup", {
      json: { username: `dup_${crypto.randomUUID().slice(0, 6)}`, email: member.email, password: "secret123", confirmPassword: "secret123" },
    });
    expect(res.status).toBe(409);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, vars.ADMIN_EMAIL));
    expect(mails.filter((m) => m.text.includes(member.email))).toHaveLength(0);
  });

  it("still signs the person up when the mail provider fails (the failure is logged)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("provider down", { status: 503 }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const username = `unlucky_${crypto.randomUUID().slice(0, 8)}`;
    const res = await signupAs(username, { MAIL_PROVIDER: "postmark", MAIL_API_KEY: "pm-test-key", MAIL_FROM: "no-reply@fans.test" });
    expect(res.status).toBe(201);
    expect(cookieFrom(res)).not.toBeNull();
    expect(logged).toHaveBeenCalledWith("admin notification (new_user) failed", expect.anything());
  });
});

describe("admin notification: new VIP subscriptions", () => {
  /** The local test checkout's Pay button: three verified events, as Stripe sends them. */
  async function payLocally(member: TestUser) {
    const checkout = await send("/api/payments/checkout", { json: {}, cookie: member.cookie });
    expect(checkout.status).toBe(200);
    const sessionId = new URL((await checkout.json<{ url: string }>()).url, ORIGIN).searchParams.get("session")!;
    const res = await send(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: member.cookie, origin: LOCAL_ORIGIN });
    expect(res.status).toBe(200);
  }

  it("mails the admin once when a payment makes a member VIP", async () => {
    const member = await createUser("user");
    await payLocally(member);
    expect(await isVip(member.id)).toBe(true);
    const mails = await mailsWithSubject(`New VIP subscription: ${member.username}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(vars.ADMIN_EMAIL);
    expect(mails[0]!.text).toContain(`E-mail: ${member.email}`);
  });

  it("sends nothing when the switch is off", async () => {
    const admin = await createUser("admin");
    await setSettings(admin, { notifications: { newVip: false } });
    const member = await createUser("user");
    await payLocally(member);
    expect(await isVip(member.id)).toBe(true);
    expect(await mailsWithSubject(`New VIP subscription: ${member.username}`)).toHaveLength(0);
  });

  it("is announced through the Stripe webhook too, and not again for a renewal", async () => {
    const member = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: member.id };
    const webhook = async (event: object) => {
      const raw = JSON.stringify(event);
      const ctx = createExecutionContext();
      const req = new Request(`${ORIGIN}/api/stripe/webhook`, {
        method: "POST",
        body: raw,
        headers: { "content-type": "application/json", "stripe-signature": await signatureFor(raw) },
      });
      const res = await app.fetch(req, env, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
    };
    await webhook(subscriptionEvent("created", sub));
    await webhook(invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId: member.id }));
    await webhook(
      invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId: member.id, periodEndMs: Date.now() + 60 * 24 * HOUR_MS }),
    );
    expect(await mailsWithSubject(`New VIP subscription: ${member.username}`)).toHaveLength(1);
  });

  it("fulfilment reports VIP turning on once: not for a renewal, a duplicate delivery, or the end", async () => {
    const member = await createUser("user");
    const started = vi.fn();
    // Through the VIP kind, its vipStarted follow-up reported to `started`, in a request's context.
    const followUp = { env, executionCtx: createExecutionContext(), var: { db: db() } } as unknown as FollowUpContext;
    const reportingTo = (vipStarted: typeof started, now = Date.now()) => ({ kinds: [vipSubscriptionKind(() => ({ vipStarted }))], now, followUp });
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: member.id };
    const created = subscriptionEvent("created", sub) as FulfilmentEvent;
    expect(await fulfilEvent(db(), created, reportingTo(started))).toBe("applied");
    expect(started).toHaveBeenCalledTimes(1);
    expect(started).toHaveBeenCalledWith({ email: member.email, username: member.username });

    expect(await fulfilEvent(db(), created, reportingTo(started))).toBe("duplicate");
    const renewal = invoiceEvent("invoice.paid", {
      subscriptionId: sub.id,
      customerId: sub.customerId,
      periodEndMs: Date.now() + 60 * 24 * HOUR_MS,
    }) as FulfilmentEvent;
    expect(await fulfilEvent(db(), renewal, reportingTo(started))).toBe("applied");
    const ended = subscriptionEvent("deleted", { ...sub, status: "canceled" }, Date.now() + 1000) as FulfilmentEvent;
    expect(await fulfilEvent(db(), ended, reportingTo(started, Date.now() + 1000))).toBe("applied");
    expect(await isVip(member.id)).toBe(false);
    expect(started).toHaveBeenCalledTimes(1);

    // A new subscription after the last one ended is a new VIP subscription.
    const again = { id: newSubscriptionId(), customerId: sub.customerId, userId: member.id };
    expect(await fulfilEvent(db(), subscriptionEvent("created", again, Date.now() + 2000) as FulfilmentEvent, reportingTo(started, Date.now() + 2000))).toBe(
      "applied",
    );
    expect(started).toHaveBeenCalledTimes(2);
  });
});

describe("admin notification: ticket purchases (notifyAdmin)", () => {
  const purchase = (orderId = `ord_${crypto.randomUUID().slice(0, 8)}`) => ({
    orderId,
    eventTitle: "Neon Nights <Live>",
    buyerName: "Ana Souza",
    buyerEmail: "ana@example.com",
    quantity: 2,
    totalCents: 5000,
    currency: "usd",
  });

  it("mails the admin the order while the switch is on, text and escaped HTML", async () => {
    const order = purchase();
    const at = Date.UTC(2026, 11, 6, 1, 0, 0);
    expect(await notifyAdmin(env, db(), { kind: "ticket_purchase", purchase: order }, at)).toBe("sent");
    const mails = await mailsWithSubject("Ticket purchase: Neon Nights <Live>");
    const mine = mails.filter((m) => m.text.includes(order.orderId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.to).toBe(vars.ADMIN_EMAIL);
    expect(mine[0]!.text).toBe(
      [
        `Tickets were bought on ${vars.BRAND_NAME}.`,
        "",
        "Event: Neon Nights <Live>",
        `Order: ${order.orderId}`,
        "Customer: Ana Souza <ana@example.com>",
        "Tickets: 2",
        // Written the notification language's way (English by default), never a raw ISO time.
        "Total: $50.00",
        `Date: ${mailDateTime("en", new Date(at))}`,
        "",
        "See every order in the back office, under Tickets.",
        "",
        (env as unknown as { SENDER_CONTACT_LINE: string }).SENDER_CONTACT_LINE,
      ].join("\n"),
    );
    expect(mine[0]!.html).toContain("<td>Neon Nights &lt;Live&gt;</td>");
    expect(mine[0]!.html).toContain("<td>Ana Souza &lt;ana@example.com&gt;</td>");
    expect(mine[0]!.html).not.toContain("<Live>");
  });

  it("sends nothing while the switch is off", async () => {
    const admin = await createUser("admin");
    await setSettings(admin, { notifications: { ticketPurchase: false } });
    const order = purchase();
    expect(await notifyAdmin(env, db(), { kind: "ticket_purchase", purchase: order })).toBe("off");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, vars.ADMIN_EMAIL));
    expect(mails.filter((m) => m.text.includes(order.orderId))).toHaveLength(0);
  });

  it("keeps a subject on one line", async () => {
    const order = { ...purchase(), eventTitle: "Night\r\nBcc: someone@example.com" };
    expect(await notifyAdmin(env, db(), { kind: "ticket_purchase", purchase: order })).toBe("sent");
    const [mail] = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, vars.ADMIN_EMAIL))).filter((m) => m.text.includes(order.orderId));
    expect(mail!.subject).toBe("Ticket purchase: Night Bcc: someone@example.com");
  });

  it("answers failed and logs, never throws, when the mail cannot be sent", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("provider down", { status: 503 }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const liveMail = { ...env, MAIL_PROVIDER: "postmark", MAIL_API_KEY: "pm-test-key", MAIL_FROM: "no-reply@fans.test" };
    expect(await notifyAdmin(liveMail, db(), { kind: "ticket_purchase", purchase: purchase() })).toBe("failed");
    expect(logged).toHaveBeenCalledWith("admin notification (ticket_purchase) failed", expect.anything());
  });

  it("defaults: every notification on", () => {
    expect(DEFAULT_SETTINGS.notifications).toEqual({ newUser: true, newVip: true, ticketPurchase: true, newOrder: true });
  });
});
