// The live web push sender (worker/services/push, @block65/webcrypto-web-push) against a fake
// push service that verifies the VAPID JWT and decrypts the body with http_ece, an independent
// RFC 8291 implementation: what arrives is what was sent, and the push service's answers map to
// "sent", "gone" (delete the subscription) and "failed".
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../worker/env";
import { pushSender, type PushSender } from "../../worker/services/push";
import type { PushPayload } from "../../worker/contracts/push";
import { createLivePushSender } from "../../worker/services/push/live";
import { vapidKeyPair } from "../../scripts/lib/vapid-keys.mjs";
import { ANSWER_BODY, startFakePushServer, type FakePushServer } from "./support/fake-push-server";

// A key pair for these tests only (the Worker tests use the one in vitest.config.ts).
const VAPID_PUBLIC_KEY = "BAhyR8Scns7WhXk8E7AYPWrFoWK8tmDBVY-gwwEwwO5Q0U--xnE5mfYNxCjZN9bSI8828HX_NNWU8DEgnwUMJAo";
const VAPID_PRIVATE_KEY = "xkJuSW42TOloBhA6fC3FPn7A0IPyce4U0XIcmMl-kPQ";

const payload: PushPayload = {
  title: "Nova resposta",
  body: "maria respondeu ao seu comentário: “Que show incrível!” 🎶",
  url: "/feed/posts/3f1c2b4a-0000-4000-8000-000000000001",
  tag: "comment:3f1c2b4a",
  lang: "pt-BR",
};

let push: FakePushServer;
let sender: PushSender;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  push = await startFakePushServer();
  sender = createLivePushSender({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: "mailto:support@fans.example", fetch: push.fetch });
});
afterAll(() => push.close());
beforeEach(() => {
  push.received.length = 0;
  push.rejected.length = 0;
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("live push sender → fake push service", () => {
  it("delivers the payload encrypted (aes128gcm), with a valid VAPID JWT and the TTL, Urgency and Topic headers", async () => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    const result = await sender.send(sub, payload, { ttlSeconds: 3600, urgency: "high", topic: "comment-3f1c2b4a" });

    expect(push.rejected).toEqual([]);
    expect(result).toBe("sent");
    expect(push.received).toHaveLength(1);
    const got = push.received[0]!;
    expect(got.id).toBe(sub.id);
    expect(JSON.parse(got.plaintext)).toEqual(payload);
    expect(got.headers["content-encoding"]).toBe("aes128gcm");
    expect(got.headers.ttl).toBe("3600");
    expect(got.headers.urgency).toBe("high");
    expect(got.headers.topic).toBe("comment-3f1c2b4a");
    // Padded to one 4096-octet record, so the length says nothing about the text.
    expect(got.body.length).toBe(4096);
    expect(got.vapidKey).toBe(VAPID_PUBLIC_KEY);
    expect(got.jwt.aud).toBe(push.origin);
    expect(got.jwt.sub).toBe("mailto:support@fans.example");
    expect(errors).not.toHaveBeenCalled();
  });

  it("sends a one-day TTL and no Urgency or Topic by default, and a TTL of 0 as 0", async () => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    expect(await sender.send(sub, payload)).toBe("sent");
    expect(await sender.send(sub, { ...payload, lang: "en", title: "New reply" }, { ttlSeconds: 0, urgency: "very-low" })).toBe("sent");

    expect(push.rejected).toEqual([]);
    const [first, second] = push.received;
    expect(first!.headers.ttl).toBe("86400");
    expect(first!.headers.urgency).toBeUndefined();
    expect(first!.headers.topic).toBeUndefined();
    expect(second!.headers.ttl).toBe("0");
    expect(second!.headers.urgency).toBe("very-low");
    expect(JSON.parse(second!.plaintext)).toEqual({ ...payload, lang: "en", title: "New reply" });
  });

  it.each([404, 410])("answers gone when the push service says %i (the caller deletes the subscription)", async (status) => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    push.answer(sub.id, status);
    expect(await sender.send(sub, payload)).toBe("gone");
    expect(push.received).toEqual([]);
  });

  it("answers failed, and logs the origin only, when the push service fails", async () => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    push.answer(sub.id, 500);
    expect(await sender.send(sub, payload)).toBe("failed");
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toBe(`push to ${push.origin} failed: HTTP 500`);
  });

  it.each([301, 302, 307, 308])("answers failed for a redirect (%i), never follows it and never logs the answer's body", async (status) => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    push.answer(sub.id, status);
    expect(await sender.send(sub, payload)).toBe("failed");
    // A followed redirect would reach /moved/<id> on the fake, which refuses it as unknown.
    expect(push.rejected).toEqual([]);
    expect(errors.mock.calls).toEqual([[`push to ${push.origin} failed: HTTP ${status}`]]);
  });

  it("never logs the body of a refusal", async () => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    push.answer(sub.id, 400);
    expect(await sender.send(sub, payload)).toBe("failed");
    expect(JSON.stringify(errors.mock.calls)).not.toContain(ANSWER_BODY);
  });

  it("answers failed when the push service refuses the VAPID key (403), not gone", async () => {
    const sub = push.subscribe("BOtherApplicationServerKeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    expect(await sender.send(sub, payload)).toBe("failed");
    expect(push.rejected).toEqual([{ id: sub.id, status: 403, reason: "k is not the applicationServerKey the subscription was made with" }]);
  });

  it("answers failed without a request for input no push service would take", async () => {
    const sub = push.subscribe(VAPID_PUBLIC_KEY);
    const results = await Promise.all([
      sender.send({ ...sub, endpoint: sub.endpoint.replace("https:", "http:") }, payload),
      sender.send({ ...sub, endpoint: `https://127.0.0.1/push/${sub.id}` }, payload),
      sender.send({ ...sub, endpoint: `http://localhost.evil.example/push/${sub.id}` }, payload),
      sender.send({ ...sub, p256dh: "not-a-key" }, payload),
      sender.send({ ...sub, auth: "c2hvcnQ" }, payload),
      sender.send(sub, { ...payload, body: "x".repeat(4000) }),
      sender.send(sub, payload, { ttlSeconds: -1 }),
      sender.send(sub, payload, { topic: "has spaces" }),
    ]);
    expect(results).toEqual(Array(8).fill("failed"));
    expect(push.received).toEqual([]);
    expect(push.rejected).toEqual([]);
  });
});

