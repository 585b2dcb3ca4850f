// /api/admin/campaigns and the campaign queue (decision 045): the gate's matrix, drafts and their
// validation (unsafe links refused), the exact audience count for each segment against seeded
// members and contacts, sending through the queue into the local outbox with RFC 8058 headers in
// each recipient's language, exactly once under a retried batch, cancel and pause between batches,
// and scheduling. Expectations are read with raw SQL, never with the functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { NON_ADMIN_ROLES, cookieFor, userOf } from "./admin-gate-matrix";
import { createDb } from "../../worker/db/client";
import { handleCampaignMessage } from "../../worker/services/newsletter/campaigns";
import { verifyContactLink } from "../../worker/lib/signed-link";
import type { Campaign, CampaignImageList, CampaignInput } from "../../worker/contracts/newsletter";
import { PNG_1X1 } from "./image-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const API = "/api/admin/campaigns";
const DAY = 86_400_000;

let admin: TestUser;
const asAdmin = (path: string, json?: unknown, method?: string) => call(path, { cookie: admin.cookie, json, method });

const draft = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: "November news",
  topic: "news",
  subjectEn: "New single out now",
  subjectPtBr: "Novo single já disponível",
  bodyEn: [
    { type: "heading", text: "Hello fans" },
    { type: "paragraph", text: "Listen to the **new single** on [our site](https://freestylelovers.example/music)." },
    { type: "button", label: "Listen now", href: "https://freestylelovers.example/music" },
  ],
  bodyPtBr: [
    { type: "heading", text: "Olá, fãs" },
    { type: "paragraph", text: "Ouça o **novo single** no [nosso site](https://freestylelovers.example/music)." },
    { type: "button", label: "Ouvir agora", href: "https://freestylelovers.example/music" },
  ],
  audience: { kind: "all" },
  ...overrides,
});

async function createCampaign(input: CampaignInput = draft()): Promise<Campaign> {
  const res = await asAdmin(API, input);
  expect(res.status).toBe(201);
  return res.json<Campaign>();
}

type Seed = {
  email: string;
  status?: string;
  locale?: string;
  country?: string | null;
  tags?: string[];
  topics?: string[];
  userId?: string | null;
  lastMailedAt?: number | null;
};
async function seedContact(seed: Seed) {
  const id = crypto.randomUUID();
  await D1.prepare(
    "INSERT INTO marketing_contacts (id, email, status, source, locale, country, tags, topics, user_id, last_mailed_at, updated_at) VALUES (?1, ?2, ?3, 'import', ?4, ?5, ?6, ?7, ?8, ?9, 0)",
  )
    .bind(
      id,
      seed.email,
      seed.status ?? "subscribed",
      seed.locale ?? "en",
      seed.country ?? null,
      JSON.stringify(seed.tags ?? []),
      JSON.stringify(seed.topics ?? ["news", "events"]),
      seed.userId ?? null,
      seed.lastMailedAt ?? null,
    )
    .run();
  return id;
}

const statusOf = async (id: string) => (await D1.prepare("SELECT status FROM campaigns WHERE id = ?").bind(id).first<{ status: string }>())!.status;
const outboxFor = async (campaignId: string) =>
  (
    await D1.prepare(
      'SELECT to_address AS "to", subject, text_body AS text, html_body AS html, headers, idempotency_key AS key FROM mail_outbox WHERE idempotency_key LIKE ? ORDER BY to_address',
    )
      .bind(`campaign:${campaignId}:%`)
      .all<{ to: string; subject: string; text: string; html: string; headers: string; key: string }>()
  ).results;
const recipientStatuses = async (campaignId: string) =>
  (
    await D1.prepare("SELECT status, count(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY status ORDER BY status")
      .bind(campaignId)
      .all<{ status: string; n: number }>()
  ).results;

