// /api/admin/messages: the contact-message inbox. Every route answers visitor and banned 401,
// member and VIP 403 (writing nothing), admin 2xx with an audit row per write. The list searches
// name, e-mail, subject and body without case (accented letters too), filters by status and
// priority, newest first, each message with its replies. A reply is mailed to the sender through
// the mail service (the local outbox here), stored with its sent time, and the message becomes
// 'replied'; when the mail provider fails, the reply is kept as 'Not sent' and the answer carries
// the reason. Bad input is a 400 that changes nothing.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { call, errorOf, ORIGIN, ruleError, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import {
  INBOX_MESSAGES,
  MESSAGE_SEARCH_MAX,
  MESSAGES_PAGE_SIZE,
  REPLY_MAX,
  type AdminMessageResponse,
  type AdminMessagesResponse,
} from "../../worker/contracts/admin/messages";
import { TEXT_MESSAGES } from "../../worker/contracts/text";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/messages";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
afterEach(() => vi.restoreAllMocks());

let serial = 0;
type Seed = { name?: string; email?: string; subject?: string; message?: string; status?: string; priority?: string; labels?: string[]; createdAt?: number };

/** A message straight into D1; created_at moves forward per call unless given. */
async function seedMessage(seed: Seed = {}): Promise<string> {
  const id = crypto.randomUUID();
  serial++;
  const at = seed.createdAt ?? Date.UTC(2024, 0, 1) + serial * 60_000;
  await D1.prepare(
    "INSERT INTO contact_messages (id, name, email, subject, message, status, priority, labels, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
  )
    .bind(
      id,
      seed.name ?? `Sender ${serial}`,
      seed.email ?? `sender${serial}@example.com`,
      seed.subject ?? `Subject ${serial}`,
      seed.message ?? `Body ${serial}`,
      seed.status ?? "unread",
      seed.priority ?? "normal",
      JSON.stringify(seed.labels ?? []),
      at,
    )
    .run();
  return id;
}

const messageRow = (id: string) =>
  D1.prepare("SELECT status, priority, labels, updated_at FROM contact_messages WHERE id = ?1")
    .bind(id)
    .first<{ status: string; priority: string; labels: string; updated_at: number }>();
const repliesOf = async (id: string) =>
  (
    await D1.prepare("SELECT content, sent_at, admin_user_id FROM contact_replies WHERE message_id = ?1 ORDER BY created_at")
      .bind(id)
      .all<{ content: string; sent_at: number | null; admin_user_id: string }>()
  ).results;
const lastAudit = () =>
  D1.prepare("SELECT * FROM audit_log ORDER BY id DESC LIMIT 1").first<{
    action: string;
    target_type: string;
    target_id: string;
    actor_email: string;
    summary: string;
  }>();
const auditsFor = async (targetId: string) =>
  (
    await D1.prepare("SELECT action, summary FROM audit_log WHERE target_id = ?1 ORDER BY id").bind(targetId).all<{ action: string; summary: string }>()
  ).results.map((r) => ({
    action: r.action,
    summary: JSON.parse(r.summary) as Record<string, unknown>,
  }));
const outboxTo = async (to: string) =>
  (await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(to).all<{ subject: string; text: string }>()).results;

const asAdmin = (path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) =>
  call(path, { ...init, cookie: admin.cookie });
const list = async (query = "") => {
  const res = await asAdmin(`${API}${query}`);
  expect(res.status).toBe(200);
  return res.json<AdminMessagesResponse>();
};

