// Web push end to end through the notification queue consumer (decision 044): a member
// subscribes a browser through the API, a notification is delivered, and the fake push service
// (tests/worker/push-service.ts, installed by setup.ts as the consumer's transport) checks the
// VAPID JWT and decrypts the aes128gcm body with http_ece, independently of the sender's library.
// What arrives is the member's text in their language; pauses and per-kind choices are honoured; a
// redelivered message pushes once; a subscription the push service calls gone (404/410) is deleted.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, db, type TestUser } from "./helpers";
import { pushService, type BrowserSubscription } from "./push-service";
import { handleMessage, notifyMembers } from "../../worker/services/notifications";
import { recordNotificationEvent, type NewNotificationEvent } from "../../worker/db/notifications";
import type { KindPreference, NotificationKind } from "../../worker/contracts/notifications";
import type { PushPayload } from "../../worker/contracts/push";
import { readConfig, type AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const D1 = appEnv.DB;
const BRAND = readConfig(appEnv).BRAND_NAME;

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const key = (kind: string) => `${kind}:${crypto.randomUUID()}`;

/** A member whose browser subscribed to push through the API, as the SPA does. */
async function subscribedMember(locale: "en" | "pt-BR" = "en"): Promise<{ member: TestUser; sub: BrowserSubscription }> {
  const member = await createUser("user");
  if (locale !== "en") await D1.prepare(`UPDATE users SET locale = ? WHERE id = ?`).bind(locale, member.id).run();
  const sub = await addBrowser(member);
  return { member, sub };
}

async function addBrowser(member: TestUser) {
  const sub = await pushService.subscribe(appEnv.VAPID_PUBLIC_KEY!);
  const res = await call("/api/notifications/push", { json: sub, cookie: member.cookie });
  expect(res.status).toBe(204);
  return sub;
}

async function savePreferences(member: TestUser, paused: boolean, kinds: Partial<Record<NotificationKind, KindPreference>> = {}) {
  const res = await call("/api/notifications/preferences", { method: "PUT", json: { paused, kinds }, cookie: member.cookie });
  expect(res.status).toBe(200);
}

const payloadsAt = (endpoint: string) => pushService.receivedAt(endpoint).map((p) => JSON.parse(p.plaintext) as PushPayload);

/** Waits for the queue consumer (Miniflare runs it about a second after the send) to push `count` times. */
const waitForPushes = (endpoint: string, count: number) =>
  vi.waitFor(
    () => {
      const got = pushService.receivedAt(endpoint);
      expect(got).toHaveLength(count);
      return got;
    },
    { timeout: 15_000, interval: 50 },
  );

const subscriptionCount = async (endpoint: string) =>
  (await D1.prepare(`SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?`).bind(endpoint).first<{ n: number }>())!.n;

/** Records the event and runs the consumer's handling of its deliver message, awaited (no queue). */
async function deliverNow(event: NewNotificationEvent, userIds: string[]) {
  expect(await recordNotificationEvent(db(), event)).toBe(true);
  await handleMessage(appEnv, db(), { type: "deliver", eventId: event.id, userIds });
}

// The queue consumer runs about a second after a send; a loaded machine may take longer.
describe("web push through the queue consumer", { timeout: 20_000 }, () => {
  it("pushes a mention (on by default) encrypted for the member's browser, in English, with a valid VAPID JWT", async () => {
    const { member, sub } = await subscribedMember();
    const actor = await createUser("user");
    const id = key("mention");
    await notifyMembers(appEnv, db(), { id, kind: "mention", actorId: actor.id, params: { excerpt: "see you at the show" }, link: "/social/post/p1" }, [
      member.id,
    ]);

    const [push] = await waitForPushes(sub.endpoint, 1);
    expect(JSON.parse(push!.plaintext)).toEqual({
      title: `${actor.username} mentioned you`,
      body: "“see you at the show”",
      url: "/social/post/p1",
      tag: id,
      lang: "en",
    } satisfies PushPayload);
    expect(push!.headers.urgency).toBe("normal");
    expect(push!.headers.ttl).toBe("86400");
    expect(push!.jwt.aud).toBe("https://updates.push.services.mozilla.com");
    expect(push!.jwt.sub).toBe(`mailto:${appEnv.SUPPORT_EMAIL}`);
    expect(pushService.refused()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("pushes a kind the member turned push on for, in Portuguese for a pt-BR member", async () => {
    const { member, sub } = await subscribedMember("pt-BR");
    await savePreferences(member, false, { vip_granted: { inApp: true, push: true, email: false } });
    const id = key("vip_granted");
    await notifyMembers(appEnv, db(), { id, kind: "vip_granted", actorId: null, params: {}, link: "/vip" }, [member.id]);

    await waitForPushes(sub.endpoint, 1);
    expect(payloadsAt(sub.endpoint)).toEqual([{ title: "Agora você é VIP", body: `Boas-vindas ao VIP de ${BRAND}.`, url: "/vip", tag: id, lang: "pt-BR" }]);
    expect(pushService.refused()).toEqual([]);
  });

  it("sends an urgent kind (payment_failed) with Urgency: high", async () => {
    const { member, sub } = await subscribedMember();
    await savePreferences(member, false, { payment_failed: { inApp: true, push: true, email: false } });
    await notifyMembers(appEnv, db(), { id: key("payment_failed"), kind: "payment_failed", actorId: null, params: {}, link: "/account" }, [member.id]);

    const [push] = await waitForPushes(sub.endpoint, 1);
    expect(push!.headers.urgency).toBe("high");
    expect(JSON.parse(push!.plaintext)).toMatchObject({ title: "Your VIP payment failed", lang: "en" });
  });

  it("pushes nothing to a member who paused, or who turned push off for the kind, though their centre gets it", async () => {
    const wanting = await subscribedMember();
    const paused = await subscribedMember();
    const quiet = await subscribedMember();
    await savePreferences(paused.member, true);
    await savePreferences(quiet.member, false, { mention: { inApp: true, push: false, email: true } });
    const id = key("mention");
    await deliverNow({ id, kind: "mention", actorId: null, params: { excerpt: "hi" }, link: "/" }, [wanting.member.id, paused.member.id, quiet.member.id]);

    expect(payloadsAt(wanting.sub.endpoint)).toHaveLength(1);
    expect(pushService.requestsTo(paused.sub.endpoint)).toEqual([]);
    expect(pushService.requestsTo(quiet.sub.endpoint)).toEqual([]);
    const written = await D1.prepare(`SELECT user_id FROM notifications WHERE event_id = ?`).bind(id).all<{ user_id: string }>();
    expect(written.results.map((r) => r.user_id).sort()).toEqual([wanting.member.id, paused.member.id, quiet.member.id].sort());
  });

  it("pushes once when the queue delivers the same message twice", async () => {
    const { member, sub } = await subscribedMember();
    const event: NewNotificationEvent = { id: key("mention"), kind: "mention", actorId: null, params: { excerpt: "again" }, link: "/" };
    await deliverNow(event, [member.id]);
    await handleMessage(appEnv, db(), { type: "deliver", eventId: event.id, userIds: [member.id] });
    expect(pushService.requestsTo(sub.endpoint)).toEqual([{ endpoint: sub.endpoint, status: 201 }]);
    expect(payloadsAt(sub.endpoint)).toHaveLength(1);
  });

  it.each([410, 404])("deletes the subscription the push service answers %i for, and keeps the member's other browser", async (status) => {
    const { member, sub } = await subscribedMember();
    const other = await addBrowser(member);
    pushService.answer(sub.endpoint, status);
    await notifyMembers(appEnv, db(), { id: key("mention"), kind: "mention", actorId: null, params: {}, link: "/" }, [member.id]);

    await vi.waitFor(async () => expect(await subscriptionCount(sub.endpoint)).toBe(0), { timeout: 15_000, interval: 50 });
    expect(pushService.requestsTo(sub.endpoint)).toEqual([{ endpoint: sub.endpoint, status }]);
    await waitForPushes(other.endpoint, 1);
    expect(await subscriptionCount(other.endpoint)).toBe(1);
  });

  it("keeps the subscription when the push service fails (500)", async () => {
    const { member, sub } = await subscribedMember();
    pushService.answer(sub.endpoint, 500);
    await deliverNow({ id: key("mention"), kind: "mention", actorId: null, params: {}, link: "/" }, [member.id]);

    expect(pushService.requestsTo(sub.endpoint)).toEqual([{ endpoint: sub.endpoint, status: 500 }]);
    expect(await subscriptionCount(sub.endpoint)).toBe(1);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^push to https:\/\/updates\.push\.services\.mozilla\.com failed: HTTP 500$/));
  });
});
