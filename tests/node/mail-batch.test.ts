// The live mail adapter's batch sending, extra headers, metadata and attachments, and its retries,
// against the fake Resend + Postmark server (tests/node/support/fake-mail-server.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createLiveMailService,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_MAX_WAIT_MS,
  MailBatchError,
  MailDeliveryError,
  retryDelayMs,
  type LiveMailOptions,
} from "../../worker/services/mail/live";
import { MAIL_BATCH_LIMIT, type MailMessage } from "../../worker/services/mail/types";
import { startFakeMailServer, type FakeMailServer } from "./support/fake-mail-server";

let fake: FakeMailServer;
/** The waits the adapter asked for: a fake sleep, so no test really waits. */
let waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeMailServer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  waits = [];
});

const service = (provider: LiveMailOptions["provider"]) =>
  createLiveMailService({
    provider,
    apiKey: provider === "resend" ? "re_123" : "pm-token",
    from: "Fans <news@fans.test>",
    baseUrl: fake.baseUrl,
    sleep: async (ms) => {
      waits.push(ms);
    },
    now: () => Date.parse("2026-11-23T12:00:00Z"),
  });

const UNSUBSCRIBE = {
  "List-Unsubscribe": "<https://fans.test/api/newsletter/unsubscribe?t=abc>, <mailto:unsubscribe@fans.test?subject=abc>",
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
};

const campaignMail = (to: string, contact: string): MailMessage => ({
  to,
  subject: "November news",
  text: "Hello",
  html: "<p>Hello</p>",
  headers: UNSUBSCRIBE,
  metadata: { campaign: "cmp_1", contact },
});

describe("Resend batch", () => {
  it("POSTs /emails/batch with an array body, the Idempotency-Key, headers and tags", async () => {
    const outcomes = await service("resend").sendBatch([campaignMail("a@example.com", "c1"), campaignMail("b@example.com", "c2")], "cmp_1:0");
    expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
    expect(fake.received).toHaveLength(1);
    const [req] = fake.received;
    expect(req!.path).toBe("/emails/batch");
    expect(req!.headers.authorization).toBe("Bearer re_123");
    expect(req!.headers["idempotency-key"]).toBe("cmp_1:0");
    expect(req!.body).toEqual([
      {
        from: "Fans <news@fans.test>",
        to: ["a@example.com"],
        subject: "November news",
        text: "Hello",
        html: "<p>Hello</p>",
        headers: UNSUBSCRIBE,
        tags: [
          { name: "campaign", value: "cmp_1" },
          { name: "contact", value: "c1" },
        ],
      },
      expect.objectContaining({ to: ["b@example.com"], tags: [expect.anything(), { name: "contact", value: "c2" }] }),
    ]);
  });

  it("turns characters Resend refuses in tags into underscores", async () => {
    await service("resend").sendBatch([{ to: "a@example.com", subject: "s", text: "t", metadata: { "campaign id": "x.y@z" } }], "k");
    expect((fake.received[0]!.body as { tags: unknown }[])[0]!.tags).toEqual([{ name: "campaign_id", value: "x_y_z" }]);
  });

  it("refuses attachments before sending anything: Resend's batch endpoint does not take them", async () => {
    const withIcs: MailMessage = {
      to: "a@example.com",
      subject: "s",
      text: "t",
      attachments: [{ filename: "e.ics", contentType: "text/calendar", content: "QkVHSU4=" }],
    };
    const err = await service("resend")
      .sendBatch([withIcs], "k")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailBatchError);
    expect((err as Error).message).toContain("does not accept attachments");
    expect(fake.received).toHaveLength(0);
  });

  it("throws the whole batch on a 422 without retrying", async () => {
    fake.failNext(1, 422, { body: '{"message":"Invalid `to` field"}' });
    const err = await service("resend")
      .sendBatch([campaignMail("a@example.com", "c1")], "k")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as MailDeliveryError).status).toBe(422);
    expect((err as Error).message).toContain("Invalid `to` field");
    expect(fake.received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("retries a 429, waiting what Retry-After says, with the same Idempotency-Key", async () => {
    fake.failNext(2, 429, { retryAfter: "7" });
    const outcomes = await service("resend").sendBatch([campaignMail("a@example.com", "c1")], "cmp_1:3");
    expect(outcomes).toEqual([{ ok: true }]);
    expect(fake.received).toHaveLength(3);
    expect(fake.received.map((r) => r.headers["idempotency-key"])).toEqual(["cmp_1:3", "cmp_1:3", "cmp_1:3"]);
    expect(waits).toEqual([7000, 7000]);
  });

  it("retries a 503 with exponential backoff and gives up after the last attempt", async () => {
    fake.failNext(MAIL_MAX_ATTEMPTS, 503);
    const err = await service("resend")
      .sendBatch([campaignMail("a@example.com", "c1")], "k")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as MailDeliveryError).status).toBe(503);
    expect(fake.received).toHaveLength(MAIL_MAX_ATTEMPTS);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it(`refuses more than ${MAIL_BATCH_LIMIT} messages and sends nothing for an empty batch`, async () => {
    const many = Array.from({ length: MAIL_BATCH_LIMIT + 1 }, (_, i) => campaignMail(`f${i}@example.com`, `c${i}`));
    await expect(service("resend").sendBatch(many, "k")).rejects.toThrow(MailBatchError);
    await expect(service("postmark").sendBatch(many, "k")).rejects.toThrow(`at most ${MAIL_BATCH_LIMIT}`);
    expect(await service("resend").sendBatch([], "k")).toEqual([]);
    expect(fake.received).toHaveLength(0);
    // Exactly the limit is fine.
    expect(await service("resend").sendBatch(many.slice(0, MAIL_BATCH_LIMIT), "k")).toHaveLength(MAIL_BATCH_LIMIT);
  });
});

