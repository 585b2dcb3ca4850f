// Local mail (outbox in D1), the mail service choice, and the local-only dev mailbox.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { mailOutbox } from "../../worker/db/schema/mail";
import { createMailService } from "../../worker/services/mail";
import { addToOutbox, extractLinks } from "../../worker/services/mail/outbox";
import type { AppEnv } from "../../worker/env";
import type { MailboxResponse } from "../../worker/contracts/auth";
import { call, callLocal, createUser, db, LOCAL_ORIGIN, ORIGIN } from "./helpers";

const appEnv = env as AppEnv;

async function mailbox(cookie?: string) {
  const res = await callLocal("/api/dev/mailbox", { cookie });
  expect(res.status).toBe(200);
  return res.json<MailboxResponse>();
}

/** Runs the app with other vars, in this isolate (e.g. as production), on the local origin by default. */
async function fetchWithEnv(path: string, vars: Record<string, string>, origin = LOCAL_ORIGIN) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(origin + path), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("GET /api/dev/mailbox", () => {
  it("lists the outbox newest first, with the links found in each text", async () => {
    const to = `reader_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const now = Date.now();
    await addToOutbox(db(), { to, subject: "Older", text: "Nothing to click." }, now - 5000);
    await addToOutbox(
      db(),
      { to, subject: "Newer", text: "Go to https://fans.test/auth/reset-password?token=abc&type=recovery.\nOr (https://fans.test/help)", html: "<p>hi</p>" },
      now,
    );

    const { messages } = await mailbox();
    const mine = messages.filter((m) => m.to === to);
    expect(mine.map((m) => m.subject)).toEqual(["Newer", "Older"]);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      to,
      subject: "Newer",
      text: expect.stringContaining("reset-password"),
      html: "<p>hi</p>",
      createdAt: new Date(now).toISOString(),
      links: ["https://fans.test/auth/reset-password?token=abc&type=recovery", "https://fans.test/help"],
      headers: {},
      attachments: [],
    });
    expect(mine[1]!.links).toEqual([]);
    expect(mine[1]!.html).toBeNull();
  });

  it("keeps the order of messages written in the same millisecond", async () => {
    const to = `same_ms_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const at = Date.now() + 60_000; // newer than anything else in this file
    for (const subject of ["first", "second", "third"]) await addToOutbox(db(), { to, subject, text: "x" }, at);
    const { messages } = await mailbox();
    expect(messages.slice(0, 3).map((m) => m.subject)).toEqual(["third", "second", "first"]);
  });

  it("shows the password reset mail a visitor asked for", async () => {
    const u = await createUser("user");
    const res = await call("/api/auth/reset/request", { json: { email: u.email }, headers: { "cf-connecting-ip": "10.200.0.1" } });
    expect(res.status).toBe(200);
    const mail = (await mailbox()).messages.find((m) => m.to === u.email);
    expect(mail?.subject).toBe("Reset your password");
    expect(mail?.links).toHaveLength(1);
    expect(mail?.links[0]).toMatch(/^https:\/\/fans\.test\/auth\/reset-password\?token=[\w-]+&type=recovery$/);
  });

  it("is open to every role in local mode (it only exists there)", async () => {
    for (const role of ["user", "vip", "admin", "banned"] as const) {
      const u = await createUser(role);
      await mailbox(u.cookie);
    }
  });

  it("does not exist for a request to a public host, even in local or test mode", async () => {
    for (const origin of [ORIGIN, "http://192.168.1.20:8787", "http://127.0.0.1.nip.io:8787", "http://localhost.evil.example"]) {
      const res = await fetchWithEnv("/api/dev/mailbox", { APP_ENV: "test" }, origin);
      expect(res.status, origin).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("not_found");
    }
    for (const origin of ["http://localhost:8787", "http://[::1]:8787", LOCAL_ORIGIN]) {
      expect((await fetchWithEnv("/api/dev/mailbox", { APP_ENV: "test" }, origin)).status, origin).toBe(200);
    }
  });

  it("makes a Worker in local mode refuse every request to a public host, with a clear configuration error", async () => {
    for (const path of ["/api/config", "/api/dev/mailbox", "/api/auth/me"]) {
      const res = await fetchWithEnv(path, { APP_ENV: "local" }, "https://fans.example.com");
      expect(res.status).toBe(500);
      const { error } = await res.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe("misconfigured");
      expect(error.message).toContain("APP_ENV=local");
      expect(error.message).toContain("fans.example.com");
    }
    expect((await fetchWithEnv("/api/config", { APP_ENV: "local" })).status).toBe(200);
  });

  it("does not exist outside local mode", async () => {
    const res = await fetchWithEnv("/api/dev/mailbox", { APP_ENV: "production" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    // The same route in this isolate, in local mode, answers: the 404 comes from the mode.
    expect((await fetchWithEnv("/api/dev/mailbox", { APP_ENV: "local" })).status).toBe(200);
  });
});

describe("GET /dev/mailbox (the page)", () => {
  it("does not exist outside local mode: the page is a 404 like its API", async () => {
    const res = await fetchWithEnv("/dev/mailbox", { APP_ENV: "production" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    expect((await fetchWithEnv("/dev/mailbox/", { APP_ENV: "production" })).status).toBe(404);
  });

  it("does not exist for a request to a public host in test mode", async () => {
    expect((await fetchWithEnv("/dev/mailbox", { APP_ENV: "test" }, ORIGIN)).status).toBe(404);
  });
});

describe("extractLinks", () => {
  it("finds http(s) links and drops trailing punctuation", () => {
    expect(extractLinks("See https://a.test/x?y=1, then http://b.test/z). Done.")).toEqual(["https://a.test/x?y=1", "http://b.test/z"]);
    expect(extractLinks("no links here, not even ftp://c.test")).toEqual([]);
  });
});

describe("createMailService", () => {
  afterEach(() => vi.restoreAllMocks());

  it("uses the local outbox when no provider is configured", async () => {
    const to = `local_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = vi.spyOn(globalThis, "fetch");
    await createMailService(appEnv, db()).send({ to, subject: "Hi", text: "Hello" });
    expect(sent).not.toHaveBeenCalled();
    const rows = (await db().select().from(mailOutbox)).filter((r) => r.to === to);
    expect(rows).toHaveLength(1);
    // Every mail ends with the sender's contact line (SENDER_CONTACT_LINE).
    expect(rows[0]).toMatchObject({ subject: "Hi", text: `Hello\n\n${appEnv.SENDER_CONTACT_LINE}`, html: null });
  });

  it("stays local when a provider is named without its key", async () => {
    const to = `nokey_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = vi.spyOn(globalThis, "fetch");
    await createMailService({ ...appEnv, MAIL_PROVIDER: "postmark" }, db()).send({ to, subject: "Hi", text: "Hello" });
    expect(sent).not.toHaveBeenCalled();
    expect((await db().select().from(mailOutbox)).some((r) => r.to === to)).toBe(true);
  });

  it("goes live when provider and key are set, to the vendor URL unless overridden", async () => {
    const sent = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ MessageID: "1" }));
    const live = { ...appEnv, MAIL_PROVIDER: "postmark", MAIL_API_KEY: "pm-key", MAIL_FROM: "no-reply@fans.test" };
    await createMailService(live, db()).send({ to: "a@example.com", subject: "Hi", text: "Hello" });
    await createMailService({ ...live, MAIL_API_BASE_URL: "https://mail-proxy.test/" }, db()).send({ to: "a@example.com", subject: "Hi", text: "Hello" });
    expect(sent.mock.calls.map(([url]) => String(url))).toEqual(["https://api.postmarkapp.com/email", "https://mail-proxy.test/email"]);
    expect(new Headers(sent.mock.calls[0]![1]!.headers).get("x-postmark-server-token")).toBe("pm-key");
  });
});