const sendNow = (id: string) => asAdmin(`${API}/${id}/send`, { scheduledAt: null, timeZone: "America/Sao_Paulo" });
const waitForStatus = (id: string, status: string) => vi.waitFor(async () => expect(await statusOf(id)).toBe(status), { timeout: 15_000, interval: 50 });

beforeAll(async () => {
  admin = await userOf("admin");
});

describe("the gate", () => {
  it.each(NON_ADMIN_ROLES)("%s is refused on every route (%i %s), nothing written", async (role, status, code) => {
    const cookie = await cookieFor(role);
    for (const [method, path, json] of [
      ["GET", API, undefined],
      ["POST", API, draft()],
      ["POST", `${API}/audience`, { topic: "news", audience: { kind: "all" } }],
      ["POST", `${API}/preview`, { locale: "en", subject: "s", body: [] }],
      ["POST", `${API}/x/send`, { scheduledAt: null, timeZone: "UTC" }],
      ["POST", `${API}/x/cancel`, undefined],
      ["GET", `${API}/images`, undefined],
    ] as const) {
      const res = await call(path, { method, cookie, json });
      expect(res.status).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect((await D1.prepare("SELECT count(*) AS n FROM campaigns").first<{ n: number }>())!.n).toBe(0);
  });
});

describe("drafts", () => {
  it("creates, reads, edits and deletes a draft, each audited", async () => {
    const created = await createCampaign();
    expect(created).toMatchObject({ status: "draft", name: "November news", topic: "news", audience: { kind: "all" }, recipientsTotal: 0 });
    expect(created.stats).toEqual({ queued: 0, sent: 0, failed: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0 });
    const edited = await asAdmin(`${API}/${created.id}`, draft({ name: "Renamed" }), "PUT");
    expect(edited.status).toBe(200);
    expect((await edited.json<Campaign>()).name).toBe("Renamed");
    const list = await (await asAdmin(API)).json<{ campaigns: { id: string; name: string }[] }>();
    expect(list.campaigns.find((c) => c.id === created.id)?.name).toBe("Renamed");
    expect((await asAdmin(`${API}/${created.id}`, undefined, "DELETE")).status).toBe(204);
    expect((await asAdmin(`${API}/${created.id}`)).status).toBe(404);
    const actions = (await D1.prepare("SELECT action FROM audit_log WHERE target_id = ? ORDER BY id").bind(created.id).all<{ action: string }>()).results.map(
      (r) => r.action,
    );
    expect(actions).toEqual(["campaign.create", "campaign.update", "campaign.delete"]);
  });

  it.each<[string, Record<string, unknown>]>([
    ["a javascript: button", { bodyEn: [{ type: "button", label: "Go", href: "javascript:alert(1)" }] }],
    ["a javascript: inline link", { bodyEn: [{ type: "paragraph", text: "[click](javascript:alert(1))" }] }],
    ["a data: image", { bodyEn: [{ type: "image", src: "data:image/png;base64,AAAA", alt: "x" }] }],
    ...[
      "/media/../api/admin/users",
      "/media/covers/../../api/config",
      "/media/./covers/a.png",
      "/media//covers/a.png",
      "/media/covers/%2e%2e/x.png",
      "/media/covers\\..\\x.png",
    ].map((src): [string, Record<string, unknown>] => [`a library image path ${src}`, { bodyEn: [{ type: "image", src, alt: "x" }] }]),
    ["an unknown block", { bodyEn: [{ type: "html", html: "<script>alert(1)</script>" }] }],
    ["an empty body", { bodyEn: [] }],
    ["a Portuguese subject without its body", { bodyPtBr: null }],
    ["an unknown audience", { audience: { kind: "everyone" } }],
  ])("refuses %s with a 400 and stores nothing", async (_label, overrides) => {
    const res = await asAdmin(API, { ...draft(), ...overrides });
    expect(res.status).toBe(400);
    expect(
      (await D1.prepare("SELECT count(*) AS n FROM campaigns WHERE name = 'November news' AND created_at > ?")
        .bind(Date.now() - 1000)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("an unknown campaign is a 404 campaign_not_found", async () => {
    const res = await asAdmin(`${API}/nope`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("campaign_not_found");
  });
});

describe("the preview", () => {
  it("renders the blocks escaped, with the footer in the language asked", async () => {
    const res = await asAdmin(`${API}/preview`, {
      locale: "pt-BR",
      subject: "Olá",
      body: [{ type: "paragraph", text: "<img src=x onerror=alert(1)> **oi**" }],
    });
    expect(res.status).toBe(200);
    const preview = await res.json<{ subject: string; html: string; text: string }>();
    expect(preview.subject).toBe("Olá");
    expect(preview.html).not.toContain("<img src=x");
    expect(preview.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(preview.html).toContain("<strong>oi</strong>");
    expect(preview.text).toContain("<img src=x onerror=alert(1)>");
  });
});

describe("the audience", () => {
  it("counts each segment exactly", async () => {
    const vip = await createUser("vip");
    const free = await createUser("user");
    const bannedVip = await createUser("banned");
    await D1.prepare("UPDATE users SET is_vip = 1 WHERE id = ?").bind(bannedVip.id).run();
    const base = async (body: unknown) => await (await asAdmin(`${API}/audience`, body)).json<{ count: number; byLocale: Record<string, number> }>();
    const all = { topic: "news", audience: { kind: "all" } };
    const before = (await base(all)).count;
    await seedContact({ email: vip.email, userId: vip.id, locale: "pt-BR", country: "BR", tags: ["Miami 2025"] });
    await seedContact({ email: free.email.toUpperCase(), country: "US" }); // tied by address, in another case
    await seedContact({ email: bannedVip.email, userId: bannedVip.id });
    await seedContact({ email: "a@example.com", locale: "pt-BR", country: "BR", tags: ["miami 2025", "press"] });
    await seedContact({ email: "b@example.com", topics: ["events"] });
    await seedContact({ email: "c@example.com", lastMailedAt: Date.now() - 2 * DAY });
    await seedContact({ email: "d@example.com", status: "unsubscribed" });
    await seedContact({ email: "e@example.com", status: "pending" });
    await seedContact({ email: "f@example.com", status: "bounced" });
    await seedContact({ email: "g@example.com", status: "complained" });

    expect(await base(all)).toEqual({ count: before + 5, byLocale: { en: before + 3, "pt-BR": 2 } });
    expect((await base({ topic: "events", audience: { kind: "all" } })).count).toBe(before + 6);
    expect((await base({ topic: "news", audience: { kind: "vip" } })).count).toBe(1);
    expect((await base({ topic: "news", audience: { kind: "free" } })).count).toBe(1);
    expect((await base({ topic: "news", audience: { kind: "all", locale: "pt-BR" } })).count).toBe(2);
    expect((await base({ topic: "news", audience: { kind: "all", country: "BR" } })).count).toBe(2);
    expect((await base({ topic: "news", audience: { kind: "all", tag: "MIAMI 2025" } })).count).toBe(2);
    expect((await base({ topic: "news", audience: { kind: "vip", country: "BR", tag: "miami 2025" } })).count).toBe(1);
    expect((await base({ topic: "news", audience: { kind: "all", excludeMailedWithinDays: 7 } })).count).toBe(before + 4);
    expect((await base({ topic: "news", audience: { kind: "all", excludeMailedWithinDays: 1 } })).count).toBe(before + 5);
    const bad = await asAdmin(`${API}/audience`, { topic: "news", audience: { kind: "all", country: "Brazil" } });
    expect(bad.status).toBe(400);
  });
});

describe("sending", () => {
  it("mails every recipient once in their language, with one-click unsubscribe, and closes with its figures", async () => {
    const tag = `send-${crypto.randomUUID().slice(0, 6)}`;
    const en = await seedContact({ email: `en.${tag}@example.com`, tags: [tag] });
    const pt = await seedContact({ email: `pt.${tag}@example.com`, locale: "pt-BR", tags: [tag] });
    await seedContact({ email: `out.${tag}@example.com`, status: "unsubscribed", tags: [tag] });
    const campaign = await createCampaign(draft({ audience: { kind: "all", tag } }));
    const res = await sendNow(campaign.id);
    expect(res.status).toBe(200);
    expect((await res.json<Campaign>()).status).toBe("sending");
    await waitForStatus(campaign.id, "sent");

    const mails = await outboxFor(campaign.id);
    expect(mails.map((m) => m.to)).toEqual([`en.${tag}@example.com`, `pt.${tag}@example.com`]);
    const [english, portuguese] = mails;
    expect(english!.subject).toBe("New single out now");
    expect(portuguese!.subject).toBe("Novo single já disponível");
    expect(portuguese!.html).toContain("Olá, fãs");
    const headers = JSON.parse(english!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https:\/\/[^>]+\/api\/newsletter\/unsubscribe\?t=([^>]+))>$/.exec(headers["List-Unsubscribe"]!)!;
    expect(await verifyContactLink(SECRET, oneClick[2]!)).toEqual({ contactId: en, campaignId: campaign.id });
    expect(english!.text).toContain("/newsletter/unsubscribe?t=");
    expect(english!.html).toContain("/newsletter/unsubscribe?t=");

    expect(await recipientStatuses(campaign.id)).toEqual([{ status: "sent", n: 2 }]);
    const done = await (await asAdmin(`${API}/${campaign.id}`)).json<Campaign>();
    expect(done).toMatchObject({ status: "sent", recipientsTotal: 2, stats: { sent: 2 } });
    const mailed = await D1.prepare("SELECT count(*) AS n FROM marketing_contacts WHERE id IN (?1, ?2) AND last_mailed_at > 0")
      .bind(en, pt)
      .first<{ n: number }>();
    expect(mailed!.n).toBe(2);

    // The one-click POST from the mail unsubscribes and shows in the campaign's figures.
    expect((await call(`/api/newsletter/unsubscribe?t=${oneClick[2]}`, { method: "POST", body: "List-Unsubscribe=One-Click", noOrigin: true })).status).toBe(
      200,
    );
    const after = await (await asAdmin(`${API}/${campaign.id}`)).json<Campaign>();
    expect(after.stats).toMatchObject({ sent: 1, unsubscribed: 1 });

    // A sent campaign can no longer be edited, sent or deleted.
    const edit = await asAdmin(`${API}/${campaign.id}`, draft(), "PUT");
    expect(edit.status).toBe(409);
    expect((await errorOf(edit)).code).toBe("campaign_not_draft");
    expect((await sendNow(campaign.id)).status).toBe(409);
    expect((await asAdmin(`${API}/${campaign.id}`, undefined, "DELETE")).status).toBe(409);
  });

  it("a retried batch sends nobody twice", async () => {
    const tag = `retry-${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) await seedContact({ email: `r${i}.${tag}@example.com`, tags: [tag] });
    const campaign = await createCampaign(draft({ audience: { kind: "all", tag } }));
    await sendNow(campaign.id);
    await waitForStatus(campaign.id, "sent");
    expect(await outboxFor(campaign.id)).toHaveLength(3);
    // As if the batch had been accepted but its marks were lost: the rows are queued again and the
    // step runs again (the queue's redelivery). The outbox keeps one copy per recipient.
    await D1.prepare("UPDATE campaign_recipients SET status = 'queued' WHERE campaign_id = ?").bind(campaign.id).run();
    await D1.prepare("UPDATE campaigns SET status = 'sending' WHERE id = ?").bind(campaign.id).run();
    await handleCampaignMessage(env as never, createDb(env.DB), { type: "step", campaignId: campaign.id });
    expect(await outboxFor(campaign.id)).toHaveLength(3);
    expect(await recipientStatuses(campaign.id)).toEqual([{ status: "sent", n: 3 }]);
  });

  it("cancelling mid-send stops between batches", async () => {
    const tag = `cancel-${crypto.randomUUID().slice(0, 6)}`;
    await D1.prepare(
      `INSERT INTO marketing_contacts (id, email, status, source, tags, updated_at)
       SELECT printf('cancel-%04d', value), printf('c%04d.${tag}@example.com', value), 'subscribed', 'import', json_array('${tag}'), 0 FROM generate_series(1, 250)`,
    )
      .run()
      .catch(async () => {
        for (let i = 1; i <= 250; i++) await seedContact({ email: `c${i}.${tag}@example.com`, tags: [tag] });
      });
    const campaign = await createCampaign(draft({ audience: { kind: "all", tag } }));
    // The admin presses Cancel the moment the first batch of 100 has gone out.
    await D1.prepare(
      `CREATE TRIGGER cancel_after_first_batch AFTER INSERT ON mail_outbox
       WHEN (SELECT count(*) FROM mail_outbox WHERE idempotency_key LIKE 'campaign:${campaign.id}:%') = 100
       BEGIN UPDATE campaigns SET status = 'cancelled' WHERE id = '${campaign.id}'; END`,
    ).run();
    await sendNow(campaign.id);
    await waitForStatus(campaign.id, "cancelled");
    await vi.waitFor(
      async () =>
        expect(await recipientStatuses(campaign.id)).toEqual([
          { status: "queued", n: 150 },
          { status: "sent", n: 100 },
        ]),
      { timeout: 10_000, interval: 50 },
    );
    await D1.prepare("DROP TRIGGER cancel_after_first_batch").run();
    expect(await outboxFor(campaign.id)).toHaveLength(100);
    const view = await (await asAdmin(`${API}/${campaign.id}`)).json<Campaign>();
    expect(view).toMatchObject({ status: "cancelled", stats: { sent: 100, queued: 150 } });
    // Cancelled is final: no resume, no send.
    expect((await asAdmin(`${API}/${campaign.id}/resume`, {})).status).toBe(409);
  });

  it("pause holds the rest; resume sends it, each recipient once", async () => {
    const tag = `pause-${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 120; i++) await seedContact({ email: `p${String(i).padStart(3, "0")}.${tag}@example.com`, tags: [tag] });
    const campaign = await createCampaign(draft({ audience: { kind: "all", tag } }));
    await D1.prepare(
      `CREATE TRIGGER pause_after_first_batch AFTER INSERT ON mail_outbox
       WHEN (SELECT count(*) FROM mail_outbox WHERE idempotency_key LIKE 'campaign:${campaign.id}:%') = 100
       BEGIN UPDATE campaigns SET status = 'paused' WHERE id = '${campaign.id}'; END`,
    ).run();
    await sendNow(campaign.id);
    await waitForStatus(campaign.id, "paused");
    await D1.prepare("DROP TRIGGER pause_after_first_batch").run();
    await vi.waitFor(async () => expect(await outboxFor(campaign.id)).toHaveLength(100), { timeout: 10_000, interval: 50 });
    const resumed = await asAdmin(`${API}/${campaign.id}/resume`, {});
    expect(resumed.status).toBe(200);
    await waitForStatus(campaign.id, "sent");
    expect(await outboxFor(campaign.id)).toHaveLength(120);
    expect(await recipientStatuses(campaign.id)).toEqual([{ status: "sent", n: 120 }]);
  });

  it("a test goes to the admin only, marked [Test], and writes no recipient", async () => {
    const campaign = await createCampaign();
    const res = await asAdmin(`${API}/${campaign.id}/test`, { locale: "pt-BR" });
    expect(res.status).toBe(202);
    const mail = await D1.prepare("SELECT subject FROM mail_outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1")
      .bind(admin.email)
      .first<{ subject: string }>();
    expect(mail!.subject).toBe("[Test] Novo single já disponível");
    expect(await recipientStatuses(campaign.id)).toEqual([]);
    expect(await statusOf(campaign.id)).toBe("draft");
  });
});

describe("scheduling", () => {
  it("schedules in the admin's zone, can be cancelled, and a due one starts on its minute", async () => {
    const tag = `sched-${crypto.randomUUID().slice(0, 6)}`;
    await seedContact({ email: `s.${tag}@example.com`, tags: [tag] });
    const campaign = await createCampaign(draft({ audience: { kind: "all", tag } }));
    const at = Date.now() + 2 * DAY;
    const res = await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: at, timeZone: "America/Sao_Paulo" });
    expect(res.status).toBe(200);
    expect(await res.json<Campaign>()).toMatchObject({ status: "scheduled", scheduledAt: new Date(at).toISOString(), timeZone: "America/Sao_Paulo" });
    const badZone = await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: at, timeZone: "Mars/Olympus" });
    expect(badZone.status).toBe(400);

    expect((await asAdmin(`${API}/${campaign.id}/cancel`, {})).status).toBe(200);
    expect(await statusOf(campaign.id)).toBe("cancelled");

    // Another, due now: the cron's pass queues its start; it goes out.
    const due = await createCampaign(draft({ audience: { kind: "all", tag } }));
    expect((await asAdmin(`${API}/${due.id}/send`, { scheduledAt: Date.now() + 1500, timeZone: "UTC" })).status).toBe(200);
    await waitForStatus(due.id, "sent");
    expect(await outboxFor(due.id)).toHaveLength(1);
  });

  it("a stale start (the campaign was rescheduled) does nothing", async () => {
    const campaign = await createCampaign();
    await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: Date.now() + DAY, timeZone: "UTC" });
    await handleCampaignMessage(env as never, createDb(env.DB), { type: "start", campaignId: campaign.id, scheduledAt: Date.now() + 5 * DAY });
    expect(await statusOf(campaign.id)).toBe("scheduled");
  });
});

describe("the media library", () => {
  const upload = (body: Uint8Array | string, cookie = admin.cookie) =>
    call(`${API}/images`, { method: "PUT", body: body as BodyInit, cookie, headers: { "content-type": "application/octet-stream" } });

  it("uploads a picture, serves it publicly, and lists it first", async () => {
    const res = await upload(PNG_1X1);
    expect(res.status).toBe(201);
    const { image } = await res.json<{ image: { src: string; folder: string } }>();
    expect(image.folder).toBe("campaigns");
    expect(image.src).toMatch(/^\/media\/campaigns\/img-[0-9a-f]{16}\.png$/);
    const served = await call(image.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Read to the end: the body streams from R2, and one left open would still be streaming when
    // the next file's reset() stops R2 (workerd logs a trace).
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);
    const list = await (await asAdmin(`${API}/images`)).json<CampaignImageList>();
    expect(list.images[0]!.src).toBe(image.src);
    // The picture goes into a campaign as its block's address.
    const created = await createCampaign(
      draft({ bodyEn: [{ type: "image", src: image.src, alt: "The new single's cover" }], subjectPtBr: null, bodyPtBr: null }),
    );
    expect(created.bodyEn).toEqual([{ type: "image", src: image.src, alt: "The new single's cover" }]);
    const audit = await D1.prepare("SELECT action FROM audit_log WHERE target_id = ?").bind(image.src.slice("/media/".length)).first<{ action: string }>();
    expect(audit!.action).toBe("campaign.image.upload");
  });

  it("refuses what is not a picture (415) and stores nothing; a member is refused (403)", async () => {
    const before = (await (await asAdmin(`${API}/images`)).json<CampaignImageList>()).images.length;
    const res = await upload("<svg onload=alert(1)></svg>");
    expect(res.status).toBe(415);
    const member = await createUser("user");
    expect((await upload(PNG_1X1, member.cookie)).status).toBe(403);
    expect((await (await asAdmin(`${API}/images`)).json<CampaignImageList>()).images).toHaveLength(before);
  });
});
