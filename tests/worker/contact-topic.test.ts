// POST /api/contact with a topic: the accessibility statement's form sends "accessibility", and the
// message reaches the admins as every other one does (stored in the back office's inbox, mailed to
// the site's address), labelled and named in their notification language. Checked by exact status,
// the stored row, the outbox and the inbox's own answer.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { contactMessages } from "../../worker/db/schema/contact";
import { mailOutbox } from "../../worker/db/schema/mail";
import { siteSettings } from "../../worker/db/schema/operations";
import type { AdminMessagesResponse } from "../../worker/contracts/admin/messages";
import { forget } from "../../worker/lib/memo";
import { call, createUser, db, errorOf, ORIGIN, useFreshClientIp, withBotCheck, type Role } from "./helpers";

const vars = env as unknown as { ADMIN_EMAIL: string; SENDER_CONTACT_LINE: string };

let serial = 0;
const uniqueEmail = () => `reader.${++serial}.${crypto.randomUUID().slice(0, 8)}@example.com`;

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Rita Lopes",
  email: uniqueEmail(),
  subject: `The player's buttons ${crypto.randomUUID().slice(0, 8)}`,
  message: "My screen reader does not announce the volume slider.",
  subscribe: false,
  ...overrides,
});

/** POSTs as a same-origin browser and waits for the mail sent off the response path. */
async function send(json: unknown, cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": useFreshClientIp() });
  if (cookie) headers.set("cookie", cookie);
  await withBotCheck(headers, "POST", "/api/contact");
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}/api/contact`, { method: "POST", headers, body: JSON.stringify(json) }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const messagesFrom = (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email));
const mailsAbout = async (subject: string) =>
  (await db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt))).filter((m) => m.subject.includes(subject));

beforeEach(async () => {
  await db().delete(siteSettings);
  forget("");
});

describe("POST /api/contact: the accessibility topic", () => {
  it.each<Role>(["visitor", "user", "vip", "admin"])("from a %s: stored labelled Accessibility and mailed to the admins with the topic named", async (role) => {
    const member = role === "visitor" ? null : await createUser(role);
    const input = body({ topic: "accessibility" });
    const res = await send(input, member?.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await messagesFrom(input.email);
    expect(rows.map((r) => ({ subject: r.subject, status: r.status, labels: r.labels }))).toEqual([
      { subject: input.subject, status: "unread", labels: ["Accessibility"] },
    ]);
    const mails = await mailsAbout(input.subject);
    expect(mails.map((m) => ({ to: m.to, subject: m.subject }))).toEqual([{ to: vars.ADMIN_EMAIL, subject: `Contact form (Accessibility): ${input.subject}` }]);
    expect(mails[0]!.text).toBe(
      [
        "New message from the Freestyle Lovers contact form.",
        "",
        `From: Rita Lopes <${input.email}>`,
        "Topic: Accessibility",
        `Subject: ${input.subject}`,
        "Written in: English",
        "",
        input.message,
        "",
        "Read and answer it in the back office, under Messages.",
        "",
        vars.SENDER_CONTACT_LINE,
      ].join("\n"),
    );
  });

  it("is named in the admins' notification language, whatever the sender wrote in", async () => {
    await db().insert(siteSettings).values({ key: "notificationLocale", value: "pt-BR", updatedAt: new Date() });
    const input = body({ topic: "accessibility" });
    expect((await send(input)).status).toBe(200);
    expect((await messagesFrom(input.email))[0]?.labels).toEqual(["Acessibilidade"]);
    const [mail] = await mailsAbout(input.subject);
    expect(mail?.subject).toBe(`Formulário de contato (Acessibilidade): ${input.subject}`);
    expect(mail?.text.split("\n").slice(2, 6)).toEqual([
      `De: Rita Lopes <${input.email}>`,
      "Tema: Acessibilidade",
      `Assunto: ${input.subject}`,
      "Escrita em: Inglês",
    ]);
  });

  it("shows in the back office's inbox with its label", async () => {
    const admin = await createUser("admin");
    const input = body({ topic: "accessibility" });
    expect((await send(input)).status).toBe(200);
    const res = await call(`/api/admin/messages?search=${encodeURIComponent(input.email)}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const inbox = await res.json<AdminMessagesResponse>();
    expect(inbox.messages.map((m) => ({ email: m.email, labels: m.labels }))).toEqual([{ email: input.email, labels: ["Accessibility"] }]);
  });

  it.each([
    ["omitted", {}],
    ["general", { topic: "general" }],
  ])("%s: no label and the usual subject", async (_label, topic) => {
    const input = body(topic);
    expect((await send(input)).status).toBe(200);
    expect((await messagesFrom(input.email))[0]?.labels).toEqual([]);
    const mails = await mailsAbout(input.subject);
    expect(mails.map((m) => m.subject)).toEqual([`Contact form: ${input.subject}`]);
    expect(mails[0]!.text).not.toContain("Topic:");
  });

  it.each([
    ["an unknown topic", "billing"],
    ["a topic in another case", "Accessibility"],
    ["a topic that is not text", 1],
    ["a null topic", null],
  ])("refuses %s with 400 invalid_input on the topic, storing and mailing nothing", async (_label, topic) => {
    const input = body({ topic });
    const res = await send(input);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_input", field: "topic" });
    expect(await messagesFrom(input.email)).toEqual([]);
    expect(await mailsAbout(input.subject)).toEqual([]);
  });
});
