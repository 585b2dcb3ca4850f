// POST /api/contact: the landing page's contact form. Each request is checked by its exact status
// and body, and by what D1 holds afterwards: the message, the pending subscription and its
// confirmation mail (double opt-in), the admin's mail.
// Requests go through app.fetch with an execution context the test waits on, so the mail sent
// off the response path (waitUntil) has been written, or not, by the time the test looks.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { contactMessages } from "../../worker/db/schema/contact";
import { mailOutbox, marketingContacts } from "../../worker/db/schema/mail";
import { sessions } from "../../worker/db/schema/accounts";
import { splitName } from "../../worker/db/contact";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, CONTACT_MESSAGES, type ContactRequest } from "../../worker/contracts/contact";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../worker/contracts/text";
import type { MailboxResponse } from "../../worker/contracts/auth";
import { call, callLocal, createUser, db, errorOf, ORIGIN, ruleError, useFreshClientIp, withBotCheck, type Role } from "./helpers";
import { isUniqueViolation } from "../../worker/db/d1";
import { consentText } from "../../worker/services/mail/newsletter";

const ADMIN_EMAIL = (env as unknown as { ADMIN_EMAIL: string }).ADMIN_EMAIL;
const OK = { ok: true };

let serial = 0;
/** A sender nobody else in this file uses, so rows are found by their address. */
const uniqueEmail = (prefix = "fan") => `${prefix}.${++serial}.${crypto.randomUUID().slice(0, 8)}@example.com`;

function body(overrides: Partial<Record<keyof ContactRequest, unknown>> = {}): Record<string, unknown> {
  return {
    name: "Ana Maria Souza",
    email: uniqueEmail(),
    subject: `Booking question ${crypto.randomUUID().slice(0, 8)}`,
    message: "Hello!\nIs there a show in São Paulo this year?",
    ...overrides,
  };
}

type SendOptions = { ip?: string; cookie?: string; origin?: string; raw?: string; headers?: Record<string, string>; vars?: Record<string, string> };

