// /api/webhooks/mail/:provider (decision 045): a provider's signed delivery, bounce and complaint
// reports through the Worker. A hard bounce or a complaint suppresses the address and marks the
// campaign's recipient row; a delivery marks the row; a wrong signature, wrong credentials or no
// configured secret change nothing. State is read with raw SQL.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { ORIGIN } from "./helpers";
import { purgeStaleRows } from "../../worker/db/housekeeping";
import { createDb } from "../../worker/db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

const D1 = (env as unknown as { DB: D1Database }).DB;
const RESEND_SECRET = `whsec_${btoa("resend-webhook-test-key-0123456789")}`;
const POSTMARK_SECRET = "postmark-hook:s3cret-Password";

async function post(provider: string, body: string, headers: Record<string, string>, secret: string | undefined) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/webhooks/mail/${provider}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }),
    { ...env, MAIL_WEBHOOK_SECRET: secret },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function svixHeaders(body: string, { secret = RESEND_SECRET, at = Date.now(), id = `msg_${crypto.randomUUID()}` } = {}) {
  const timestamp = String(Math.floor(at / 1000));
  const key = await crypto.subtle.importKey(
    "raw",
    Uint8Array.from(atob(secret.slice(6)), (c) => c.charCodeAt(0)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${btoa(String.fromCharCode(...mac))}` };
}

let contactId: string;
let email: string;
let campaignId: string;

beforeEach(async () => {
  email = `hook.${crypto.randomUUID().slice(0, 8)}@example.com`;
  contactId = crypto.randomUUID();
  campaignId = crypto.randomUUID();
  await D1.batch([
    D1.prepare("INSERT INTO marketing_contacts (id, email, status, source, updated_at) VALUES (?1, ?2, 'subscribed', 'import', 0)").bind(contactId, email),
    D1.prepare("INSERT INTO campaigns (id, name, subject_en, created_at, updated_at, status) VALUES (?1, 'c', 's', 0, 0, 'sent')").bind(campaignId),
    D1.prepare("INSERT INTO campaign_recipients (campaign_id, contact_id, email, locale, status) VALUES (?1, ?2, ?3, 'en', 'sent')").bind(
      campaignId,
      contactId,
      email,
    ),
  ]);
});

const contactStatus = async () => (await D1.prepare("SELECT status FROM marketing_contacts WHERE id = ?").bind(contactId).first<{ status: string }>())!.status;
const recipientStatus = async () =>
  (await D1.prepare("SELECT status FROM campaign_recipients WHERE campaign_id = ? AND contact_id = ?").bind(campaignId, contactId).first<{ status: string }>())!
    .status;
const resendEvent = (type: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type,
    created_at: new Date().toISOString(),
    data: {
      email_id: "e1",
      to: [email],
      tags: [
        { name: "campaign", value: campaignId },
        { name: "contact", value: contactId },
      ],
      ...extra,
    },
  });

describe("Resend (Svix signature)", () => {
  it("a delivery marks the recipient row delivered and leaves the contact subscribed", async () => {
    const body = resendEvent("email.delivered");
    const res = await post("resend", body, await svixHeaders(body), RESEND_SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1 });
    expect(await recipientStatus()).toBe("delivered");
    expect(await contactStatus()).toBe("subscribed");
  });

  it("a permanent bounce suppresses the address; a later delivery report does not undo it", async () => {
    const body = resendEvent("email.bounced", { bounce: { type: "Permanent" } });
    expect((await post("resend", body, await svixHeaders(body), RESEND_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("bounced");
    expect(await recipientStatus()).toBe("bounced");
    const late = resendEvent("email.delivered");
    expect((await post("resend", late, await svixHeaders(late), RESEND_SECRET)).status).toBe(200);
    expect(await recipientStatus()).toBe("bounced");
  });

  it("a transient bounce changes nothing", async () => {
    const body = resendEvent("email.bounced", { bounce: { type: "Transient" } });
    expect((await post("resend", body, await svixHeaders(body), RESEND_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("subscribed");
    expect(await recipientStatus()).toBe("sent");
  });

  it("a complaint suppresses the address", async () => {
    const body = resendEvent("email.complained");
    expect((await post("resend", body, await svixHeaders(body), RESEND_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
    expect(await recipientStatus()).toBe("complained");
  });

  it("a tampered body, a wrong secret or a stale timestamp is a 401 invalid_signature and changes nothing", async () => {
    const body = resendEvent("email.complained");
    const tampered = await post("resend", body.replace("complained", "delivered"), await svixHeaders(body), RESEND_SECRET);
    expect(tampered.status).toBe(401);
    expect((await tampered.json<{ error: { code: string } }>()).error.code).toBe("invalid_signature");
    const wrongKey = await post("resend", body, await svixHeaders(body, { secret: `whsec_${btoa("another-key-entirely-9876543210")}` }), RESEND_SECRET);
    expect(wrongKey.status).toBe(401);
    const stale = await post("resend", body, await svixHeaders(body, { at: Date.now() - 10 * 60_000 }), RESEND_SECRET);
    expect(stale.status).toBe(401);
    const unsigned = await post("resend", body, {}, RESEND_SECRET);
    expect(unsigned.status).toBe(401);
    expect(await contactStatus()).toBe("subscribed");
    expect(await recipientStatus()).toBe("sent");
  });

  it("without a configured secret the endpoint is off (404)", async () => {
    const body = resendEvent("email.complained");
    const res = await post("resend", body, await svixHeaders(body), undefined);
    expect(res.status).toBe(404);
    expect(await contactStatus()).toBe("subscribed");
  });

  it("an unknown provider is a 404", async () => {
    expect((await post("mailgun", "{}", {}, RESEND_SECRET)).status).toBe(404);
  });
});

describe("Postmark (Basic credentials)", () => {
  const basic = (credentials: string) => ({ authorization: `Basic ${btoa(credentials)}` });
  const record = (fields: Record<string, unknown>) => JSON.stringify({ ...fields, Metadata: { campaign: campaignId, contact: contactId } });

  it("a hard bounce suppresses; a soft one does not", async () => {
    const soft = record({ RecordType: "Bounce", Type: "SoftBounce", Email: email });
    expect((await post("postmark", soft, basic(POSTMARK_SECRET), POSTMARK_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("subscribed");
    const hard = record({ RecordType: "Bounce", Type: "HardBounce", Email: email });
    expect((await post("postmark", hard, basic(POSTMARK_SECRET), POSTMARK_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("bounced");
    expect(await recipientStatus()).toBe("bounced");
  });

  it("a spam complaint suppresses the address", async () => {
    const body = record({ RecordType: "SpamComplaint", Email: email });
    expect((await post("postmark", body, basic(POSTMARK_SECRET), POSTMARK_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
  });

  it("wrong or missing credentials are a 401 and change nothing", async () => {
    const body = record({ RecordType: "SpamComplaint", Email: email });
    expect((await post("postmark", body, basic("postmark-hook:wrong"), POSTMARK_SECRET)).status).toBe(401);
    expect((await post("postmark", body, {}, POSTMARK_SECRET)).status).toBe(401);
    expect(await contactStatus()).toBe("subscribed");
  });
});

describe("replayed reports", () => {
  const resubscribe = () => D1.prepare("UPDATE marketing_contacts SET status = 'subscribed' WHERE id = ?").bind(contactId).run();
  const deliveries = async () => (await D1.prepare("SELECT count(*) AS n FROM mail_webhook_deliveries").first<{ n: number }>())!.n;

  it("Resend: the same signed message delivered again is answered 200 and applied once", async () => {
    const body = resendEvent("email.complained");
    const headers = await svixHeaders(body);
    expect((await post("resend", body, headers, RESEND_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
    // The fan subscribed again since; an attacker (or a late retry) replays the old complaint.
    await resubscribe();
    const replay = await post("resend", body, headers, RESEND_SECRET);
    expect(replay.status).toBe(200);
    expect(await contactStatus()).toBe("subscribed");
    expect(await recipientStatus()).toBe("complained");
    // Another message (a new id) about the same address is applied.
    const fresh = await svixHeaders(body);
    expect((await post("resend", body, fresh, RESEND_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
  });

  it("Postmark: the same record posted again is applied once", async () => {
    const body = JSON.stringify({
      RecordType: "SpamComplaint",
      ID: 42,
      MessageID: crypto.randomUUID(),
      Email: email,
      Metadata: { campaign: campaignId, contact: contactId },
    });
    const basic = { authorization: `Basic ${btoa(POSTMARK_SECRET)}` };
    expect((await post("postmark", body, basic, POSTMARK_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
    await resubscribe();
    expect((await post("postmark", body, basic, POSTMARK_SECRET)).status).toBe(200);
    expect(await contactStatus()).toBe("subscribed");
    expect(await recipientStatus()).toBe("complained");
  });

  it("the hourly housekeeping forgets report ids after a week", async () => {
    const body = resendEvent("email.delivered");
    expect((await post("resend", body, await svixHeaders(body), RESEND_SECRET)).status).toBe(200);
    const before = await deliveries();
    expect(before).toBeGreaterThan(0);
    expect((await purgeStaleRows(createDb(D1), Date.now() + 6 * DAY_MS)).mailDeliveries).toBe(0);
    expect((await purgeStaleRows(createDb(D1), Date.now() + 8 * DAY_MS)).mailDeliveries).toBe(before);
    expect(await deliveries()).toBe(0);
  });
});

describe("Postmark credentials", () => {
  const record = () => JSON.stringify({ RecordType: "SpamComplaint", Email: email, Metadata: { campaign: campaignId, contact: contactId } });
  const utf8Basic = (credentials: string) => ({ authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(credentials)))}` });

  it("are compared as the secret's UTF-8 bytes: exact bytes pass; a prefix, a longer value or the same letters in Latin-1 do not", async () => {
    const secret = "hooks:senha-secreta-ção";
    for (const wrong of [
      utf8Basic("hooks:senha-secreta-ç"),
      utf8Basic(`${secret}x`),
      { authorization: `Basic ${btoa("hooks:senha-secreta-\u00e7\u00e3o")}` },
    ]) {
      expect((await post("postmark", record(), wrong, secret)).status).toBe(401);
    }
    expect(await contactStatus()).toBe("subscribed");
    expect((await post("postmark", record(), utf8Basic(secret), secret)).status).toBe(200);
    expect(await contactStatus()).toBe("complained");
  });
});
