// Community rooms (decision 106): GET /api/rooms, GET /api/rooms/:id/messages and the socket at
// GET /api/rooms/:id/live with the RoomHub behind it. Who may read and write (members, a tier or
// higher, ticket holders, fan moderators, admins; visitors and banned members not at all), bad
// frames refused with a code and nothing stored, racing messages kept in one order, a reconnect
// that says its last message getting exactly the ones it missed, a resend stored once, slow mode
// at its boundary, the unread counts, and sockets closing when the session or the tier ends.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { roomHub } from "../../worker/services/realtime/room-hub";
import { accessChanged } from "../../worker/services/access-changed";
import { SOCKET_CLOSE_SESSION_ENDED, SOCKET_CLOSE_VIP_ENDED } from "../../worker/contracts/realtime";
import { ROOM_CATCH_UP_MAX, ROOM_MESSAGE_MAX, type RoomsResponse, type RoomHistoryResponse } from "../../worker/contracts/rooms/rooms";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";
import {
  addInnerCircle,
  clientId,
  connect,
  errorsOf,
  framesOf,
  history,
  ofType,
  room,
  roundTrip,
  say,
  stored,
  texts,
  upgrade,
  welcomeOf,
  type Socket,
} from "./room-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
});

afterEach(() => vi.useRealTimers());

describe("who may read a room", () => {
  it("a visitor sees every room's name and what opens it, no unread counts", async () => {
    const general = await room();
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const res = await call("/api/rooms");
    expect(res.status).toBe(200);
    const { rooms } = (await res.json()) as RoomsResponse;
    expect(rooms.find((r) => r.id === general)).toMatchObject({
      locked: "sign_in",
      writeLocked: "sign_in",
      unread: null,
      name: { en: expect.any(String), ptBR: expect.any(String) },
    });
    expect(rooms.find((r) => r.id === lounge)).toMatchObject({ locked: "sign_in", read: { kind: "tier", tierId: "vip", eventId: null } });
  });

  it("the tier rule admits that tier and higher, fan moderators and admins; others get 403 tier_required on every route", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const top = await room({ read: { access: "tier", tierId: "inner-circle" } });
    const [member, vip, inner, admin, moderator] = await Promise.all([
      createUser("user"),
      createUser("vip"),
      createUser("vip", { tierId: "inner-circle" }),
      createUser("admin"),
      createUser("user"),
    ]);
    await env.DB.prepare("INSERT INTO room_moderators (room_id, user_id, named_at) VALUES (?, ?, ?)").bind(top, moderator.id, Date.now()).run();
    const cases: [TestUser, string, number][] = [
      [member, lounge, 403],
      [vip, lounge, 200],
      [inner, lounge, 200],
      [member, top, 403],
      [vip, top, 403],
      [inner, top, 200],
      [admin, top, 200],
      [moderator, top, 200],
    ];
    for (const [who, roomId, status] of cases) {
      const read = await history(roomId, who);
      expect([who.username, roomId, read.status]).toEqual([who.username, roomId, status]);
      if (status === 403) expect((read.body as { code: string }).code).toBe("tier_required");
      const socket = await upgrade(roomId, who);
      expect(socket.status).toBe(status === 200 ? 101 : 403);
      if (socket.status === 101) acceptSocket(socket.webSocket!).ws.close(1000, "done");
      else expect((await errorOf(socket)).code).toBe("tier_required");
    }
    const { rooms } = (await (await call("/api/rooms", { cookie: vip.cookie })).json()) as RoomsResponse;
    expect(rooms.find((r) => r.id === lounge)).toMatchObject({ locked: null, writeLocked: null, unread: 0 });
    expect(rooms.find((r) => r.id === top)).toMatchObject({ locked: "tier_required", unread: null, lastMessageAt: null });
  });

  it("the ticket rule admits holders of a valid ticket to its event, not a refunded one", async () => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const show = await room({ read: { access: "ticket", eventId }, write: { access: "ticket", eventId } });
    const [holder, refunded, other] = await Promise.all([createUser("user"), createUser("user"), createUser("vip")]);
    await insertIssuedTickets({ eventId, ticketTypeId: typeId, userId: holder.id, email: holder.email });
    await insertIssuedTickets({ eventId, ticketTypeId: typeId, userId: refunded.id, email: refunded.email, status: "refunded" });
    expect((await history(show, holder)).status).toBe(200);
    for (const who of [refunded, other]) {
      const read = await history(show, who);
      expect(read.status).toBe(403);
      expect((read.body as { code: string }).code).toBe("ticket_required");
    }
  });

  it("a visitor, a banned member, an unknown room, a bad id, a bad cursor and a foreign Origin are refused", async () => {
    const general = await room();
    const banned = await createUser("banned");
    const member = await createUser("user");
    expect((await call(`/api/rooms/${general}/messages`)).status).toBe(401);
    expect((await upgrade(general, null)).status).toBe(401);
    expect((await call(`/api/rooms/${general}/messages`, { cookie: banned.cookie })).status).toBe(401);
    expect((await upgrade(general, banned)).status).toBe(401);
    const unknown = await history("no-such-room", member);
    expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([404, "room_not_found"]);
    expect((await call("/api/rooms/Bad_Id!/messages", { cookie: member.cookie })).status).toBe(400);
    expect((await call(`/api/rooms/${general}/messages?before=-1`, { cookie: member.cookie })).status).toBe(400);
    expect((await upgrade(general, member, { after: "x" })).status).toBe(400);
    const foreign = await upgrade(general, member, { origin: "https://evil.test" });
    expect([foreign.status, (await errorOf(foreign)).code]).toEqual([403, "origin_refused"]);
  });
});

