// The member's language and the language of every mail the site sends (migrations/0032): sign-up
// stores the request's language, PUT /api/auth/locale changes it, and each mail that lands in the
// local outbox is in its recipient's language, dates written their way (never a raw ISO time).
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { contactMessages } from "../../worker/db/schema/contact";
import { mailOutbox } from "../../worker/db/schema/mail";
import { siteSettings } from "../../worker/db/schema/operations";
import { users } from "../../worker/db/schema/accounts";
import { MEMBER_LOCALE_MESSAGES } from "../../worker/contracts/member-locale";
import { LOCALE_COOKIE, type Locale } from "../../worker/contracts/locale";
import { mailDateTime } from "../../worker/services/mail/format";
import { notifyAdmin } from "../../worker/services/admin-notifications";
import { forget } from "../../worker/lib/memo";
import { call, createUser, db, errorOf, ORIGIN, ruleError, useFreshClientIp, withBotCheck, type Role } from "./helpers";

const vars = env as unknown as { ADMIN_EMAIL: string; BRAND_NAME: string };
const PT = { cookie: `${LOCALE_COOKIE}=pt-BR` };
/** 5 March 2026, 14:30 UTC: a fixed moment whose date reads differently in the two languages. */
const WRITTEN_AT = Date.UTC(2026, 2, 5, 14, 30);

let serial = 0;
const unique = (prefix: string) => `${prefix}_${++serial}_${crypto.randomUUID().slice(0, 8)}`;