/** POSTs to /api/contact as a same-origin browser and waits for the work left after the response. */
async function send(json: unknown, { ip, cookie, origin = ORIGIN, raw, headers = {}, vars = {} }: SendOptions = {}) {
  const h = new Headers({ "content-type": "application/json", origin, "cf-connecting-ip": ip ?? useFreshClientIp(), ...headers });
  if (cookie) h.set("cookie", cookie);
  await withBotCheck(h, "POST", "/api/contact");
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/contact`, { method: "POST", headers: h, body: raw ?? JSON.stringify(json) }),
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const messagesFrom = (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email));
const contactsFor = (email: string) =>
  db()
    .select()
    .from(marketingContacts)
    .where(sql`lower(${marketingContacts.email}) = lower(${email})`);
const consentsOf = async (contactId: string) =>
  (
    await env.DB.prepare("SELECT source, consent_text, locale, confirmed_at, expires_at FROM marketing_consents WHERE contact_id = ? ORDER BY created_at")
      .bind(contactId)
      .all<{
        source: string;
        consent_text: string;
        locale: string;
        confirmed_at: number | null;
        expires_at: number;
      }>()
  ).results;
const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
const mailsAbout = async (subject: string) =>
  (await db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt))).filter((m) => m.subject.includes(subject));

afterEach(() => vi.restoreAllMocks());

describe("POST /api/contact: a valid message", () => {
  it("stores exactly one unread, normal-priority, unlabelled message as typed (trimmed) and answers 200 {ok:true}", async () => {
    const input = body({ name: "  Ana Maria Souza ", message: "  Line one\r\nLine two\twith a tab  " });
    const before = Date.now();
    const res = await send({ ...input, email: `  ${String(input.email)} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    const rows = await messagesFrom(String(input.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ana Maria Souza",
      email: input.email,
      subject: input.subject,
      message: "Line one\nLine two\twith a tab",
      status: "unread",
      priority: "normal",
      labels: [],
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.updatedAt.getTime()).toBe(rows[0]!.createdAt.getTime());
    // labels is a JSON array in the column itself, as the back office will read it.
    const stored = await env.DB.prepare("SELECT labels FROM contact_messages WHERE id = ?").bind(rows[0]!.id).first<{ labels: string }>();
    expect(stored!.labels).toBe("[]");
  });

  it("accepts every field at its length limit", async () => {
    const email = `${"a".repeat(60)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(CONTACT_LIMITS.email - 60 - 1 - 60 - 1 - 60 - 1 - 4)}.com`;
    expect(email).toHaveLength(CONTACT_LIMITS.email);
    const input = body({
      name: "n".repeat(CONTACT_LIMITS.name),
      email,
      subject: "s".repeat(CONTACT_LIMITS.subject),
      message: "m".repeat(CONTACT_LIMITS.message),
    });
    const res = await send(input);
    expect(res.status).toBe(200);
    expect(await messagesFrom(email)).toHaveLength(1);
  });

  it("asks the sender to confirm by default: a pending contact, its consent as shown, and a confirmation mail", async () => {
    const input = body();
    const before = Date.now();
    expect((await send(input)).status).toBe(200);
    const contacts = await contactsFor(String(input.email));
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      email: input.email,
      firstName: "Ana",
      lastName: "Maria Souza",
      status: "pending",
      source: "contact_form",
      consentAt: null,
    });
    const consents = await consentsOf(contacts[0]!.id);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ source: "contact_form", locale: "en", confirmed_at: null });
    expect(consents[0]!.consent_text).toBe(consentText("en", "contact_form", "Freestyle Lovers"));
    expect(consents[0]!.expires_at).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    const [mail] = await mailsTo(String(input.email));
    expect(mail!.subject).toBe("Confirm your subscription to Freestyle Lovers news");
    expect(mail!.text).toMatch(new RegExp(`${ORIGIN}/newsletter/confirm\\?token=[A-Za-z0-9_-]{43}`));
  });

  it("subscribes with subscribe: true as well, in the form's language", async () => {
    const input = body({ subscribe: true, name: "Cher" });
    expect((await send(input, { headers: { "accept-language": "pt-BR" } })).status).toBe(200);
    expect(await contactsFor(String(input.email))).toMatchObject([
      { firstName: "Cher", lastName: null, status: "pending", locale: "pt-BR", source: "contact_form" },
    ]);
    const [mail] = await mailsTo(String(input.email));
    expect(mail!.subject).toBe("Confirme sua inscrição nas novidades do Freestyle Lovers");
  });

  it("stores the message but no contact when subscribe is false", async () => {
    const input = body({ subscribe: false });
    const res = await send(input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    expect(await messagesFrom(String(input.email))).toHaveLength(1);
    expect(await contactsFor(String(input.email))).toEqual([]);
  });

  it("leaves an existing contact (stored in another case) exactly as it was", async () => {
    const existing = uniqueEmail("Old.Friend").replace("@example.com", "@Example.COM");
    const consentAt = new Date(Date.UTC(2020, 0, 2, 3, 4, 5));
    await db().insert(marketingContacts).values({
      id: crypto.randomUUID(),
      email: existing,
      firstName: "Original",
      lastName: "Name",
      status: "unsubscribed",
      consentAt,
      source: "import",
      createdAt: consentAt,
      updatedAt: consentAt,
    });

    const res = await send(body({ email: existing.toLowerCase(), name: "New Name Here" }));
    expect(res.status).toBe(200);
    expect(await messagesFrom(existing.toLowerCase())).toHaveLength(1);
    const contacts = await contactsFor(existing);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ email: existing, firstName: "Original", lastName: "Name", status: "unsubscribed", source: "import" });
    expect(contacts[0]!.consentAt!.getTime()).toBe(consentAt.getTime());
    expect(contacts[0]!.updatedAt.getTime()).toBe(consentAt.getTime());
  });

  it("keeps one contact per address when the same person writes twice", async () => {
    const email = uniqueEmail();
    expect((await send(body({ email }))).status).toBe(200);
    const [first] = await contactsFor(email);
    expect((await send(body({ email: email.toUpperCase(), name: "Someone Else" }))).status).toBe(200);
    expect(await messagesFrom(email)).toHaveLength(1);
    expect(await messagesFrom(email.toUpperCase())).toHaveLength(1);
    expect(await contactsFor(email)).toEqual([first]);
  });

  it("the database itself refuses a second contact differing only in case", async () => {
    const email = uniqueEmail();
    const row = (address: string) => ({ id: crypto.randomUUID(), email: address, source: "import" as const, updatedAt: new Date() });
    await db().insert(marketingContacts).values(row(email));
    const err = await db()
      .insert(marketingContacts)
      .values(row(email.toUpperCase()))
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(await contactsFor(email)).toHaveLength(1);
  });
});