describe("Postmark batch", () => {
  it("POSTs /email/batch with Headers, Metadata and Attachments in Postmark's shape", async () => {
    const withIcs: MailMessage = {
      ...campaignMail("b@example.com", "c2"),
      attachments: [{ filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: "QkVHSU46VkNBTEVOREFS" }],
    };
    const outcomes = await service("postmark").sendBatch([campaignMail("a@example.com", "c1"), withIcs], "k");
    expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
    const [req] = fake.received;
    expect(req!.path).toBe("/email/batch");
    expect(req!.headers["x-postmark-server-token"]).toBe("pm-token");
    expect(req!.body).toEqual([
      {
        From: "Fans <news@fans.test>",
        To: "a@example.com",
        Subject: "November news",
        TextBody: "Hello",
        HtmlBody: "<p>Hello</p>",
        Headers: [
          { Name: "List-Unsubscribe", Value: UNSUBSCRIBE["List-Unsubscribe"] },
          { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
        ],
        Metadata: { campaign: "cmp_1", contact: "c1" },
        MessageStream: "outbound",
      },
      expect.objectContaining({
        To: "b@example.com",
        Attachments: [{ Name: "event.ics", Content: "QkVHSU46VkNBTEVOREFS", ContentType: "text/calendar; charset=utf-8" }],
      }),
    ]);
  });

  it("maps each message's ErrorCode: 0 accepted, anything else refused with Postmark's reason", async () => {
    fake.refuseAddress("gone@example.com", 406, "You tried to send to a recipient that has been marked as inactive.");
    const outcomes = await service("postmark").sendBatch(
      [campaignMail("a@example.com", "c1"), campaignMail("gone@example.com", "c2"), campaignMail("c@example.com", "c3")],
      "k",
    );
    expect(outcomes).toEqual([
      { ok: true },
      { ok: false, error: "postmark error 406: You tried to send to a recipient that has been marked as inactive." },
      { ok: true },
    ]);
  });

  it("retries a 500 then succeeds; an HTTP-date Retry-After is honoured, and capped", async () => {
    fake.failNext(1, 500);
    fake.failNext(1, 429, { retryAfter: "Mon, 23 Nov 2026 12:00:05 GMT" });
    fake.failNext(1, 429, { retryAfter: "3600" });
    expect(await service("postmark").sendBatch([campaignMail("a@example.com", "c1")], "k")).toEqual([{ ok: true }]);
    expect(fake.received).toHaveLength(4);
    expect(waits).toEqual([1000, 5000, MAIL_RETRY_MAX_WAIT_MS]);
  });

  it("does not retry a 401", async () => {
    fake.failNext(1, 401, { body: '{"ErrorCode":10,"Message":"Bad or missing Server API token."}' });
    await expect(service("postmark").sendBatch([campaignMail("a@example.com", "c1")], "k")).rejects.toThrow(/postmark refused the message \(HTTP 401\)/);
    expect(fake.received).toHaveLength(1);
  });
});

describe("retryDelayMs", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  it.each([
    [null, 1, 1000],
    [null, 3, 4000],
    ["2", 1, 2000],
    ["0", 2, 0],
    ["Mon, 23 Nov 2026 11:59:00 GMT", 1, 0],
    ["soon", 2, 2000],
    ["999", 1, MAIL_RETRY_MAX_WAIT_MS],
  ])("Retry-After %s on attempt %i waits %i ms", (retryAfter, attempt, expected) => {
    expect(retryDelayMs(retryAfter, attempt, now)).toBe(expected);
  });
});