describe("messages in a room", () => {
  it("reach everyone in the room at once, in the order the room took them, and the history keeps that order", async () => {
    const general = await room();
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser("user")));
    const sockets = await Promise.all(members.map((m) => connect(general, m)));
    await Promise.all(sockets.map(welcomeOf));
    // 20 messages racing from four sockets at once.
    for (let i = 0; i < 20; i++) say(sockets[i % 4]!, `message ${i}`);
    await Promise.all(sockets.map((s) => s.until((m) => framesOf(m).filter((f) => f.type === "message").length === 20)));
    const order = ofType(sockets[0]!, "message").map((f) => f.message.seq);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const socket of sockets) expect(texts(socket)).toEqual(texts(sockets[0]!));
    const { messages } = await stored(general);
    expect(messages.map((m) => m.text)).toEqual(texts(sockets[0]!));
    // Each sender's own messages keep the order they were sent in.
    expect(texts(sockets[1]!).filter((t) => [1, 5, 9, 13, 17].includes(Number(t.split(" ")[1])))).toEqual([
      "message 1",
      "message 5",
      "message 9",
      "message 13",
      "message 17",
    ]);
  });

  it("each message carries its author's tier badge as it was when they sent it; a free member's none", async () => {
    const general = await room();
    const [inner, member] = await Promise.all([createUser("vip", { tierId: "inner-circle" }), createUser("user")]);
    const a = await connect(general, inner);
    const b = await connect(general, member);
    await Promise.all([welcomeOf(a), welcomeOf(b)]);
    say(a, "from the top tier");
    await b.until((m) => texts({ messages: m } as Socket).includes("from the top tier"));
    say(b, "from a free member");
    await a.until((m) => texts({ messages: m } as Socket).includes("from a free member"));
    const tiers = (await stored(general)).messages.map((m) => [m.text, m.tier?.id ?? null, m.tier?.name.ptBR ?? null]);
    expect(tiers).toEqual([
      ["from the top tier", "inner-circle", "Círculo Íntimo"],
      ["from a free member", null, null],
    ]);
    expect(ofType(b, "message")[0]!.message.tier).toMatchObject({ id: "inner-circle", color: "#7c3aed" });
  });

  it("bad frames are refused with a code and nothing is stored", async () => {
    const general = await room();
    const member = await createUser("user");
    const socket = await connect(general, member);
    await welcomeOf(socket);
    const frames = [
      "not json",
      JSON.stringify({ type: "send", clientId: clientId(), text: "" }),
      JSON.stringify({ type: "send", clientId: clientId(), text: "x".repeat(ROOM_MESSAGE_MAX + 1) }),
      JSON.stringify({ type: "send", clientId: clientId(), text: "broken \uD800 surrogate" }),
      JSON.stringify({ type: "send", clientId: "short", text: "hi" }),
      JSON.stringify({ type: "shout", text: "hi" }),
    ];
    for (const frame of frames) socket.ws.send(frame);
    await roundTrip(socket);
    expect(errorsOf(socket)).toEqual(["bad_frame", "empty_message", "message_too_long", "invalid_characters", "bad_frame", "bad_frame"]);
    say(socket, "x".repeat(ROOM_MESSAGE_MAX));
    await socket.until((m) => framesOf(m).some((f) => f.type === "message"));
    expect((await stored(general)).messages).toHaveLength(1);
  });

  it("a reconnect that says its last message gets exactly the ones it missed; a resend is stored once", async () => {
    const general = await room();
    const [writer, reader] = await Promise.all([createUser("user"), createUser("user")]);
    const w = await connect(general, writer);
    await welcomeOf(w);
    for (let i = 1; i <= 5; i++) say(w, `m${i}`);
    await w.until((m) => framesOf(m).filter((f) => f.type === "message").length === 5);
    const again = await connect(general, reader, 2);
    const welcome = await welcomeOf(again);
    expect(welcome.messages.map((m) => m.text)).toEqual(["m3", "m4", "m5"]);
    expect([welcome.gap, welcome.lastSeq]).toEqual([false, 5]);
    const upToDate = await welcomeOf(await connect(general, reader, 5));
    expect(upToDate.messages).toEqual([]);

    // The same client id sent again (the first send's answer was lost with the connection).
    const id = clientId();
    say(w, "once", id);
    await w.until((m) => texts({ messages: m } as Socket).includes("once"));
    say(w, "once", id);
    await roundTrip(w);
    expect(ofType(w, "message").filter((f) => f.clientId === id)).toHaveLength(2);
    await roundTrip(again);
    expect(texts(again).filter((t) => t === "once")).toHaveLength(1);
    expect((await stored(general)).messages.filter((m) => m.text === "once")).toHaveLength(1);
  });

  it("a reconnect that missed more than the catch-up gets the newest and a gap; the history pages back to the start", async () => {
    const general = await room();
    const member = await createUser("user");
    await runInRoom(general, (sql) => {
      for (let i = 1; i <= ROOM_CATCH_UP_MAX + 10; i++)
        sql.exec("INSERT INTO messages (user_id, username, client_id, text, at) VALUES (?, 'old', ?, ?, ?)", member.id, `seed-${i}`, `old ${i}`, i);
      sql.exec("INSERT INTO meta (key, value) VALUES ('roomId', ?)", general);
    });
    const welcome = await welcomeOf(await connect(general, member, 1));
    expect(welcome.gap).toBe(true);
    expect(welcome.messages.at(-1)?.seq).toBe(ROOM_CATCH_UP_MAX + 10);
    let before: number | undefined;
    const seen: number[] = [];
    for (;;) {
      const page = await history(general, member, before);
      expect(page.status).toBe(200);
      const body = page.body as RoomHistoryResponse;
      seen.unshift(...body.messages.map((m) => m.seq));
      if (!body.more) break;
      before = body.messages[0]!.seq;
    }
    expect(seen).toEqual(Array.from({ length: ROOM_CATCH_UP_MAX + 10 }, (_, i) => i + 1));
  });

  it("slow mode holds a member's next message until its time, to the second", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 12) });
    const slow = await room({ slowModeSeconds: 30 });
    const member = await createUser("user");
    const socket = await connect(slow, member);
    await welcomeOf(socket);
    say(socket, "first");
    await socket.until((m) => texts({ messages: m } as Socket).includes("first"));
    vi.setSystemTime(Date.now() + 29_000);
    say(socket, "too soon");
    await roundTrip(socket);
    expect(ofType(socket, "error").at(-1)).toMatchObject({ code: "rate_limited", retryAfter: 1 });
    vi.setSystemTime(Date.now() + 1_000);
    say(socket, "in time");
    await socket.until((m) => texts({ messages: m } as Socket).includes("in time"));
    expect((await stored(slow)).messages.map((m) => m.text)).toEqual(["first", "in time"]);
  });

  it("a reader without the write rule, and anyone in an archived room, may read but not write", async () => {
    const announcements = await room({ write: { access: "tier", tierId: "inner-circle" } });
    const archived = await room({ archived: true });
    const [member, admin] = await Promise.all([createUser("user"), createUser("admin")]);
    const a = await connect(announcements, member);
    expect((await welcomeOf(a)).mayWrite).toBe(false);
    say(a, "hello");
    const b = await connect(archived, admin);
    expect((await welcomeOf(b)).mayWrite).toBe(false);
    say(b, "hello");
    await Promise.all([roundTrip(a), roundTrip(b)]);
    expect([errorsOf(a), errorsOf(b)]).toEqual([["write_refused"], ["archived"]]);
    expect([(await stored(announcements)).messages, (await stored(archived)).messages]).toEqual([[], []]);
  });

  it("the list counts each member's unread messages from what they said they read", async () => {
    const general = await room();
    const [writer, reader] = await Promise.all([createUser("user"), createUser("user")]);
    const w = await connect(general, writer);
    await welcomeOf(w);
    for (let i = 1; i <= 3; i++) say(w, `m${i}`);
    await w.until((m) => framesOf(m).filter((f) => f.type === "message").length === 3);
    await vi.waitUntil(async () => (await env.DB.prepare("SELECT last_seq FROM rooms WHERE id = ?").bind(general).first<number>("last_seq")) === 3);
    const unread = async (who: TestUser) =>
      ((await (await call("/api/rooms", { cookie: who.cookie })).json()) as RoomsResponse).rooms.find((r) => r.id === general)!.unread;
    expect(await unread(reader)).toBe(3);
    const r = await connect(general, reader);
    await welcomeOf(r);
    r.ws.send(JSON.stringify({ type: "read", seq: 2 }));
    await vi.waitUntil(async () => (await unread(reader)) === 1);
    // Never backwards, never past the newest.
    r.ws.send(JSON.stringify({ type: "read", seq: 1 }));
    r.ws.send(JSON.stringify({ type: "read", seq: 99 }));
    await vi.waitUntil(async () => (await unread(reader)) === 0);
    const row = await env.DB.prepare("SELECT last_read_seq, posted FROM room_members WHERE room_id = ? AND user_id = ?").bind(general, writer.id).first();
    expect(row).toEqual({ last_read_seq: 0, posted: 1 });
  });
});