const localeOf = async (userId: string) => (await db().select({ locale: users.locale }).from(users).where(eq(users.id, userId)).get())?.locale;
/** The newest mail to `to` in the local outbox. */
const lastMailTo = async (to: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

beforeEach(async () => {
  await db().delete(siteSettings);
  forget("");
});

describe("sign-up stores the request's language", () => {
  const signup = (cookie?: string, headers: Record<string, string> = {}) => {
    const username = unique("fan");
    return call("/api/auth/signup", {
      json: { username, email: `${username}@example.com`, password: "secret123", confirmPassword: "secret123" },
      cookie,
      headers: { "cf-connecting-ip": useFreshClientIp(), ...headers },
    });
  };
  const storedLocale = async (res: Response) => localeOf((await res.json<{ user: { id: string } }>()).user.id);

  it("a sign-up made in Portuguese (the app's locale cookie) is stored as pt-BR", async () => {
    const res = await signup(PT.cookie);
    expect(res.status).toBe(201);
    expect(await storedLocale(res)).toBe("pt-BR");
  });

  it("a Portuguese browser without a choice (Accept-Language) is stored as pt-BR", async () => {
    const res = await signup(undefined, { "accept-language": "pt-BR,pt;q=0.9,en;q=0.5" });
    expect(res.status).toBe(201);
    expect(await storedLocale(res)).toBe("pt-BR");
  });

  it("an English sign-up, or one with no language at all, is stored as en", async () => {
    for (const res of [await signup(`${LOCALE_COOKIE}=en`, { "accept-language": "pt-BR" }), await signup()]) {
      expect(res.status).toBe(201);
      expect(await storedLocale(res)).toBe("en");
    }
  });
});

describe("PUT /api/auth/locale", () => {
  const put = (json: unknown, cookie?: string) => call("/api/auth/locale", { method: "PUT", json, cookie });

  it("answers a visitor 401, nothing stored", async () => {
    const res = await put({ locale: "pt-BR" });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it.each<Exclude<Role, "visitor" | "banned">>(["user", "vip", "admin"])("%s: 200, the account's language stored, and back again", async (role) => {
    const member = await createUser(role);
    expect(await localeOf(member.id)).toBe("en");
    const res = await put({ locale: "pt-BR" }, member.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ locale: "pt-BR" });
    expect(await localeOf(member.id)).toBe("pt-BR");
    expect((await put({ locale: "en" }, member.cookie)).status).toBe(200);
    expect(await localeOf(member.id)).toBe("en");
  });

  it("the session user carries the stored language: /me and sign-in answer it, so the SPA can switch to it", async () => {
    const member = await createUser("user");
    expect((await put({ locale: "pt-BR" }, member.cookie)).status).toBe(200);
    const me = await call("/api/auth/me", { cookie: member.cookie });
    expect((await me.json<{ user: { locale: string } }>()).user.locale).toBe("pt-BR");
    // Signing in from a browser set to English still answers the account's language.
    const login = await call("/api/auth/login", { method: "POST", json: { email: member.email, password: member.password } });
    expect(login.status).toBe(200);
    expect((await login.json<{ user: { locale: string } }>()).user.locale).toBe("pt-BR");
  });

  it("a banned member's session is refused like every banned session: 401, nothing stored", async () => {
    const banned = await createUser("banned");
    const res = await put({ locale: "pt-BR" }, banned.cookie);
    expect(res.status).toBe(401);
    expect(await localeOf(banned.id)).toBe("en");
  });

  it.each([
    ["a language the site does not speak", { locale: "fr" }],
    ["lower-case pt-br", { locale: "pt-br" }],
    ["no language", {}],
    ["a number", { locale: 1 }],
  ])("refuses %s: 400 with the validation shape, nothing stored", async (_, json) => {
    const member = await createUser("user");
    const res = await put(json, member.cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual(ruleError(MEMBER_LOCALE_MESSAGES.localeInvalid, "locale"));
    expect(await localeOf(member.id)).toBe("en");
  });

  it("refuses an unknown field: 400 invalid_input, nothing stored", async () => {
    const member = await createUser("user");
    const res = await put({ locale: "pt-BR", extra: true }, member.cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await localeOf(member.id)).toBe("en");
  });
});

describe("password reset mail: the request's language", () => {
  const ask = (email: string, headers: Record<string, string>) =>
    call("/api/auth/reset/request", { json: { email }, headers: { "cf-connecting-ip": useFreshClientIp(), ...headers } });

  it("asked in Portuguese: the mail is in Portuguese, whatever the account's stored language", async () => {
    const member = await createUser("user");
    expect((await ask(member.email, { "accept-language": "pt-BR" })).status).toBe(200);
    const mail = await lastMailTo(member.email);
    expect(mail?.subject).toBe("Redefina sua senha");
    expect(mail?.text).toContain("Olá,");
    expect(mail?.text).toContain(`Alguém (esperamos que você) pediu para redefinir a senha da sua conta ${vars.BRAND_NAME}.`);
    expect(mail?.text).toContain("O link funciona uma vez e expira em 60 minutos.");
    expect(mail?.text).toContain("/auth/reset-password?token=");
  });

  it("asked in English: the mail stays English", async () => {
    const member = await createUser("user");
    expect((await ask(member.email, { cookie: `${LOCALE_COOKIE}=en` })).status).toBe(200);
    const mail = await lastMailTo(member.email);
    expect(mail?.subject).toBe("Reset your password");
    expect(mail?.text).toContain("The link works once and expires in 60 minutes.");
  });
});

describe("invitation mail: the language chosen in the invite form", () => {
  const invite = (json: unknown, cookie: string) => call("/api/admin/users/invite", { json, cookie });

  it("in Portuguese when chosen, text and HTML", async () => {
    const admin = await createUser("admin");
    const email = `${unique("invitee")}@example.com`;
    const res = await invite({ email, locale: "pt-BR" }, admin.cookie);
    expect(res.status).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe(`Você foi convidado para o ${vars.BRAND_NAME}`);
    expect(mail?.text).toContain("Abra este link para criar sua conta gratuita:");
    expect(mail?.html).toContain(">Criar sua conta gratuita</a>");
  });

  it("in English when chosen, even from an admin using the back office in Portuguese", async () => {
    const admin = await createUser("admin");
    const email = `${unique("invitee")}@example.com`;
    expect((await invite({ email, locale: "en" }, `${admin.cookie}; ${PT.cookie}`)).status).toBe(201);
    expect((await lastMailTo(email))?.subject).toBe(`You're invited to join ${vars.BRAND_NAME}`);
  });

  it("no language sent: the admin's current one", async () => {
    const admin = await createUser("admin");
    const email = `${unique("invitee")}@example.com`;
    expect((await invite({ email }, `${admin.cookie}; ${PT.cookie}`)).status).toBe(201);
    expect((await lastMailTo(email))?.subject).toBe(`Você foi convidado para o ${vars.BRAND_NAME}`);
  });

  it("refuses a language the site does not speak: 400 on the locale field, no mail", async () => {
    const admin = await createUser("admin");
    const email = `${unique("invitee")}@example.com`;
    const res = await invite({ email, locale: "fr" }, admin.cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_input", field: "locale" });
    expect(await lastMailTo(email)).toBeUndefined();
  });
});

describe("contact: the sender's language is stored and the reply is mailed in it", () => {
  /** POSTs the contact form and waits for the work after the response (the admin's notification). */
  async function writeContact(email: string, cookie?: string) {
    const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": useFreshClientIp() });
    if (cookie) headers.set("cookie", cookie);
    await withBotCheck(headers, "POST", "/api/contact");
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/contact`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Ana Souza", email, subject: unique("Show"), message: "Tem show em São Paulo?", subscribe: false }),
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const row = await db().select().from(contactMessages).where(eq(contactMessages.email, email)).get();
    // A fixed time, so the date the reply quotes is known.
    await db()
      .update(contactMessages)
      .set({ createdAt: new Date(WRITTEN_AT) })
      .where(eq(contactMessages.id, row!.id));
    return row!;
  }

  async function reply(messageId: string) {
    const admin = await createUser("admin");
    const res = await call(`/api/admin/messages/${messageId}/replies`, { json: { content: "Sim, em julho!" }, cookie: admin.cookie });
    expect(res.status).toBe(201);
  }

  it("a message written in Portuguese: stored pt-BR, the reply in Portuguese with a Portuguese date", async () => {
    const email = `${unique("ana")}@example.com`;
    const message = await writeContact(email, PT.cookie);
    expect(message.locale).toBe("pt-BR");
    await reply(message.id);
    const mail = await lastMailTo(email);
    const when = mailDateTime("pt-BR", new Date(WRITTEN_AT));
    expect(when).toMatch(/^5 de março de 2026.*14:30.*UTC$/);
    expect(mail?.subject).toBe(`Re: ${message.subject}`);
    expect(mail?.text).toBe(
      [
        "Olá, Ana Souza,",
        "",
        "Sim, em julho!",
        "",
        `— ${vars.BRAND_NAME}`,
        "",
        `Em ${when}, você escreveu:`,
        "> Tem show em São Paulo?",
        "",
        (env as unknown as { SENDER_CONTACT_LINE: string }).SENDER_CONTACT_LINE,
      ].join("\n"),
    );
    expect(mail?.text).not.toMatch(ISO_TIME);
  });

  it("a message written in English: stored en, the reply in English with an English date", async () => {
    const email = `${unique("ann")}@example.com`;
    const message = await writeContact(email);
    expect(message.locale).toBe("en");
    await reply(message.id);
    const mail = await lastMailTo(email);
    const when = mailDateTime("en", new Date(WRITTEN_AT));
    expect(when).toMatch(/^March 5, 2026.*2:30\sPM UTC$/);
    expect(mail?.text).toContain(`On ${when} you wrote:`);
    expect(mail?.text).toMatch(/^Hello Ana Souza,/);
  });

  it("the admin's notification follows the notification e-mails language setting and names the sender's", async () => {
    const admin = await createUser("admin");
    const put = await call("/api/admin/settings", { method: "PUT", json: { notificationLocale: "pt-BR" }, cookie: admin.cookie });
    expect(put.status).toBe(200);
    const email = `${unique("ana")}@example.com`;
    const message = await writeContact(email, PT.cookie);
    const mail = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, vars.ADMIN_EMAIL)).orderBy(desc(mailOutbox.createdAt))).find((m) =>
      m.subject.includes(message.subject),
    );
    expect(mail?.subject).toBe(`Formulário de contato: ${message.subject}`);
    expect(mail?.text).toContain(`De: Ana Souza <${email}>`);
    expect(mail?.text).toContain("Escrita em: Português (Brasil)");
  });
});

describe("admin notifications: the notification e-mails language", () => {
  const AT = Date.UTC(2026, 10, 23, 9, 5);
  async function newUserMail(locale: Locale | null) {
    if (locale) await db().insert(siteSettings).values({ key: "notificationLocale", value: locale, updatedAt: new Date() });
    forget("");
    const username = unique("joiner");
    expect(await notifyAdmin(env, db(), { kind: "new_user", member: { username, email: `${username}@example.com` } }, AT)).toBe("sent");
    return (await db().select().from(mailOutbox).where(eq(mailOutbox.to, vars.ADMIN_EMAIL))).find((m) => m.subject.endsWith(username))!;
  }

  it("pt-BR: Portuguese texts and a Portuguese date, labelled UTC", async () => {
    const mail = await newUserMail("pt-BR");
    expect(mail.subject).toMatch(/^Novo membro: /);
    expect(mail.text).toContain(`Cadastro em: ${mailDateTime("pt-BR", new Date(AT))}`);
    expect(mail.text).toMatch(/Cadastro em: 23 de novembro de 2026.*09:05.*UTC/);
    expect(mail.html).toContain("Nome de usuário");
    expect(mail.text).not.toMatch(ISO_TIME);
  });

  it("default (nothing saved): English, an English date", async () => {
    const mail = await newUserMail(null);
    expect(mail.subject).toMatch(/^New member: /);
    expect(mail.text).toMatch(/Signed up: November 23, 2026.*9:05\sAM UTC/);
    expect(mail.text).not.toMatch(ISO_TIME);
  });
});
