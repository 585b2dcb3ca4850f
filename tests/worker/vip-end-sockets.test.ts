// When VIP access ends (decision 040), every VIP-only socket of the member closes with 4403
// vip_ended: the chat's and the radio's (role-change.test.ts), and those in VIP-only listening
// parties (a party open to every member keeps them). The hourly cron that ends a past-due grace
// period announces it the same way as the back office and the payments webhook do.
import { createScheduledController, createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { listeningParties } from "../../worker/db/schema/music";
import { forget } from "../../worker/lib/memo";
import { ROLE_CHANGED_FRAME, SOCKET_CLOSE_VIP_ENDED, SOCKET_VIP_ENDED_REASON } from "../../worker/contracts/realtime";
import type { ChatServerFrame } from "../../worker/contracts/chat";
import type { PartyServerFrame, PartyTrack } from "../../worker/contracts/parties/parties";
import { call, createUser, db, ORIGIN, type TestUser } from "./helpers";
import { acceptSocket, type AcceptedSocket } from "./sockets";
import { DAY_MS, deliver, invoiceEvent, isVip, subscribeViaEvents } from "./payments-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const VIP_ENDED = { code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON };
const open: WebSocket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
});

type Socket = AcceptedSocket & { closedWith: Promise<{ code: number; reason: string }> };

async function connect(path: string, user: TestUser): Promise<Socket> {
  const res = await call(path, { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  open.push(ws);
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  return { ...acceptSocket(ws), closedWith };
}

const TRACKS: PartyTrack[] = [
  { id: "radio-heartline-1", title: "Radio Heartline", albumId: "radio-heartline", albumTitle: "Radio Heartline", coverUrl: null, durationSeconds: 80 },
];

/** A party of the test's own, on now (by the clock Date gives, fake or not). */
async function party(vipOnly: boolean) {
  const id = crypto.randomUUID();
  await db()
    .insert(listeningParties)
    .values({
      id,
      title: "Test party",
      sourceType: "album",
      albumId: "radio-heartline",
      sourceTitle: "Radio Heartline",
      tracks: TRACKS,
      durationSeconds: 80,
      startsAt: new Date(Date.now() - 1000),
      vipOnly,
    });
  return id;
}

async function connectParty(partyId: string, user: TestUser) {
  const socket = await connect(`/api/parties/${partyId}/live`, user);
  await socket.until((m) => m.some((x) => x.startsWith("{") && (JSON.parse(x) as PartyServerFrame).type === "welcome"));
  return socket;
}

async function connectChat(user: TestUser) {
  const socket = await connect("/api/chat/live", user);
  await socket.until((m) => m.some((x) => x.startsWith("{") && (JSON.parse(x) as ChatServerFrame).type === "history"));
  return socket;
}

let serial = 0;
async function freshStation() {
  serial++;
  const id = `zz-vipend-${serial}-${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare(
    "INSERT INTO radio_stations (id, name, description_en, description_pt_br, features, source_type, stream_url, album_ids, seed, position) VALUES (?, ?, 'en', 'pt', '[]', 'catalog', NULL, NULL, ?, ?)",
  )
    .bind(id, `VIP end ${serial}`, 300 + serial, 300 + serial)
    .run();
  forget("music:");
  return id;
}

/** Sends "ping" and waits for "pong": the socket is open and answered. */
async function stillOpen(socket: Socket) {
  const pongs = socket.messages.filter((m) => m === "pong").length;
  socket.ws.send("ping");
  await socket.until((m) => m.filter((x) => x === "pong").length > pongs);
  expect(socket.isClosed()).toBe(false);
}

const setComp = (id: string, comp: boolean, admin: TestUser) => call(`/api/admin/users/${id}/vip`, { method: "PUT", json: { comp }, cookie: admin.cookie });

describe("listening parties when VIP ends", () => {
  it("removing a comp VIP closes the member's VIP-only party socket 4403 vip_ended; an open party keeps them", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    expect((await setComp(member.id, true, admin)).status).toBe(200);
    const vipParty = await connectParty(await party(true), member);
    const openParty = await connectParty(await party(false), member);
    const otherVip = await connectParty(await party(true), await createUser("vip"));

    expect((await setComp(member.id, false, admin)).status).toBe(200);
    expect(await vipParty.closedWith).toEqual(VIP_ENDED);
    await stillOpen(openParty);
    await stillOpen(otherVip);
  });

  it("an administrator who is not VIP keeps a VIP-only party until admin is removed", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    const socket = await connectParty(await party(true), other);
    expect((await call(`/api/admin/users/${other.id}/admin`, { method: "PUT", json: { admin: false }, cookie: admin.cookie })).status).toBe(200);
    expect(await socket.closedWith).toEqual(VIP_ENDED);
  });
});

describe("the hourly cron that ends a past-due grace period announces it", () => {
  it("closes chat, radio and VIP-only party sockets 4403 vip_ended and sends role_changed to open pages", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id, { createdMs: Date.now() - 31 * DAY_MS });
    await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId }, Date.now() - 2 * DAY_MS));
    expect(await isVip(member.id)).toBe(true);

    // A day and a half later the grace period (3 days) is over, and the flag still says VIP until
    // the cron runs: the member may open every VIP socket.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1.5 * DAY_MS);
    const notices = await connect("/api/feed/notices", member);
    const chat = await connectChat(member);
    const radio = await connect(`/api/radio/stations/${await freshStation()}/live`, member);
    const vipParty = await connectParty(await party(true), member);
    const openParty = await connectParty(await party(false), member);

    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }), env, createExecutionContext());
    expect(await isVip(member.id)).toBe(false);
    expect(await chat.closedWith).toEqual(VIP_ENDED);
    expect(await radio.closedWith).toEqual(VIP_ENDED);
    expect(await vipParty.closedWith).toEqual(VIP_ENDED);
    await notices.until((m) => m.includes(ROLE_CHANGED_FRAME));
    expect(notices.isClosed()).toBe(false);
    await stillOpen(openParty);
  });

  it("a run that ends nobody's VIP tells nobody", async () => {
    const vip = await createUser("vip");
    const notices = await connect("/api/feed/notices", vip);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }), env, createExecutionContext());
    await stillOpen(notices);
    expect(notices.messages).toEqual(["pong"]);
  });
});
