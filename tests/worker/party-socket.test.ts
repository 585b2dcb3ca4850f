// GET /api/parties/:id/live and the PartyRoom behind it: who may open a socket (session, VIP for
// a VIP party, Origin) and when (from 15 minutes before the start to the end), what a late joiner
// is told (the current position, on a fake clock), listeners, reactions and chat reaching everyone,
// the 10-frames-a-second limit per socket and the members' message cap, an admin's removal and
// mute, the end's summary, and sockets closing with 4401 when their session ends.
//
// Every test schedules a party of its own (a row inserted for it), so each has a fresh room.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listeningParties } from "../../worker/db/schema/music";
import { users } from "../../worker/db/schema/accounts";
import { partyRoom } from "../../worker/services/realtime/party-room";
import type { PartyRoom } from "../../worker/durable-objects/PartyRoom";
import type { RoomHub } from "../../worker/durable-objects/room/RoomHub";
import { roomHub } from "../../worker/services/realtime/room-hub";
import { partyRoomId } from "../../worker/contracts/parties/chat";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import { PARTY_EVENTS_PER_SECOND, type PartyServerFrame, type PartyTrack } from "../../worker/contracts/parties/parties";
import { call, createUser, db, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";

const MIN = 60_000;
const TRACKS: PartyTrack[] = [
  { id: "radio-heartline-1", title: "Radio Heartline", albumId: "radio-heartline", albumTitle: "Radio Heartline", coverUrl: null, durationSeconds: 80 },
  {
    id: "radio-heartline-2",
    title: "Radio Heartline (Extended Mix)",
    albumId: "radio-heartline",
    albumTitle: "Radio Heartline",
    coverUrl: null,
    durationSeconds: 38,
  },
  {
    id: "radio-heartline-3",
    title: "Saturday on Bergen Street",
    albumId: "radio-heartline",
    albumTitle: "Radio Heartline",
    coverUrl: null,
    durationSeconds: 48,
  },
];
const LENGTH_MS = (80 + 38 + 48) * 1000;

/** A party of the test's own, starting at `startsAt`. */
async function party({ startsAt = Date.now() - 1000, vipOnly = false }: { startsAt?: number; vipOnly?: boolean } = {}) {
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
      durationSeconds: LENGTH_MS / 1000,
      startsAt: new Date(startsAt),
      vipOnly,
    });
  return { id, startsAt };
}

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

const upgrade = (partyId: string, user: TestUser | null, headers: Record<string, string> = { origin: ORIGIN }) =>
  call(`/api/parties/${partyId}/live`, { cookie: user?.cookie, headers: { upgrade: "websocket", ...headers } });

async function connect(partyId: string, user: TestUser) {
  const res = await upgrade(partyId, user);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  open.push(ws);
  return acceptSocket(ws);
}
type Socket = Awaited<ReturnType<typeof connect>>;

const framesOf = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as PartyServerFrame);
const ofType = <T extends PartyServerFrame["type"]>(socket: Socket, type: T) =>
  framesOf(socket.messages).filter((f): f is Extract<PartyServerFrame, { type: T }> => f.type === type);
const welcomeOf = async (socket: Socket) => {
  await socket.until((m) => framesOf(m).some((f) => f.type === "welcome"));
  return ofType(socket, "welcome")[0]!;
};
const untilCount = (socket: Socket, count: number) =>
  socket.until(
    (m) =>
      framesOf(m)
        .filter((f) => f.type === "listeners")
        .at(-1)?.count === count,
  );
const reactionsSeen = (socket: Socket) => ofType(socket, "reactions").flatMap((f) => f.reactions);
const errorsOf = (socket: Socket) => ofType(socket, "error").map((f) => f.code);
const send = (socket: Socket, frame: unknown) => socket.ws.send(JSON.stringify(frame));
/** Sends a sync frame and waits for its answer: every frame sent before it has been handled. */
let syncSerial = 0;
async function roundTrip(socket: Socket) {
  const id = ++syncSerial;
  send(socket, { type: "sync", id });
  await socket.until((m) => framesOf(m).some((f) => f.type === "sync" && f.id === id));
}