describe("sockets close when access ends", () => {
  it("signing out closes the member's room sockets with 4401", async () => {
    const general = await room();
    const member = await createUser("user");
    const socket = await connect(general, member);
    await welcomeOf(socket);
    expect((await call("/api/auth/logout", { method: "POST", cookie: member.cookie })).status).toBe(204);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });

  it("losing the tier closes the sockets of rooms it opened and tells the others they may no longer write", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const talk = await room({ write: { access: "tier", tierId: "vip" } });
    const vip = await createUser("vip");
    const inLounge = await connect(lounge, vip);
    const inTalk = await connect(talk, vip);
    expect((await welcomeOf(inTalk)).mayWrite).toBe(true);
    await welcomeOf(inLounge);
    await env.DB.prepare("UPDATE users SET is_vip = 0, tier_id = NULL WHERE id = ?").bind(vip.id).run();
    await accessChanged(env, db(), { kind: "roles", userId: vip.id });
    expect((await inLounge.closed).code).toBe(SOCKET_CLOSE_VIP_ENDED);
    await inTalk.until((m) => framesOf(m).some((f) => f.type === "access"));
    expect(ofType(inTalk, "access")).toEqual([{ type: "access", mayWrite: false }]);
    say(inTalk, "still here?");
    await roundTrip(inTalk);
    expect(errorsOf(inTalk)).toEqual(["write_refused"]);
  });
});

/** Runs `fill` against the room object's own SQLite (to seed a long history quickly). */
async function runInRoom(roomId: string, fill: (sql: SqlStorage) => void) {
  const { runInDurableObject } = await import("cloudflare:test");
  await runInDurableObject(roomHub(env, roomId), (_object, state) => fill(state.storage.sql));
}
