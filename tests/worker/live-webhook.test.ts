// Cloudflare Stream's notices to POST /api/webhooks/stream (decision 113): the signature
// (good, bad, malformed, too old), each notice applied once however often it comes, one older than
// a notice applied changing nothing, the recording's video id taken from a video notice, and the
// live notification going once when the provider's start and the control room's start both come;
// a disconnect keeps the show on for the reconnect window (fake clock), a reconnect within it takes
// the drop back, and after it the show ends at the drop, once, with its room told.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, errorOf } from "./helpers";
import { callWith, fakeClock, seedShow, showRow, viewOf } from "./live-fixtures";
import { connect, ofType, room, welcomeOf } from "./room-fixtures";
import { LIVE_RECONNECT_WINDOW_MS } from "../../worker/contracts/live-limits";
import { streamWebhookSignature } from "../../worker/lib/stream-webhook-signature";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SECRET = "stream-webhook-secret-for-tests";
const VARS = { STREAM_WEBHOOK_SECRET: SECRET };

let serial = 0;
const inputId = () => `input${++serial}${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;

const notice = (input: string, type: string, at: number) =>
  JSON.stringify({
    name: "Live Webhook",
    text: `Event type: ${type}`,
    data: { notification_name: "Stream Live Input", input_id: input, event_type: type, updated_at: new Date(at).toISOString() },
    ts: Math.floor(at / 1000),
  });

async function send(body: string, { secret = SECRET, time = Math.floor(Date.now() / 1000), header }: { secret?: string; time?: number; header?: string } = {}) {
  const signature = header ?? (await streamWebhookSignature(secret, body, time));
  return callWith(VARS, "/api/webhooks/stream", { method: "POST", body, headers: { "webhook-signature": signature, "content-type": "application/json" } });
}

async function streamShow(seed: Parameters<typeof seedShow>[0] = {}) {
  const input = inputId();
  const eventId = await seedShow({ provider: "stream", streamInputId: input, ...seed });
  return { eventId, input };
}

beforeAll(async () => {
  await createUser("user");
});
afterEach(() => vi.useRealTimers());

describe("the signature", () => {
  it("refuses a notice unsigned, malformed, signed with another secret or too old, and changes nothing", async () => {
    const { eventId, input } = await streamShow();
    const body = notice(input, "live_input.connected", Date.now());
    const cases: [Response, number][] = [
      [await send(body, { header: "" }), 400],
      [await send(body, { header: "time=abc,sig1=zz" }), 400],
      [await send(body, { secret: "another-secret" }), 401],
      [await send(body, { time: Math.floor(Date.now() / 1000) - 301 }), 401],
    ];
    for (const [res, status] of cases) expect([res.status, (await errorOf(res)).code]).toEqual([status, "invalid_signature"]);
    expect((await showRow(eventId))!.state).toBe("scheduled");
    // The same body signed now applies.
    expect((await send(body)).status).toBe(200);
    expect((await showRow(eventId))!.state).toBe("live");
    // Without a secret configured the endpoint does not exist.
    const unset = await callWith({}, "/api/webhooks/stream", {
      method: "POST",
      body,
      headers: { "webhook-signature": await streamWebhookSignature(SECRET, body, Math.floor(Date.now() / 1000)) },
    });
    expect([unset.status, (await errorOf(unset)).code]).toEqual([404, "not_found"]);
  });
});

describe("state changes", () => {
  it("connected puts the show on air once; disconnected ends it after the reconnect window; each notice replayed changes nothing", async () => {
    const { eventId, input } = await streamShow();
    const t0 = Date.now() - 10 * 60_000;
    const connected = notice(input, "live_input.connected", t0);
    for (let i = 0; i < 3; i++) expect((await send(connected)).status).toBe(200);
    expect(await showRow(eventId)).toMatchObject({ state: "live", started_at: t0 });
    const disconnected = notice(input, "live_input.disconnected", t0 + 60_000);
    expect((await send(disconnected)).status).toBe(200);
    expect(await showRow(eventId)).toMatchObject({ state: "live", source_lost_at: t0 + 60_000 });
    // Its window long past, the next read of the show ends it at the drop.
    expect((await viewOf(eventId, await createUser("user"))).body.state).toBe("replay");
    expect(await showRow(eventId)).toMatchObject({ state: "ended", started_at: t0, ended_at: t0 + 60_000 });
    // The same notices again, and a reconnect older than the end: nothing moves.
    await send(connected);
    await send(disconnected);
    await send(notice(input, "live_input.connected", t0 + 30_000));
    expect(await showRow(eventId)).toMatchObject({ state: "ended", started_at: t0, ended_at: t0 + 60_000 });
    const applied = await D1.prepare("SELECT count(*) AS n FROM live_state_events WHERE event_id = ?").bind(eventId).first<{ n: number }>();
    expect(applied!.n).toBe(3);
  });

  it("a drop keeps the show on for the reconnect window; a reconnect within it goes on; after it the show ends at the drop, once, its room told", async () => {
    const { eventId, input } = await streamShow();
    const roomId = await room();
    await D1.prepare("UPDATE live_shows SET room_id = ? WHERE event_id = ?").bind(roomId, eventId).run();
    const member = await createUser("user");
    const t0 = Date.now();
    const move = fakeClock(t0);
    await send(notice(input, "live_input.connected", t0));
    // A short drop: still live a millisecond before the window closes, and the reconnect takes it back.
    await send(notice(input, "live_input.disconnected", t0 + 60_000));
    move(t0 + 60_000 + LIVE_RECONNECT_WINDOW_MS - 1);
    expect((await viewOf(eventId, member)).body.state).toBe("live");
    const back = await send(notice(input, "live_input.connected", t0 + 60_000 + LIVE_RECONNECT_WINDOW_MS - 1_000));
    expect(((await back.json()) as { applied: boolean }).applied).toBe(true);
    expect(await showRow(eventId)).toMatchObject({ state: "live", started_at: t0, source_lost_at: null });
    move(t0 + 10 * 60_000);
    expect((await viewOf(eventId, member)).body.state).toBe("live");

    // A drop that lasts: live until the window closes, then ended at the drop, and the room's pages told once.
    const socket = await connect(roomId, member);
    await welcomeOf(socket);
    const lost = t0 + 10 * 60_000;
    await send(notice(input, "live_input.disconnected", lost));
    move(lost + LIVE_RECONNECT_WINDOW_MS - 1);
    expect((await viewOf(eventId, member)).body.state).toBe("live");
    expect(ofType(socket, "show_ended")).toHaveLength(0);
    move(lost + LIVE_RECONNECT_WINDOW_MS);
    const views = await Promise.all([viewOf(eventId, member), viewOf(eventId, member)]);
    expect(views.map((v) => v.body.state)).toEqual(["replay", "replay"]);
    expect(await showRow(eventId)).toMatchObject({ state: "ended", ended_at: lost });
    await socket.until((messages) => messages.some((m) => m.includes('"show_ended"')));
    // A reconnect too late changes nothing.
    await send(notice(input, "live_input.connected", lost + LIVE_RECONNECT_WINDOW_MS + 1_000));
    expect(await showRow(eventId)).toMatchObject({ state: "ended", ended_at: lost });
    expect(ofType(socket, "show_ended")).toHaveLength(1);
    socket.ws.close();
  });

  it("out of order: the end arriving before the start leaves the start (older) unapplied", async () => {
    const { eventId, input } = await streamShow();
    const t0 = Date.now() - 10 * 60_000;
    await send(notice(input, "live_input.disconnected", t0 + 60_000));
    expect((await showRow(eventId))!.state).toBe("scheduled");
    const late = await send(notice(input, "live_input.connected", t0));
    expect(((await late.json()) as { applied: boolean }).applied).toBe(false);
    expect(await showRow(eventId)).toMatchObject({ state: "scheduled", started_at: null });
    // A newer connect still applies.
    await send(notice(input, "live_input.connected", t0 + 120_000));
    expect(await showRow(eventId)).toMatchObject({ state: "live", started_at: t0 + 120_000 });
  });

  it("an unknown input, an error notice and other notices change nothing", async () => {
    const { eventId, input } = await streamShow();
    for (const body of [
      notice("unknown-input", "live_input.connected", Date.now()),
      notice(input, "live_input.errored", Date.now()),
      JSON.stringify({ hello: "world" }),
    ]) {
      const res = await send(body);
      expect([res.status, ((await res.json()) as { applied: boolean }).applied]).toEqual([200, false]);
    }
    expect((await showRow(eventId))!.state).toBe("scheduled");
    const broken = await send("{not json");
    expect([broken.status, (await errorOf(broken)).code]).toEqual([400, "bad_request"]);
  });

  it("a video notice of the input's recording keeps its id for the replay", async () => {
    const { eventId, input } = await streamShow({ state: "ended" });
    await send(JSON.stringify({ uid: "video-uid-1", readyToStream: true, liveInput: input, status: { state: "ready" } }));
    expect((await showRow(eventId))!.stream_video_uid).toBe("video-uid-1");
  });
});

describe("the live notification", () => {
  it("goes once when the provider's start and the control room's start both come", async () => {
    const { eventId, input } = await streamShow({ access: "members" });
    const fan = await createUser("user");
    await D1.prepare("INSERT INTO event_reminders (id, event_id, user_id, email, status, notified_start, created_at) VALUES (?, ?, ?, ?, 'active', ?, ?)")
      .bind(crypto.randomUUID(), eventId, fan.id, fan.email, Date.now(), Date.now())
      .run();
    expect((await send(notice(input, "live_input.connected", Date.now() - 1000))).status).toBe(200);
    const admin = await createUser("admin");
    const start = await callWith(VARS, `/api/admin/live/${eventId}/start`, { method: "POST", cookie: admin.cookie });
    expect([start.status, (await errorOf(start)).code]).toEqual([409, "already_live"]);
    const told = () =>
      D1.prepare("SELECT count(*) AS n FROM notifications n JOIN notification_events e ON e.id = n.event_id WHERE n.user_id = ? AND e.kind = 'show_live'")
        .bind(fan.id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    await vi.waitFor(async () => expect(await told()).toBe(1), { timeout: 5000, interval: 50 });
    expect((await showRow(eventId))!.live_notified_at).not.toBeNull();
  });
});