describe("POST /api/contact: the admin's notification", () => {
  it("mails the admin the sender, subject and message as plain text (local outbox)", async () => {
    const input = body({ name: "Ana <b>Souza</b>", message: "Hi!\n<script>alert(1)</script>\nSee you." });
    expect((await send(input)).status).toBe(200);
    const mails = await mailsAbout(String(input.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ADMIN_EMAIL, subject: `Contact form: ${String(input.subject)}`, html: null });
    expect(mails[0]!.text).toBe(
      [
        "New message from the Freestyle Lovers contact form.",
        "",
        `From: Ana <b>Souza</b> <${String(input.email)}>`,
        `Subject: ${String(input.subject)}`,
        "Written in: English",
        "",
        "Hi!\n<script>alert(1)</script>\nSee you.",
        "",
        "Read and answer it in the back office, under Messages.",
        "",
        (env as unknown as { SENDER_CONTACT_LINE: string }).SENDER_CONTACT_LINE,
      ].join("\n"),
    );
  });

  it("shows up in the dev mailbox when sent through the Worker's own entry point", async () => {
    const input = body();
    const res = await call("/api/contact", { json: input });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => {
        const mailbox = await (await callLocal("/api/dev/mailbox")).json<MailboxResponse>();
        return mailbox.messages
          .filter((m) => m.subject === `Contact form: ${String(input.subject)}`)
          .map((m) => ({ to: m.to, hasMessage: m.text.includes(String(input.message)) }));
      })
      .toEqual([{ to: ADMIN_EMAIL, hasMessage: true }]);
  });

  it("still answers 200 and keeps the message when the mail provider fails (the failure is logged)", async () => {
    const vendor = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("provider down", { status: 503 }));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const input = body();
    const res = await send(input, { vars: { MAIL_PROVIDER: "postmark", MAIL_API_KEY: "pm-test-key", MAIL_FROM: "no-reply@fans.test" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    // The admin's notification and the sender's confirmation link, each tried once.
    expect(vendor).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith("contact notification mail failed", expect.anything());
    expect(logged).toHaveBeenCalledWith("contact form: the subscription request failed", expect.anything());
    expect(await messagesFrom(String(input.email))).toHaveLength(1);
    // No confirmation link went out, so no request waits for one.
    expect(await contactsFor(String(input.email))).toEqual([]);
    expect(await mailsAbout(String(input.subject))).toEqual([]);
  });
});

describe("POST /api/contact: the honeypot", () => {
  it.each([
    ["a URL", "https://spam.example"],
    ["any text", "x"],
    ["a number", 42],
  ])("answers 200 {ok:true} to %s in it and stores and mails nothing", async (_label, value) => {
    const input = body({ [CONTACT_HONEYPOT_FIELD]: value });
    const res = await send(input);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    expect(await messagesFrom(String(input.email))).toEqual([]);
    expect(await contactsFor(String(input.email))).toEqual([]);
    expect(await mailsAbout(String(input.subject))).toEqual([]);
  });

  it("answers a bot 200 even when the rest of its submission is invalid", async () => {
    const res = await send({ email: "nope", [CONTACT_HONEYPOT_FIELD]: "filled" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    expect(await messagesFrom("nope")).toEqual([]);
  });

  it("treats an empty honeypot as a person", async () => {
    const input = body({ [CONTACT_HONEYPOT_FIELD]: "" });
    expect((await send(input)).status).toBe(200);
    expect(await messagesFrom(String(input.email))).toHaveLength(1);
  });
});

describe("POST /api/contact: bad input", () => {
  const tooLongEmail = `${"a".repeat(60)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(70)}.com`;

  it.each<[string, Partial<Record<keyof ContactRequest, unknown>>, string, string]>([
    ["a missing name", { name: undefined }, "name", CONTACT_MESSAGES.nameRequired],
    ["a blank name", { name: "   " }, "name", CONTACT_MESSAGES.nameRequired],
    ["a name too long", { name: "n".repeat(CONTACT_LIMITS.name + 1) }, "name", CONTACT_MESSAGES.nameTooLong],
    ["a control character in the name", { name: "Ana\u0007" }, "name", TEXT_MESSAGES.invalidCharacters],
    ["a newline in the name", { name: "Ana\nSouza" }, "name", TEXT_MESSAGES.invalidCharacters],
    ["a name that is not text", { name: 12 }, "name", CONTACT_MESSAGES.nameRequired],
    ["a missing e-mail", { email: undefined }, "email", CONTACT_MESSAGES.emailInvalid],
    ["a bad e-mail", { email: "not-an-email" }, "email", CONTACT_MESSAGES.emailInvalid],
    ["an e-mail with a control character", { email: "fan\u0000@example.com" }, "email", CONTACT_MESSAGES.emailInvalid],
    ["an e-mail too long", { email: tooLongEmail }, "email", CONTACT_MESSAGES.emailTooLong],
    ["a missing subject", { subject: undefined }, "subject", CONTACT_MESSAGES.subjectRequired],
    ["a blank subject", { subject: "    " }, "subject", CONTACT_MESSAGES.subjectRequired],
    ["a subject too long", { subject: "s".repeat(CONTACT_LIMITS.subject + 1) }, "subject", CONTACT_MESSAGES.subjectTooLong],
    ["a control character in the subject", { subject: "Hi\u001b[31m" }, "subject", TEXT_MESSAGES.invalidCharacters],
    ["a bidi override in the subject", { subject: "Hi \u202Egpj.exe" }, "subject", TEXT_MESSAGES.invalidCharacters],
    ["a missing message", { message: undefined }, "message", CONTACT_MESSAGES.messageRequired],
    ["a blank message", { message: "\n\n  " }, "message", CONTACT_MESSAGES.messageRequired],
    ["a message too long", { message: "m".repeat(CONTACT_LIMITS.message + 1) }, "message", CONTACT_MESSAGES.messageTooLong],
    ["a control character in the message", { message: "Hello\u0000there" }, "message", TEXT_MESSAGES.invalidCharacters],
    ["a lone surrogate in the message", { message: "Hello \uD800" }, "message", TEXT_MESSAGES.invalidCharacters],
  ])("answers %s with 400 and the rule's code naming the field, and stores nothing", async (_label, override, field, message) => {
    expect(tooLongEmail.length).toBeGreaterThan(CONTACT_LIMITS.email);
    const input = body(override);
    const res = await send(input);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ruleError(message, field) });
    const email = typeof input.email === "string" ? input.email : "";
    expect(await messagesFrom(email)).toEqual([]);
    expect(await contactsFor(email)).toEqual([]);
    expect(await mailsAbout(String(input.subject))).toEqual([]);
  });

  it("refuses a subscribe that is not a boolean", async () => {
    const input = body({ subscribe: "yes" });
    const res = await send(input);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_input", field: "subscribe" } });
    expect(await messagesFrom(String(input.email))).toEqual([]);
  });

  it("refuses unknown fields", async () => {
    const input = body();
    const res = await send({ ...input, status: "replied" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await messagesFrom(String(input.email))).toEqual([]);
  });

  it("answers malformed JSON, a form body and an empty body with 400, never 500", async () => {
    const malformed = await send(null, { raw: '{"name": "Ana",' });
    expect(malformed.status).toBe(400);
    const form = await send(null, { raw: "name=Ana&email=a%40example.com", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(400);
    expect((await errorOf(form)).code).toBe("name_required");
    const empty = await send(null, { raw: "" });
    expect(empty.status).toBe(400);
    const list = await send([1, 2]);
    expect(list.status).toBe(400);
  });
});

describe("POST /api/contact: rate limit", () => {
  it(`takes ${RATE_LIMITS.contactPerIp[0]} messages an hour from one address, then 429 with the message and nothing stored`, async () => {
    const [max] = RATE_LIMITS.contactPerIp;
    expect(max).toBe(5);
    const ip = useFreshClientIp();
    const email = uniqueEmail();
    for (let i = 0; i < max; i++) expect((await send(body({ email }), { ip })).status).toBe(200);
    expect(await messagesFrom(email)).toHaveLength(max);

    const over = body({ email });
    const res = await send(over, { ip });
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({ code: "rate_limited", message: RATE_LIMIT_MESSAGE });
    expect(await messagesFrom(email)).toHaveLength(max);
    expect(await mailsAbout(String(over.subject))).toEqual([]);

    // Another address is not limited.
    expect((await send(body({ email }), { ip: useFreshClientIp() })).status).toBe(200);
    expect(await messagesFrom(email)).toHaveLength(max + 1);
  });

  it("does not count refused input or honeypot hits against the person", async () => {
    const ip = useFreshClientIp();
    for (let i = 0; i < 6; i++) expect((await send(body({ name: "" }), { ip })).status).toBe(400);
    for (let i = 0; i < 6; i++) expect((await send(body({ [CONTACT_HONEYPOT_FIELD]: "bot" }), { ip })).status).toBe(200);
    expect((await send(body(), { ip })).status).toBe(200);
  });
});

describe("POST /api/contact: who may send", () => {
  it.each<Role>(["visitor", "user", "vip", "admin", "banned"])("a %s can send a message", async (role) => {
    const member = role === "visitor" ? null : await createUser(role);
    const input = body();
    const res = await send(input, { cookie: member?.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(OK);
    expect(await messagesFrom(String(input.email))).toHaveLength(1);
    // A banned member's session ends on its first use: they write as a visitor.
    if (role === "banned") expect(await db().select().from(sessions).where(eq(sessions.userId, member!.id))).toEqual([]);
  });

  it("refuses a cross-site submission with 403 csrf and stores nothing", async () => {
    const input = body();
    const res = await send(input, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "csrf", message: "Cross-site request refused" });
    expect(await messagesFrom(String(input.email))).toEqual([]);
    expect(await contactsFor(String(input.email))).toEqual([]);

    const bySite = await send(body(), { headers: { "sec-fetch-site": "cross-site" } });
    expect(bySite.status).toBe(403);
  });
});

describe("splitName", () => {
  it.each([
    ["Ana", { firstName: "Ana", lastName: null }],
    ["Ana Souza", { firstName: "Ana", lastName: "Souza" }],
    ["Ana  Maria   Souza", { firstName: "Ana", lastName: "Maria Souza" }],
  ])("%s", (name, parts) => {
    expect(splitName(name)).toEqual(parts);
  });
});
