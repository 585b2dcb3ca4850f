// Which push endpoints the Worker accepts and sends to: only the browsers' push services (FCM,
// Mozilla autopush, Apple, Windows), checked at registration and again before sending, so a member
// cannot make the Worker an HTTP client for an address of their choice (loopback, private ranges,
// their own server). At most PUSH_SUBSCRIPTIONS_PER_MEMBER browsers a member, and an endpoint
// registered with other keys cannot take another member's pushes.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, db, type TestUser } from "./helpers";
import { pushService } from "./push-service";
import { handleMessage } from "../../worker/services/notifications";
import { recordNotificationEvent } from "../../worker/db/notifications";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, pushEndpointAllowed } from "../../worker/contracts/push";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const D1 = appEnv.DB;
const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };
const otherKeys = { p256dh: "C".repeat(87), auth: "D".repeat(22) };

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const subscribe = (member: TestUser, endpoint: string, withKeys = keys) =>
  call("/api/notifications/push", { json: { endpoint, keys: withKeys }, cookie: member.cookie });

const rowsOf = async (userId: string) =>
  (
    await D1.prepare(`SELECT endpoint, p256dh FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, rowid`)
      .bind(userId)
      .all<{ endpoint: string; p256dh: string }>()
  ).results;

const ALLOWED = [
  "https://fcm.googleapis.com/fcm/send/abc:APA91b",
  "https://android.googleapis.com/gcm/send/abc",
  "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
  "https://web.push.apple.com/QGz3JcV",
  "https://api.push.apple.com/3/device/abc",
  "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
  "https://FCM.googleapis.com/fcm/send/upper-case-host",
];

const REFUSED = [
  "http://fcm.googleapis.com/fcm/send/plain-http",
  "http://evil.example/push",
  "http://10.0.0.1/push",
  "https://127.0.0.1/push",
  "https://10.0.0.1/push",
  "https://169.254.169.254/latest/meta-data",
  "https://evil.example/push",
  "https://localhost.evil.example/push",
  "http://localhost.evil.example/push",
  "http://127.0.0.1.nip.io/push",
  "https://fcm.googleapis.com.evil.example/fcm/send/x",
  "https://evilfcm.googleapis.com/fcm/send/x",
  "https://push.apple.com.evil.example/x",
  "https://notify.windows.com/w/bare-suffix",
  "https://fcm.googleapis.com@evil.example/fcm/send/x",
  "https://user:pass@fcm.googleapis.com/fcm/send/x",
  "https://fcm.googleapis.com:8443/fcm/send/x",
  "https://fcm.googleapis.com./fcm/send/trailing-dot",
  "ftp://fcm.googleapis.com/x",
  "javascript:alert(1)",
  "not a url",
];

describe("pushEndpointAllowed", () => {
  it.each(ALLOWED)("allows the browser push service endpoint %s", (endpoint) => {
    expect(pushEndpointAllowed(endpoint, { allowLoopback: false })).toBe(true);
  });

  it.each(REFUSED)("refuses %s, locally too", (endpoint) => {
    expect(pushEndpointAllowed(endpoint, { allowLoopback: false })).toBe(false);
    expect(pushEndpointAllowed(endpoint, { allowLoopback: true })).toBe(false);
  });

  it.each(["http://127.0.0.1:9999/push/1", "http://localhost:9999/push/1", "http://localhost/push/1"])(
    "allows the exact loopback host %s over http only when the Worker runs locally",
    (endpoint) => {
      expect(pushEndpointAllowed(endpoint, { allowLoopback: true })).toBe(true);
      expect(pushEndpointAllowed(endpoint, { allowLoopback: false })).toBe(false);
    },
  );
});

describe("POST /api/notifications/push", () => {
  it.each(REFUSED)("answers 400 invalid_input at the endpoint for %s and stores nothing", async (endpoint) => {
    const member = await createUser("user");
    const res = await subscribe(member, endpoint);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_input", field: "endpoint" } });
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it("refuses a loopback endpoint outside a local Worker (the tests run as APP_ENV=test)", async () => {
    const member = await createUser("user");
    for (const endpoint of ["http://127.0.0.1:8787/push", "http://localhost:8787/push"]) {
      const res = await subscribe(member, endpoint);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid_input", field: "endpoint" } });
    }
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it(`keeps a member's newest ${PUSH_SUBSCRIPTIONS_PER_MEMBER} browsers: one more drops the oldest`, async () => {
    const member = await createUser("user");
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_MEMBER + 2 }, (_, i) => `https://fcm.googleapis.com/fcm/send/${member.id}-${i}`);
    for (const endpoint of endpoints) expect((await subscribe(member, endpoint)).status).toBe(204);
    expect((await rowsOf(member.id)).map((r) => r.endpoint)).toEqual(endpoints.slice(2));
    // Another member's browsers are not counted against this one.
    const other = await createUser("user");
    expect((await subscribe(other, `https://fcm.googleapis.com/fcm/send/${other.id}`)).status).toBe(204);
    expect(await rowsOf(member.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });

  it("leaves another member's endpoint with them when it comes with other keys, and moves it with the same browser's keys", async () => {
    const first = await createUser("user");
    const second = await createUser("user");
    const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`;
    expect((await subscribe(first, endpoint)).status).toBe(204);

    // Someone who learnt the endpoint registers it with keys of their own: nothing changes, and
    // the answer is the same, so it does not tell whose endpoint it is.
    expect((await subscribe(second, endpoint, otherKeys)).status).toBe(204);
    expect(await rowsOf(first.id)).toEqual([{ endpoint, p256dh: keys.p256dh }]);
    expect(await rowsOf(second.id)).toEqual([]);

    // The same browser (same p256dh and auth) signed in as the second member: it is theirs now.
    expect((await subscribe(second, endpoint)).status).toBe(204);
    expect(await rowsOf(first.id)).toEqual([]);
    expect(await rowsOf(second.id)).toEqual([{ endpoint, p256dh: keys.p256dh }]);
  });
});

describe("the sender", () => {
  it("never sends to a stored endpoint that is not a push service (a row from before the allowlist)", async () => {
    const member = await createUser("user");
    const good = await pushService.subscribe(appEnv.VAPID_PUBLIC_KEY!);
    expect((await call("/api/notifications/push", { json: good, cookie: member.cookie })).status).toBe(204);
    const stored = ["https://evil.example/collect", "https://127.0.0.1/push", "http://localhost.evil.example/push"];
    for (const endpoint of stored) {
      await D1.prepare(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
        .bind(crypto.randomUUID(), member.id, endpoint, good.keys.p256dh, good.keys.auth, Date.now())
        .run();
    }
    const prefs = { paused: false, kinds: { vip_granted: { inApp: true, push: true, email: false } } };
    expect((await call("/api/notifications/preferences", { method: "PUT", json: prefs, cookie: member.cookie })).status).toBe(200);
    const event = { id: `vip_granted:${crypto.randomUUID()}`, kind: "vip_granted" as const, actorId: null, params: {}, link: "/vip" };
    expect(await recordNotificationEvent(db(), event)).toBe(true);
    await handleMessage(appEnv, db(), { type: "deliver", eventId: event.id, userIds: [member.id] });

    expect(pushService.receivedAt(good.endpoint)).toHaveLength(1);
    for (const endpoint of stored) expect(pushService.requestsTo(endpoint)).toEqual([]);
    expect(errors).toHaveBeenCalledWith("push to https://evil.example not sent: the endpoint is not a browser push service");
  });
});