describe("GET /api/parties/:id/live: who may open it", () => {
  const matrix: [Role, boolean, number, string | null][] = [
    ["visitor", false, 401, "unauthorized"],
    ["banned", false, 401, "unauthorized"],
    ["user", false, 101, null],
    ["user", true, 403, "vip_required"],
    ["vip", true, 101, null],
    ["admin", true, 101, null],
  ];
  it.each(matrix)("%s on a party VIP only=%s: %i %s", async (role, vipOnly, status, code) => {
    const { id } = await party({ vipOnly });
    const res = await upgrade(id, role === "visitor" ? null : await createUser(role as Exclude<Role, "visitor">));
    expect(res.status).toBe(status);
    if (code) {
      expect((await errorOf(res)).code).toBe(code);
      expect(res.webSocket).toBeNull();
    } else {
      open.push(acceptSocket(res.webSocket!).ws);
    }
  });

  it.each([
    ["another site", "https://evil.test"],
    ["the same host over http", "http://fans.test"],
    ["no Origin at all", null],
  ])("refuses an upgrade from %s with a VIP's cookie (403 origin_refused)", async (_label, origin) => {
    const { id } = await party();
    const res = await upgrade(id, await createUser("vip"), origin ? { origin } : {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
  });

  it("asks for an upgrade (400 upgrade_required), refuses a malformed id (400) and an unknown party (404)", async () => {
    const vip = await createUser("vip");
    const { id } = await party();
    const plain = await call(`/api/parties/${id}/live`, { cookie: vip.cookie, headers: { origin: ORIGIN } });
    expect(plain.status).toBe(400);
    expect((await errorOf(plain)).code).toBe("upgrade_required");
    const bad = await upgrade("nope", vip);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
    const missing = await upgrade(crypto.randomUUID(), vip);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("party_not_found");
  });

  it("refuses a join before the 15-minute window (409 party_not_open) and after the end (409 party_ended); opens inside it with a countdown's welcome", async () => {
    const vip = await createUser("vip");
    const early = await party({ startsAt: Date.now() + 16 * MIN });
    const res = await upgrade(early.id, vip);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("party_not_open");

    const over = await party({ startsAt: Date.now() - LENGTH_MS - 1000 });
    const ended = await upgrade(over.id, vip);
    expect(ended.status).toBe(409);
    expect((await errorOf(ended)).code).toBe("party_ended");

    const soon = await party({ startsAt: Date.now() + 14 * MIN });
    const welcome = await welcomeOf(await connect(soon.id, vip));
    expect(welcome).toMatchObject({ phase: "open", position: null, summary: null, muted: false });
  });
});

describe("PartyRoom: the shared clock", () => {
  it("tells a late joiner the current position: server now - start, walked through the durations", async () => {
    const { id, startsAt } = await party({ startsAt: Date.now() - 5000 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(startsAt + 130_000); // 80 + 38 s played: 12 s into the third track
    const welcome = await welcomeOf(await connect(id, await createUser("user")));
    expect(welcome.phase).toBe("live");
    expect(welcome.serverTime).toBe(new Date(startsAt + 130_000).toISOString());
    expect(welcome.position).toEqual({ index: 2, offsetSeconds: 12 });
  });

  it("answers sync frames with its clock", async () => {
    const { id } = await party();
    const socket = await connect(id, await createUser("vip"));
    const before = Date.now();
    send(socket, { type: "sync", id: 7 });
    await socket.until((m) => framesOf(m).some((f) => f.type === "sync"));
    const sync = ofType(socket, "sync")[0]!;
    expect(sync.id).toBe(7);
    expect(Date.parse(sync.serverTime)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(sync.serverTime)).toBeLessThanOrEqual(Date.now() + 5);
  });
});

describe("PartyRoom: listeners, reactions and chat", () => {
  it("shows both listeners (count and who) and the other's reaction to each", async () => {
    const { id } = await party();
    const [anna, ben] = [await createUser("vip"), await createUser("user")];
    const a = await connect(id, anna);
    await untilCount(a, 1);
    const b = await connect(id, ben);
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);
    const listeners = ofType(a, "listeners").at(-1)!;
    expect(listeners.members.map((m) => m.username).sort()).toEqual([anna.username, ben.username].sort());
    expect((await welcomeOf(b)).listeners.count).toBe(2);

    send(a, { type: "react", emoji: "🔥" });
    send(b, { type: "react", emoji: "💃" });
    await Promise.all([a, b].map((s) => s.until(() => reactionsSeen(s).length === 2)));
    expect(reactionsSeen(b)).toContainEqual({ emoji: "🔥", userId: anna.id });
    expect(reactionsSeen(a)).toContainEqual({ emoji: "💃", userId: ben.id });
    b.ws.close(1000, "bye");
    await untilCount(a, 1);
  });

  it("refuses a chat message (the chat is the party's community room, decision 115) and stores none", async () => {
    const { id } = await party();
    const [anna, ben] = [await createUser("vip"), await createUser("vip")];
    const a = await connect(id, anna);
    const b = await connect(id, ben);
    send(a, { type: "message", text: "Hello party" });
    send(a, { type: "remove", messageId: "x" });
    await roundTrip(a);
    expect(errorsOf(a)).toEqual(["bad_frame", "bad_frame"]);
    await roundTrip(b);
    expect(b.messages.some((m) => m.includes("Hello party"))).toBe(false);
    const c = await connect(id, await createUser("user"));
    expect(await welcomeOf(c)).not.toHaveProperty("messages");
    const kept = await runInDurableObject(
      partyRoom(env as never, id),
      (_room: PartyRoom, state) => state.storage.sql.exec("SELECT count(*) AS n FROM messages").one().n,
    );
    expect(kept).toBe(0);
  });

  it.each([
    ["an emoji outside the set", { type: "react", emoji: "💩" }, "bad_frame"],
    ["a mute without a member", { type: "mute" }, "bad_frame"],
    ["an unknown frame", { type: "dance" }, "bad_frame"],
    ["an extra field", { type: "react", emoji: "🔥", x: 1 }, "bad_frame"],
  ])("answers %s with an error frame and keeps the socket open", async (_label, frame, code) => {
    const { id } = await party();
    const socket = await connect(id, await createUser("vip"));
    send(socket, frame);
    socket.ws.send("x".repeat(4096));
    await roundTrip(socket);
    expect(errorsOf(socket)).toEqual([code, "bad_frame"]);
    expect(socket.isClosed()).toBe(false);
    socket.ws.send("ping");
    await socket.until((m) => m.includes("pong"));
  });
});

describe("PartyRoom: limits", () => {
  it(`admits at most ${PARTY_EVENTS_PER_SECOND} frames a second per socket (one rate_limited error), and the others' own`, async () => {
    const { id } = await party();
    const [anna, ben] = [await createUser("vip"), await createUser("vip")];
    const a = await connect(id, anna);
    const b = await connect(id, ben);
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);
    vi.useFakeTimers({ toFake: ["Date"] }); // one second that does not end
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 500);
    for (let i = 0; i < 15; i++) send(a, { type: "react", emoji: "🎉" });
    send(b, { type: "react", emoji: "👏" });
    await b.until(() => reactionsSeen(b).length >= 11);
    await a.until(() => errorsOf(a).includes("rate_limited"));
    expect(reactionsSeen(b).filter((r) => r.userId === anna.id)).toHaveLength(PARTY_EVENTS_PER_SECOND);
    expect(reactionsSeen(b).filter((r) => r.userId === ben.id)).toHaveLength(1);
    expect(ofType(a, "error")).toEqual([{ type: "error", code: "rate_limited", retryAfter: 1 }]);

    // The next second admits frames again.
    vi.setSystemTime(Date.now() + 1000);
    send(a, { type: "react", emoji: "🔥" });
    await b.until(() => reactionsSeen(b).some((r) => r.emoji === "🔥"));
  });
});

describe("PartyRoom: moderation", () => {
  it("an admin mutes a member's reactions for the party (a member may not): only they and admins are told", async () => {
    const { id } = await party();
    const [anna, ben, admin] = [await createUser("user"), await createUser("user"), await createUser("admin")];
    const a = await connect(id, anna);
    const b = await connect(id, ben);
    const mod = await connect(id, admin);
    send(b, { type: "mute", userId: anna.id });
    await b.until(() => errorsOf(b).includes("admin_required"));
    send(mod, { type: "mute", userId: anna.id });
    await Promise.all([a, mod].map((s) => s.until(() => ofType(s, "muted").length === 1)));
    send(a, { type: "react", emoji: "🔥" });
    await roundTrip(a);
    expect(errorsOf(a)).toEqual(["muted"]);
    await roundTrip(b);
    expect(ofType(b, "muted")).toEqual([]);
    expect(reactionsSeen(b)).toEqual([]);
    // Muted for the party, not for the socket: a new tab is muted too.
    expect((await welcomeOf(await connect(id, anna))).muted).toBe(true);
  });
});

describe("PartyRoom: the end", () => {
  it("tells the room the summary at the end and keeps it in D1; reactions are refused afterwards", async () => {
    const { id, startsAt } = await party({ startsAt: Date.now() - 2000 });
    const [anna, ben] = [await createUser("vip"), await createUser("user")];
    const a = await connect(id, anna);
    const b = await connect(id, ben);
    await Promise.all([untilCount(a, 2), untilCount(b, 2)]);
    send(a, { type: "react", emoji: "🔥" });
    await a.until(() => reactionsSeen(a).length === 1);
    // A party that chatted here before its room (decision 115) keeps those messages in the count.
    await runInDurableObject(partyRoom(env as never, id), (_room: PartyRoom, state) => {
      state.storage.sql.exec(
        "INSERT INTO messages (id, user_id, username, text, at) VALUES (?, ?, 'ben', 'great', ?)",
        crypto.randomUUID(),
        ben.id,
        Date.now(),
      );
    });
    // The chat is the party's community room (decisions 107, 115): its messages count.
    await runInDurableObject(roomHub(env as never, partyRoomId(id)), (_hub: RoomHub, state) => {
      for (const text of ["what a night", "encore"])
        state.storage.sql.exec(
          "INSERT INTO messages (user_id, username, client_id, text, at) VALUES (?, 'ben', ?, ?, ?)",
          ben.id,
          crypto.randomUUID(),
          text,
          Date.now(),
        );
    });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(startsAt + LENGTH_MS + 1000);
    expect(await runDurableObjectAlarm(partyRoom(env as never, id))).toBe(true);
    await b.until(() => ofType(b, "ended").length === 1);
    const summary = { tracksPlayed: 3, peakListeners: 2, reactions: 1, messages: 3 };
    expect(ofType(b, "ended")[0]!.summary).toEqual(summary);
    const row = await db().select().from(listeningParties).where(eq(listeningParties.id, id)).get();
    expect([row!.peakListeners, row!.reactionCount, row!.messageCount]).toEqual([2, 1, 3]);
    const detail = await (await call(`/api/parties/${id}`, { cookie: ben.cookie })).json<{ party: { summary: unknown } }>();
    expect(detail.party.summary).toEqual(summary);

    send(a, { type: "react", emoji: "🎉" });
    await a.until(() => errorsOf(a).includes("party_closed"));
  });
});

describe("PartyRoom: sockets live as long as their session", () => {
  it("closes the sockets of a session that logs out (4401), and only that session's", async () => {
    const { id } = await party();
    const member = await createUser("user");
    const mine = await connect(id, member);
    const theirs = await connect(id, await createUser("vip"));
    await Promise.all([untilCount(mine, 2), untilCount(theirs, 2)]);
    expect((await call("/api/auth/logout", { method: "POST", cookie: member.cookie })).status).toBe(204);
    expect(await mine.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await untilCount(theirs, 1);
    expect(theirs.isClosed()).toBe(false);
  });

  it("closes a banned member's socket (4401) at the room's next send, and sends them nothing", async () => {
    const { id } = await party();
    const member = await createUser("vip");
    const target = await connect(id, member);
    const other = await connect(id, await createUser("vip"));
    await Promise.all([untilCount(target, 2), untilCount(other, 2)]);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, member.id));
    await runInDurableObject(partyRoom(env as never, id), (instance: PartyRoom) => {
      (instance as unknown as { sessions: { confirmedAt: Map<string, number> } }).sessions.confirmedAt.clear();
    });
    send(other, { type: "react", emoji: "🔥" });
    expect(await target.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(reactionsSeen(target)).toEqual([]);
  });
});