/** Through app.fetch with extra vars (a live mail provider), waiting for the work after the answer. */
async function withVars(path: string, init: RequestInit, vars: Record<string, string>) {
  const headers = new Headers(init.headers);
  headers.set("origin", ORIGIN);
  headers.set("cookie", admin.cookie);
  if (init.body) headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { ...init, headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const LIVE_MAIL = {
  MAIL_PROVIDER: "resend",
  MAIL_API_KEY: "re_test_key",
  MAIL_FROM: "Fan Site <noreply@fans.test>",
  MAIL_API_BASE_URL: "https://mail-provider.test",
};

describe("/api/admin/messages: administrators only", () => {
  it("answers 401 to visitors and banned members and 403 to members and VIPs on every route, changing nothing", async () => {
    const id = await seedMessage();
    const snapshot = async () => ({ row: await messageRow(id), replies: await repliesOf(id) });
    await expectAdminOnly({ method: "GET", path: API });
    await expectAdminOnly({ method: "GET", path: `${API}?status=unread&search=x` });
    await expectAdminOnly({ method: "PATCH", path: `${API}/${id}`, json: { status: "read" } }, snapshot);
    await expectAdminOnly({ method: "PATCH", path: `${API}/${id}`, json: { priority: "high" } }, snapshot);
    await expectAdminOnly({ method: "POST", path: `${API}/${id}/replies`, json: { content: "Hi" } }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: `${API}/${id}` }, snapshot);
    expect(await messageRow(id)).not.toBeNull();
  });

  it("answers an administrator on every route", async () => {
    const id = await seedMessage();
    expect((await asAdmin(API)).status).toBe(200);
    expect((await asAdmin(`${API}/${id}`, { method: "PATCH", json: { status: "read" } })).status).toBe(200);
    expect((await asAdmin(`${API}/${id}/replies`, { json: { content: "Thanks!" } })).status).toBe(201);
    expect((await asAdmin(`${API}/${id}`, { method: "DELETE" })).status).toBe(204);
  });
});

describe("GET /api/admin/messages", () => {
  it("lists newest first, each message with its fields and its replies oldest first", async () => {
    const older = await seedMessage({ createdAt: Date.UTC(2030, 0, 1), labels: ["booking"] });
    const newer = await seedMessage({ createdAt: Date.UTC(2030, 0, 2), priority: "high", status: "replied" });
    await D1.prepare(
      "INSERT INTO contact_replies (id, message_id, admin_user_id, content, sent_at, created_at) VALUES (?1, ?2, NULL, 'first', ?3, ?3), (?4, ?2, NULL, 'second', NULL, ?5)",
    )
      .bind(crypto.randomUUID(), newer, Date.UTC(2030, 0, 3), crypto.randomUUID(), Date.UTC(2030, 0, 4))
      .run();
    const body = await list();
    expect(body.messages.slice(0, 2).map((m) => m.id)).toEqual([newer, older]);
    expect(body.pageSize).toBe(MESSAGES_PAGE_SIZE);
    const [first, second] = body.messages;
    expect(first).toMatchObject({ id: newer, status: "replied", priority: "high", labels: [], createdAt: new Date(Date.UTC(2030, 0, 2)).toISOString() });
    expect(first!.replies.map((r) => [r.content, r.sentAt])).toEqual([
      ["first", new Date(Date.UTC(2030, 0, 3)).toISOString()],
      ["second", null],
    ]);
    expect(second).toMatchObject({ id: older, labels: ["booking"], replies: [] });
    expect(Object.keys(second!).sort()).toEqual(["createdAt", "email", "id", "labels", "message", "name", "priority", "replies", "status", "subject"]);
  });

  it("searches name, e-mail, subject and body as case-insensitive substrings, accents and wildcards included", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const byName = await seedMessage({ name: `Zed ${tag}Name` });
    const byEmail = await seedMessage({ email: `${tag}mail@example.com` });
    const bySubject = await seedMessage({ subject: `About ${tag.toUpperCase()}SUBJ` });
    const byBody = await seedMessage({ message: `Line one\nthen ${tag}body here` });
    const accented = await seedMessage({ message: `Show em SÃO PAULO ${tag}` });
    const percent = await seedMessage({ subject: `100% ${tag}` });
    await seedMessage({ subject: `1000 ${tag}` });
    const ids = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).messages.map((m) => m.id).sort();
    expect(await ids(`${tag}NAME`)).toEqual([byName]);
    expect(await ids(`${tag}MAIL@EXAMPLE`)).toEqual([byEmail]);
    expect(await ids(`${tag}subj`)).toEqual([bySubject]);
    expect(await ids(`${tag}BODY`)).toEqual([byBody]);
    expect(await ids(`são paulo ${tag}`)).toEqual([accented]);
    expect(await ids(`0% ${tag}`)).toEqual([percent]);
    expect((await list(`?search=${encodeURIComponent(`são paulo ${tag}`)}`)).total).toBe(1);
    expect(await ids(`nothing-like-this-${tag}`)).toEqual([]);
  });

  it("finds a message by a search longer than one LIKE pattern may be (D1 refuses patterns over 50 bytes), up to the 200-character limit", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const sentence = `${tag} I saw the show in Chicago and would love to book you for our club's anniversary weekend, `;
    const long = (sentence + "with percent signs 100% and under_scores ".repeat(4)).slice(0, MESSAGE_SEARCH_MAX);
    const match = await seedMessage({ message: `Hello! ${long.toUpperCase()} Thanks.` });
    await seedMessage({ message: `${sentence}but not the rest.` });
    const found = await list(`?search=${encodeURIComponent(long)}`);
    expect(found.messages.map((m) => m.id)).toEqual([match]);
    expect(found.total).toBe(1);
  });

  it("filters by status and by priority, together with a search", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const unreadHigh = await seedMessage({ subject: tag, status: "unread", priority: "high" });
    const readLow = await seedMessage({ subject: tag, status: "read", priority: "low" });
    const replied = await seedMessage({ subject: tag, status: "replied", priority: "normal" });
    const ids = async (q: string) => (await list(`?search=${tag}&${q}`)).messages.map((m) => m.id).sort();
    expect(await ids("status=all&priority=all")).toEqual([unreadHigh, readLow, replied].sort());
    expect(await ids("status=unread")).toEqual([unreadHigh]);
    expect(await ids("status=read")).toEqual([readLow]);
    expect(await ids("status=replied")).toEqual([replied]);
    expect(await ids("priority=high")).toEqual([unreadHigh]);
    expect(await ids("priority=low")).toEqual([readLow]);
    expect(await ids("priority=normal&status=replied")).toEqual([replied]);
    expect(await ids("priority=high&status=read")).toEqual([]);
  });

  it("pages through long lists", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 3; i++) await seedMessage({ subject: `${tag} ${i}` });
    const page1 = await list(`?search=${tag}`);
    const page2 = await list(`?search=${tag}&page=2`);
    expect([page1.total, page1.messages.length, page2.messages.length]).toEqual([MESSAGES_PAGE_SIZE + 3, MESSAGES_PAGE_SIZE, 3]);
    expect(new Set([...page1.messages, ...page2.messages].map((m) => m.id)).size).toBe(MESSAGES_PAGE_SIZE + 3);
  });

  it.each([["?status=archived"], ["?priority=urgent"], ["?page=0"], ["?page=abc"], [`?search=${"x".repeat(201)}`]])("refuses %s with a 400", async (query) => {
    const res = await asAdmin(`${API}${query}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

describe("PATCH /api/admin/messages/:id", () => {
  it("marks read and unread, each change audited with what it was before and after", async () => {
    const id = await seedMessage();
    const res = await asAdmin(`${API}/${id}`, { method: "PATCH", json: { status: "read" } });
    expect(res.status).toBe(200);
    expect((await res.json<AdminMessageResponse>()).message).toMatchObject({ id, status: "read", priority: "normal" });
    expect((await messageRow(id))!.status).toBe("read");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "message.update", target_type: "contact_message", target_id: id, actor_email: admin.email });
    expect(JSON.parse(audit!.summary)).toEqual({ before: { status: "unread" }, after: { status: "read" } });

    await asAdmin(`${API}/${id}`, { method: "PATCH", json: { status: "unread" } });
    expect((await messageRow(id))!.status).toBe("unread");
  });

  it("sets high priority and keeps the status (replied stays replied)", async () => {
    const id = await seedMessage({ status: "replied" });
    const res = await asAdmin(`${API}/${id}`, { method: "PATCH", json: { priority: "high" } });
    expect((await res.json<AdminMessageResponse>()).message).toMatchObject({ status: "replied", priority: "high" });
    expect(await messageRow(id)).toMatchObject({ status: "replied", priority: "high" });
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({ before: { priority: "normal" }, after: { priority: "high" } });
  });

  it("sets labels trimmed, each kept once whatever its case", async () => {
    const id = await seedMessage();
    const res = await asAdmin(`${API}/${id}`, { method: "PATCH", json: { labels: [" Booking ", "press", "booking", "PRESS"] } });
    expect((await res.json<AdminMessageResponse>()).message.labels).toEqual(["Booking", "press"]);
    expect(JSON.parse((await messageRow(id))!.labels)).toEqual(["Booking", "press"]);
  });

  it("writes no audit row when nothing changes", async () => {
    const id = await seedMessage({ status: "read" });
    const before = await auditCount();
    expect((await asAdmin(`${API}/${id}`, { method: "PATCH", json: { status: "read" } })).status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ["an empty body", {}],
    ["status replied (set by a reply, not by hand)", { status: "replied" }],
    ["an unknown priority", { priority: "urgent" }],
    ["an unknown field", { status: "read", archived: true }],
    ["a blank label", { labels: ["  "] }],
    ["too many labels", { labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }],
    ["labels that are not a list", { labels: "booking" }],
    ["a label with a control character", { labels: ["a\u0007b"] }, "invalid_characters"],
  ])("refuses %s with a 400 and changes nothing", async (_, json, code = "invalid_input") => {
    const id = await seedMessage();
    const before = { row: await messageRow(id), audit: await auditCount() };
    const res = await asAdmin(`${API}/${id}`, { method: "PATCH", json });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe(code);
    expect({ row: await messageRow(id), audit: await auditCount() }).toEqual(before);
  });

  it("refuses malformed JSON and a non-JSON body with a 400", async () => {
    const id = await seedMessage();
    for (const body of ['{"status":', "status=read"]) {
      const res = await asAdmin(`${API}/${id}`, { method: "PATCH", body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
    expect((await messageRow(id))!.status).toBe("unread");
  });

  it("answers 404 for a message that does not exist and 400 for an id that cannot be one", async () => {
    const missing = await asAdmin(`${API}/${crypto.randomUUID()}`, { method: "PATCH", json: { status: "read" } });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "message_not_found", message: INBOX_MESSAGES.messageNotFound });
    expect((await asAdmin(`${API}/not-an-id`, { method: "PATCH", json: { status: "read" } })).status).toBe(400);
  });
});

describe("DELETE /api/admin/messages/:id", () => {
  it("deletes the message and its replies, audited; a second delete is a 404", async () => {
    const id = await seedMessage({ subject: "To delete" });
    await D1.prepare("INSERT INTO contact_replies (id, message_id, content, created_at) VALUES (?1, ?2, 'r', 1)").bind(crypto.randomUUID(), id).run();
    expect((await asAdmin(`${API}/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await messageRow(id)).toBeNull();
    expect(await repliesOf(id)).toEqual([]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "message.delete", target_id: id });
    expect(JSON.parse(audit!.summary)).toMatchObject({ before: { subject: "To delete", status: "unread" } });
    expect((await asAdmin(`${API}/${id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("POST /api/admin/messages/:id/replies", () => {
  it("mails the sender (local outbox), stores the reply with its sent time, marks the message replied, audited", async () => {
    const email = `fan.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await seedMessage({ name: "Ana", email, subject: "Tour dates?", message: "When do you\ncome to Lisbon?" });
    const started = Date.now();
    const res = await asAdmin(`${API}/${id}/replies`, { json: { content: "  Next spring!\nSee you there.  " } });
    expect(res.status).toBe(201);
    const { message } = await res.json<AdminMessageResponse>();
    expect(message).toMatchObject({ id, status: "replied" });
    expect(message.replies).toHaveLength(1);
    expect(message.replies[0]!.content).toBe("Next spring!\nSee you there.");
    expect(Date.parse(message.replies[0]!.sentAt!)).toBeGreaterThanOrEqual(started - 1000);

    const [stored] = await repliesOf(id);
    expect(stored).toMatchObject({ content: "Next spring!\nSee you there.", admin_user_id: admin.id });
    expect(stored!.sent_at).toBeGreaterThanOrEqual(started - 1000);
    expect((await messageRow(id))!.status).toBe("replied");

    const mails = await outboxTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Re: Tour dates?");
    expect(mails[0]!.text).toContain("Hello Ana,\n\nNext spring!\nSee you there.");
    expect(mails[0]!.text).toContain("> When do you\n> come to Lisbon?");

    expect((await auditsFor(id)).map((a) => a.action)).toEqual(["message.reply", "message.reply_sent"]);
    expect((await auditsFor(id))[1]!.summary).toMatchObject({ before: { status: "unread" }, after: { status: "replied" } });
  });

  it("keeps a 'Re:' subject as it is", async () => {
    const email = `re.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await seedMessage({ email, subject: "RE: earlier thread" });
    await asAdmin(`${API}/${id}/replies`, { json: { content: "ok" } });
    expect((await outboxTo(email))[0]!.subject).toBe("RE: earlier thread");
  });

  it.each([
    ["missing content", {}, INBOX_MESSAGES.replyRequired],
    ["empty content", { content: "" }, INBOX_MESSAGES.replyRequired],
    ["whitespace only", { content: " \n\t " }, INBOX_MESSAGES.replyRequired],
    ["content that is not text", { content: 42 }, INBOX_MESSAGES.replyRequired],
    ["too long", { content: "x".repeat(REPLY_MAX + 1) }, INBOX_MESSAGES.replyTooLong],
    ["control characters", { content: "hi\u0000there" }, TEXT_MESSAGES.invalidCharacters],
    ["an extra field", { content: "hi", to: "someone@else.test" }, undefined],
  ])("refuses %s with a 400: nothing stored, mailed or audited", async (_, json, message) => {
    const email = `bad.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await seedMessage({ email });
    const before = await auditCount();
    const res = await asAdmin(`${API}/${id}/replies`, { json });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(ruleError(message ?? "").code);
    if (message) expect(error.message).toBe(message);
    expect(await repliesOf(id)).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
    expect(await auditCount()).toBe(before);
    expect((await messageRow(id))!.status).toBe("unread");
  });

  it("accepts a reply of exactly the maximum length", async () => {
    const id = await seedMessage();
    expect((await asAdmin(`${API}/${id}/replies`, { json: { content: "y".repeat(REPLY_MAX) } })).status).toBe(201);
  });

  it("answers 404 for a message that does not exist, storing nothing", async () => {
    const id = crypto.randomUUID();
    const before = await auditCount();
    const res = await asAdmin(`${API}/${id}/replies`, { json: { content: "hi" } });
    expect(res.status).toBe(404);
    expect(await repliesOf(id)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it("when the mail provider refuses: 502 with the reason, the reply kept as 'Not sent', the status unchanged", async () => {
    const subject = `Refused ${crypto.randomUUID().slice(0, 8)}`;
    const id = await seedMessage({ status: "read", subject });
    const vendor = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"message":"domain not verified"}', { status: 403 }));
    const res = await withVars(`${API}/${id}/replies`, { method: "POST", body: JSON.stringify({ content: "Sorry for the wait" }) }, LIVE_MAIL);
    expect(vendor).toHaveBeenCalledTimes(1);
    expect(String(vendor.mock.calls[0]![0])).toBe("https://mail-provider.test/emails");
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ code: "reply_not_sent", message: "The mail provider refused the reply (HTTP 403). It is saved as not sent." });

    expect(await repliesOf(id)).toMatchObject([{ content: "Sorry for the wait", sent_at: null }]);
    expect((await messageRow(id))!.status).toBe("read");
    expect((await auditsFor(id)).map((a) => a.action)).toEqual(["message.reply"]);
    vi.restoreAllMocks();
    const [shown] = (await list(`?search=${encodeURIComponent(subject)}`)).messages;
    expect(shown!.replies).toMatchObject([{ content: "Sorry for the wait", sentAt: null }]);
  });

  it("when the mail provider cannot be reached: 502 with that reason, the reply kept as 'Not sent'", async () => {
    const id = await seedMessage();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const res = await withVars(`${API}/${id}/replies`, { method: "POST", body: JSON.stringify({ content: "Hello again" }) }, LIVE_MAIL);
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toEqual({ code: "reply_not_sent", message: "The mail service could not be reached. The reply is saved as not sent." });
    expect(await repliesOf(id)).toMatchObject([{ content: "Hello again", sent_at: null }]);
    expect((await messageRow(id))!.status).toBe("unread");
  });

  it("with a provider that accepts: the vendor is called with the reply and the message is replied", async () => {
    const email = `live.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await seedMessage({ email, subject: "Live" });
    const vendor = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"id":"m_1"}', { status: 200 }));
    const res = await withVars(`${API}/${id}/replies`, { method: "POST", body: JSON.stringify({ content: "Live answer" }) }, LIVE_MAIL);
    expect(res.status).toBe(201);
    const sent = JSON.parse(String(vendor.mock.calls[0]![1]!.body)) as { to: string[]; subject: string; text: string };
    expect(sent).toMatchObject({ to: [email], subject: "Re: Live" });
    expect(sent.text).toContain("Live answer");
    expect((await repliesOf(id))[0]!.sent_at).not.toBeNull();
    expect(await outboxTo(email)).toEqual([]);
  });
});
