// verifyMailWebhook: Resend's Svix signatures and Postmark's Basic credentials, and the mapping
// of each provider's events to delivered / bounced / complained. Signatures are made here with
// node:crypto, independently of the Web Crypto code under test.
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SVIX_TOLERANCE_MS, verifyMailWebhook } from "../../worker/services/mail/webhooks";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const KEY = randomBytes(24);
const SECRET = `whsec_${KEY.toString("base64")}`;

function svixHeaders(body: string, { key = KEY, at = NOW, id = "msg_2abc" }: { key?: Buffer; at?: number; id?: string } = {}) {
  const timestamp = String(Math.floor(at / 1000));
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return new Headers({ "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` });
}

const resendEvent = (type: string, data: Record<string, unknown> = {}) =>
  JSON.stringify({
    type,
    created_at: "2026-11-23T11:59:58.000Z",
    data: {
      email_id: "4ef9a417",
      from: "Fans <news@fans.test>",
      to: ["fan@example.com"],
      subject: "November news",
      tags: [
        { name: "campaign", value: "cmp_1" },
        { name: "contact", value: "ct_1" },
      ],
      ...data,
    },
  });

describe("Resend (Svix signature)", () => {
  it("accepts a correctly signed delivery report", async () => {
    const body = resendEvent("email.delivered");
    expect(await verifyMailWebhook("resend", SECRET, svixHeaders(body), body, NOW)).toEqual([
      { kind: "delivered", email: "fan@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: "resend:msg_2abc:fan@example.com" },
    ]);
  });

  it("accepts one good signature among several (a secret being rotated)", async () => {
    const body = resendEvent("email.complained");
    const headers = svixHeaders(body);
    headers.set("svix-signature", `v1,${Buffer.from("not it").toString("base64")} ${headers.get("svix-signature")}`);
    expect(await verifyMailWebhook("resend", SECRET, headers, body, NOW)).toEqual([
      { kind: "complained", email: "fan@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: "resend:msg_2abc:fan@example.com" },
    ]);
  });

  it("refuses a tampered body, a wrong secret, a stale or future timestamp, missing headers", async () => {
    const body = resendEvent("email.bounced");
    const tampered = body.replace("fan@example.com", "other@example.com");
    expect(await verifyMailWebhook("resend", SECRET, svixHeaders(body), tampered, NOW)).toBeNull();
    expect(await verifyMailWebhook("resend", `whsec_${randomBytes(24).toString("base64")}`, svixHeaders(body), body, NOW)).toBeNull();
    const stale = NOW - SVIX_TOLERANCE_MS - 1000;
    expect(await verifyMailWebhook("resend", SECRET, svixHeaders(body, { at: stale }), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("resend", SECRET, svixHeaders(body, { at: NOW + SVIX_TOLERANCE_MS + 1000 }), body, NOW)).toBeNull();
    // Just inside the window is fine.
    expect(await verifyMailWebhook("resend", SECRET, svixHeaders(body, { at: NOW - SVIX_TOLERANCE_MS + 1000 }), body, NOW)).toHaveLength(1);
    const noId = svixHeaders(body);
    noId.delete("svix-id");
    expect(await verifyMailWebhook("resend", SECRET, noId, body, NOW)).toBeNull();
    const v2 = svixHeaders(body);
    v2.set("svix-signature", v2.get("svix-signature")!.replace("v1,", "v2,"));
    expect(await verifyMailWebhook("resend", SECRET, v2, body, NOW)).toBeNull();
  });

  it("refuses everything when no secret is configured", async () => {
    const body = resendEvent("email.delivered");
    expect(await verifyMailWebhook("resend", undefined, svixHeaders(body), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("resend", "", svixHeaders(body), body, NOW)).toBeNull();
  });

  it("maps a permanent bounce and a complaint; a transient bounce and other events give nothing", async () => {
    const check = async (body: string) => verifyMailWebhook("resend", SECRET, svixHeaders(body), body, NOW);
    expect(await check(resendEvent("email.bounced", { bounce: { type: "Permanent", subType: "General", message: "no such user" } }))).toEqual([
      { kind: "bounced", email: "fan@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: "resend:msg_2abc:fan@example.com" },
    ]);
    expect(await check(resendEvent("email.bounced", { bounce: { type: "Transient", subType: "MailboxFull", message: "full" } }))).toEqual([]);
    expect(await check(resendEvent("email.opened"))).toEqual([]);
    expect(await check(resendEvent("email.delivery_delayed"))).toEqual([]);
    expect(await check("not json")).toEqual([]);
  });

  it("reads tags given as an object, and mail without them (a transactional mail)", async () => {
    const check = async (body: string) => verifyMailWebhook("resend", SECRET, svixHeaders(body), body, NOW);
    expect(await check(resendEvent("email.complained", { tags: { campaign: "cmp_9", contact: "ct_9" } }))).toEqual([
      { kind: "complained", email: "fan@example.com", campaignId: "cmp_9", contactId: "ct_9", deliveryId: "resend:msg_2abc:fan@example.com" },
    ]);
    expect(await check(resendEvent("email.delivered", { tags: undefined }))).toEqual([
      { kind: "delivered", email: "fan@example.com", campaignId: null, contactId: null, deliveryId: "resend:msg_2abc:fan@example.com" },
    ]);
  });
});

describe("Postmark (HTTP Basic credentials)", () => {
  const CREDENTIALS = "postmark:s3cret-pässword";
  const basic = (value: string) => new Headers({ authorization: `Basic ${Buffer.from(value, "utf8").toString("base64")}` });
  const metadata = { campaign: "cmp_1", contact: "ct_1" };

  it("accepts the right credentials and refuses wrong or missing ones", async () => {
    const body = JSON.stringify({ RecordType: "Delivery", Recipient: "fan@example.com", Metadata: metadata, MessageStream: "outbound" });
    expect(await verifyMailWebhook("postmark", CREDENTIALS, basic(CREDENTIALS), body, NOW)).toEqual([
      { kind: "delivered", email: "fan@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: null },
    ]);
    // The scheme is case-insensitive (RFC 7617).
    const lower = new Headers({ authorization: `basic ${Buffer.from(CREDENTIALS).toString("base64")}` });
    expect(await verifyMailWebhook("postmark", CREDENTIALS, lower, body, NOW)).toHaveLength(1);
    expect(await verifyMailWebhook("postmark", CREDENTIALS, basic("postmark:wrong"), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("postmark", CREDENTIALS, basic(`${CREDENTIALS}x`), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("postmark", CREDENTIALS, new Headers(), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("postmark", CREDENTIALS, new Headers({ authorization: `Bearer ${CREDENTIALS}` }), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("postmark", CREDENTIALS, new Headers({ authorization: "Basic %%%" }), body, NOW)).toBeNull();
    expect(await verifyMailWebhook("postmark", undefined, basic(CREDENTIALS), body, NOW)).toBeNull();
  });

  it("maps hard bounces and spam complaints; a soft bounce, an open or no Metadata", async () => {
    const check = async (record: unknown) => verifyMailWebhook("postmark", CREDENTIALS, basic(CREDENTIALS), JSON.stringify(record), NOW);
    expect(await check({ RecordType: "Bounce", Type: "HardBounce", TypeCode: 1, Email: "gone@example.com", Metadata: metadata })).toEqual([
      { kind: "bounced", email: "gone@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: null },
    ]);
    expect(await check({ RecordType: "Bounce", Type: "SoftBounce", TypeCode: 4096, Email: "full@example.com", Metadata: metadata })).toEqual([]);
    expect(await check({ RecordType: "Bounce", Type: "Transient", TypeCode: 2, Email: "later@example.com" })).toEqual([]);
    expect(await check({ RecordType: "SpamComplaint", Type: "SpamComplaint", Email: "angry@example.com", Metadata: metadata })).toEqual([
      { kind: "complained", email: "angry@example.com", campaignId: "cmp_1", contactId: "ct_1", deliveryId: null },
    ]);
    expect(await check({ RecordType: "Open", Recipient: "fan@example.com", Metadata: metadata })).toEqual([]);
    // With the message's id, each record is known again when it is delivered again.
    expect(await check({ RecordType: "Delivery", MessageID: "883953f4", Recipient: "Fan@Example.com" })).toEqual([
      { kind: "delivered", email: "Fan@Example.com", campaignId: null, contactId: null, deliveryId: "postmark:Delivery:883953f4:fan@example.com" },
    ]);
    expect(await check({ RecordType: "Delivery", Recipient: "fan@example.com" })).toEqual([
      { kind: "delivered", email: "fan@example.com", campaignId: null, contactId: null, deliveryId: null },
    ]);
  });
});