describe("pushSender(env)", () => {
  const env = { SUPPORT_EMAIL: "support@fans.example" } as AppEnv;

  it("is disabled without the VAPID keys: no public key, and send fails without any request", async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    for (const partial of [{}, { VAPID_PUBLIC_KEY }, { VAPID_PRIVATE_KEY }, { VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" }]) {
      const disabled = pushSender({ ...env, ...partial }, { fetch: fetchSpy });
      expect(disabled.publicKey).toBeNull();
      expect(await disabled.send(push.subscribe(VAPID_PUBLIC_KEY), payload)).toBe("failed");
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(push.received).toEqual([]);
    expect(push.rejected).toEqual([]);
  });

  it("is live with both keys, signing as mailto:SUPPORT_EMAIL unless VAPID_SUBJECT says otherwise", async () => {
    const live = pushSender({ ...env, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY }, { fetch: push.fetch });
    expect(live.publicKey).toBe(VAPID_PUBLIC_KEY);
    expect(await live.send(push.subscribe(VAPID_PUBLIC_KEY), payload)).toBe("sent");
    const withSubject = pushSender({ ...env, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: "https://fans.example/contact" }, { fetch: push.fetch });
    expect(await withSubject.send(push.subscribe(VAPID_PUBLIC_KEY), payload)).toBe("sent");

    expect(push.received.map((r) => r.jwt.sub)).toEqual(["mailto:support@fans.example", "https://fans.example/contact"]);
  });
});

describe("the VAPID keys prepare-local makes (scripts/lib/vapid-keys.mjs)", () => {
  it("are a pair in the format the config and the sender take", async () => {
    const keys = await vapidKeyPair();
    expect(keys.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(keys.privateKey).toMatch(/^[\w-]{43}$/);
    const live = pushSender({ SUPPORT_EMAIL: "support@fans.example", VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } as AppEnv, {
      fetch: push.fetch,
    });
    expect(await live.send(push.subscribe(keys.publicKey), payload)).toBe("sent");
    expect(push.rejected).toEqual([]);
    expect(push.received.map((r) => r.vapidKey)).toEqual([keys.publicKey]);
  });
});
