// The live mail adapter against fake Resend and Postmark servers on 127.0.0.1: the real
// fetch code path runs, nothing leaves the machine.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLiveMailService, DEFAULT_MAIL_API_BASE_URLS, MailDeliveryError } from "../../worker/services/mail/live";

type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

let server: Server;
let baseUrl: string;
let received: Received[] = [];
/** What the fake vendor answers next. */
let reply = { status: 200, body: '{"id":"msg_1"}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : null });
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  reply = { status: 200, body: '{"id":"msg_1"}' };
});

const noWait = () => Promise.resolve();

/** A reminder's mail: a calendar file, and the labels the webhooks report back. */
const withExtras = {
  to: "fan@example.com",
  subject: "Reminder",
  text: "Soon",
  headers: { "List-Unsubscribe": "<https://fans.test/u?t=1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  attachments: [{ filename: "event.ics", contentType: "text/calendar", content: "QkVHSU46VkNBTEVOREFS" }],
  metadata: { campaign: "cmp_1", contact: "ct_1" },
  idempotencyKey: "reminder:r1:60",
};

const message = {
  to: "fan@example.com",
  subject: "Reset your password",
  text: "Open https://fans.test/auth/reset-password?token=t&type=recovery",
  html: "<p>Open the link</p>",
};

describe("Resend", () => {
  // The fake sleep keeps the retries of a 5xx (mail-batch.test.ts covers them) from really waiting.
  const resend = () => createLiveMailService({ provider: "resend", apiKey: "re_123", from: "Fans <no-reply@fans.test>", baseUrl, sleep: noWait });

  it("POSTs /emails with a Bearer key and Resend's JSON body", async () => {
    await resend().send(message);
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/emails");
    expect(req!.headers.authorization).toBe("Bearer re_123");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.body).toEqual({ from: "Fans <no-reply@fans.test>", to: ["fan@example.com"], subject: message.subject, text: message.text, html: message.html });
  });

  it("carries headers, attachments, tags and the message's Idempotency-Key on a single send", async () => {
    await resend().send(withExtras);
    const [req] = received;
    expect(req!.headers["idempotency-key"]).toBe("reminder:r1:60");
    expect(req!.body).toEqual({
      from: "Fans <no-reply@fans.test>",
      to: ["fan@example.com"],
      subject: "Reminder",
      text: "Soon",
      headers: withExtras.headers,
      attachments: [{ filename: "event.ics", content: "QkVHSU46VkNBTEVOREFS", content_type: "text/calendar" }],
      tags: [
        { name: "campaign", value: "cmp_1" },
        { name: "contact", value: "ct_1" },
      ],
    });
  });

  it("leaves html out when the message has none", async () => {
    await resend().send({ to: "fan@example.com", subject: "s", text: "t" });
    expect(received[0]!.body).toEqual({ from: "Fans <no-reply@fans.test>", to: ["fan@example.com"], subject: "s", text: "t" });
  });

  it.each([422, 500])("throws a clear error on HTTP %i", async (status) => {
    reply = { status, body: '{"message":"The from address is not verified"}' };
    const err = await resend()
      .send(message)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as MailDeliveryError).status).toBe(status);
    expect((err as Error).message).toContain(`resend refused the message (HTTP ${status})`);
    expect((err as Error).message).toContain("not verified");
  });
});

describe("Postmark", () => {
  const postmark = (base = baseUrl) =>
    createLiveMailService({ provider: "postmark", apiKey: "pm-server-token", from: "no-reply@fans.test", baseUrl: base, sleep: noWait });

  it("POSTs /email with the server token header and Postmark's JSON body", async () => {
    reply = { status: 200, body: '{"ErrorCode":0,"MessageID":"abc"}' };
    await postmark(`${baseUrl}/`).send(message);
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/email");
    expect(req!.headers["x-postmark-server-token"]).toBe("pm-server-token");
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.headers.accept).toBe("application/json");
    expect(req!.body).toEqual({
      From: "no-reply@fans.test",
      To: "fan@example.com",
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      MessageStream: "outbound",
    });
  });

  it("carries Headers, Attachments and Metadata on a single send", async () => {
    reply = { status: 200, body: '{"ErrorCode":0,"MessageID":"abc"}' };
    await postmark().send(withExtras);
    expect(received[0]!.body).toEqual({
      From: "no-reply@fans.test",
      To: "fan@example.com",
      Subject: "Reminder",
      TextBody: "Soon",
      Headers: [
        { Name: "List-Unsubscribe", Value: "<https://fans.test/u?t=1>" },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ],
      Attachments: [{ Name: "event.ics", Content: "QkVHSU46VkNBTEVOREFS", ContentType: "text/calendar" }],
      Metadata: { campaign: "cmp_1", contact: "ct_1" },
      MessageStream: "outbound",
    });
  });

  it.each([401, 503])("throws a clear error on HTTP %i", async (status) => {
    reply = { status, body: '{"ErrorCode":10,"Message":"Bad or missing Server API token."}' };
    await expect(postmark().send(message)).rejects.toThrow(new RegExp(`postmark refused the message \\(HTTP ${status}\\)`));
  });
});

it("defaults to the vendors' real API addresses", () => {
  expect(DEFAULT_MAIL_API_BASE_URLS).toEqual({ resend: "https://api.resend.com", postmark: "https://api.postmarkapp.com" });
});
