// Privilege changes without sign-outs (decision 040): a comp VIP, an admin switch or a paid VIP
// that starts or ends keeps the member signed in and tells their open sockets. Pages get a
// role_changed frame on their notices socket (GET /api/feed/notices); VIP-only sockets (chat,
// radio) close 4403 vip_ended when VIP access ends; the chat refuses to answer a member who is no
// longer VIP even without the fan-out; and a session that expires on its own closes its sockets
// (4401) at the next ping.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sessions, users } from "../../worker/db/schema/accounts";
import { sha256Hex } from "../../worker/lib/crypto";
import { forget } from "../../worker/lib/memo";
import { feedHub } from "../../worker/services/realtime/feed-hub";
import { stationHub } from "../../worker/services/realtime/station-hub";
import { chatThread } from "../../worker/services/realtime/chat-thread";
import type { ChatThread } from "../../worker/durable-objects/ChatThread";
import type { FeedHub } from "../../worker/durable-objects/FeedHub";
import type { StationHub } from "../../worker/durable-objects/StationHub";
import { ROLE_CHANGED_FRAME, SOCKET_CLOSE_SESSION_ENDED, SOCKET_CLOSE_VIP_ENDED, SOCKET_VIP_ENDED_REASON } from "../../worker/contracts/realtime";
import type { ChatServerFrame } from "../../worker/contracts/chat";
import type { MeResponse } from "../../worker/contracts/auth";
import { call, callLocal, createUser, db, errorOf, ORIGIN, SESSION_COOKIE, type TestUser } from "./helpers";
import { acceptSocket, type AcceptedSocket } from "./sockets";

const D1 = (env as unknown as { DB: D1Database }).DB;
const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
});

type Socket = AcceptedSocket & { closedWith: Promise<{ code: number; reason: string }> };

/** Opens and accepts a socket at `path`, remembering the close frame's reason too. */
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

const chatFrames = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as ChatServerFrame);
async function connectChat(user: TestUser) {
  const socket = await connect("/api/chat/live", user);
  await socket.until((m) => chatFrames(m).some((f) => f.type === "history"));
  return socket;
}

let serial = 0;
async function freshStation() {
  serial++;
  const id = `zz-role-${serial}-${crypto.randomUUID().slice(0, 8)}`;
  await D1.prepare(
    "INSERT INTO radio_stations (id, name, description_en, description_pt_br, features, source_type, stream_url, album_ids, seed, position) VALUES (?, ?, 'en', 'pt', '[]', 'catalog', NULL, NULL, ?, ?)",
  )
    .bind(id, `Role ${serial}`, 200 + serial, 200 + serial)
    .run();
  forget("music:");
  return id;
}

const setComp = (id: string, comp: boolean, admin: TestUser) => call(`/api/admin/users/${id}/vip`, { method: "PUT", json: { comp }, cookie: admin.cookie });
const setAdmin = (id: string, isAdmin: boolean, admin: TestUser) =>
  call(`/api/admin/users/${id}/admin`, { method: "PUT", json: { admin: isAdmin }, cookie: admin.cookie });

async function me(user: TestUser) {
  const res = await call("/api/auth/me", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json<MeResponse>()).user;
}

const sessionRows = async (userId: string) => (await db().select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId))).length;

/** Sends "ping" and waits for "pong" (or the close): what the hub does with a client frame. */
async function ping(socket: Socket) {
  const pongs = socket.messages.filter((m) => m === "pong").length;
  socket.ws.send("ping");
  await Promise.race([socket.until((m) => m.filter((x) => x === "pong").length > pongs), socket.closed]);
}

describe("a comp VIP change keeps the member signed in and tells their pages", () => {
  it("granting: the session still works (me: isVIP true) and the open notices and feed sockets get role_changed", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const notices = await connect("/api/feed/notices", member);
    const feed = await connect("/api/feed/live", member);
    const bystander = await connect("/api/feed/notices", await createUser("user"));

    expect((await setComp(member.id, true, admin)).status).toBe(200);
    expect(await me(member)).toMatchObject({ id: member.id, isVIP: true });
    expect(await sessionRows(member.id)).toBe(1);
    await notices.until((m) => m.includes(ROLE_CHANGED_FRAME));
    await feed.until((m) => m.includes(ROLE_CHANGED_FRAME));
    await ping(bystander);
    expect(bystander.messages).toEqual(["pong"]);
    expect(notices.isClosed()).toBe(false);
  });

  it("the notices socket gets no feed events, the feed socket does", async () => {
    const member = await createUser("user");
    const notices = await connect("/api/feed/notices", member);
    const feed = await connect("/api/feed/live", member);
    const postId = crypto.randomUUID();
    expect(await feedHub(env as never, member.id).publish({ type: "post.created", postId, authorId: member.id })).toBe(true);
    await feed.until((m) => m.some((x) => x.includes(postId)));
    await ping(notices);
    expect(notices.messages).toEqual(["pong"]);
  });

  it("refuses a visitor's notices socket (401)", async () => {
    const res = await call("/api/feed/notices", { headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("removing it mid-chat: the chat and radio sockets close 4403 vip_ended, the session and notices socket stay", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    expect((await setComp(member.id, true, admin)).status).toBe(200);
    const chat = await connectChat(member);
    const radio = await connect(`/api/radio/stations/${await freshStation()}/live`, member);
    const notices = await connect("/api/feed/notices", member);

    expect((await setComp(member.id, false, admin)).status).toBe(200);
    expect(await chat.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    expect(await radio.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    await notices.until((m) => m.includes(ROLE_CHANGED_FRAME));
    expect(notices.isClosed()).toBe(false);
    expect(await me(member)).toMatchObject({ id: member.id, isVIP: false });
    // A new chat socket is refused like any member's.
    const again = await call("/api/chat/live", { cookie: member.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(again.status).toBe(403);
    expect((await errorOf(again)).code).toBe("vip_required");
  });
});

describe("the chat answers only a member who is still VIP", () => {
  it("a message sent after VIP ended (no fan-out) closes 4403 vip_ended and gets no reply", async () => {
    const vip = await createUser("vip");
    const chat = await connectChat(vip);
    await D1.prepare("UPDATE users SET is_vip = 0 WHERE id = ?1").bind(vip.id).run();
    chat.ws.send(JSON.stringify({ type: "send", text: "still there?", locale: "en" }));
    expect(await chat.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    expect(chatFrames(chat.messages).filter((f) => f.type === "typing" || f.type === "delta" || f.type === "done")).toEqual([]);
    const stored = await runInDurableObject(
      chatThread(env as never, vip.id),
      (_i: ChatThread, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM messages").one().n,
    );
    expect(stored).toBe(0);
  });

  it("an administrator who is not VIP keeps chatting, and loses the chat when admin is removed", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    const chat = await connectChat(other);
    expect((await setAdmin(other.id, false, admin)).status).toBe(200);
    expect(await chat.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    // Still signed in, as a member: the next admin request is refused.
    expect(await me(other)).toMatchObject({ id: other.id, isAdmin: false });
    const refused = await call("/api/admin/users", { cookie: other.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("admin_required");
  });
});

describe("a paid VIP that starts or ends (the local payments path) tells the member's sockets", () => {
  async function payLocally(user: TestUser) {
    const res = await call("/api/payments/checkout", {
      json: {},
      cookie: user.cookie,
      headers: { "cf-connecting-ip": `10.9.${user.id.charCodeAt(0)}.${user.id.charCodeAt(1)}` },
    });
    expect(res.status).toBe(200);
    const sessionId = new URL((await res.json<{ url: string }>()).url, ORIGIN).searchParams.get("session")!;
    expect((await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie })).status).toBe(200);
  }

  it("paying: role_changed on the notices socket, session kept; ending: chat and radio close 4403 vip_ended", async () => {
    const member = await createUser("user");
    const notices = await connect("/api/feed/notices", member);
    await payLocally(member);
    await notices.until((m) => m.includes(ROLE_CHANGED_FRAME));
    expect(await me(member)).toMatchObject({ isVIP: true });

    const chat = await connectChat(member);
    const radio = await connect(`/api/radio/stations/${await freshStation()}/live`, member);
    const told = notices.messages.filter((m) => m === ROLE_CHANGED_FRAME).length;
    expect((await callLocal("/api/payments/local/subscription/end-now", { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect(await chat.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    expect(await radio.closedWith).toEqual({ code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON });
    await notices.until((m) => m.filter((x) => x === ROLE_CHANGED_FRAME).length > told);
    expect(await me(member)).toMatchObject({ isVIP: false });
  });
});

describe("a session that expires on its own closes its sockets (4401) at the next ping", () => {
  /** The session's stored expiry moves into the past, and the hub forgets it confirmed it (as a minute later). */
  async function expire(user: TestUser, clearConfirmations: () => Promise<void>) {
    const hash = await sha256Hex(user.cookie.slice(`${SESSION_COOKIE}=`.length));
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hash));
    await clearConfirmations();
  }
  type WithChecker = { sessions: { confirmedAt: Map<string, number> } };
  const clear = (instance: unknown) => (instance as WithChecker).sessions.confirmedAt.clear();

  it("the feed hub (notices and feed sockets)", async () => {
    const member = await createUser("user");
    const notices = await connect("/api/feed/notices", member);
    await ping(notices);
    await expire(member, () => runInDurableObject(feedHub(env as never, member.id), (i: FeedHub) => clear(i)));
    await ping(notices);
    expect(await notices.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(notices.messages).toEqual(["pong"]);
  });

  it("a station hub", async () => {
    const vip = await createUser("vip");
    const stationId = await freshStation();
    const radio = await connect(`/api/radio/stations/${stationId}/live`, vip);
    await expire(vip, () => runInDurableObject(stationHub(env as never, stationId), (i: StationHub) => clear(i)));
    radio.ws.send("ping");
    expect(await radio.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(radio.messages).not.toContain("pong");
  });

  it("the chat thread", async () => {
    const vip = await createUser("vip");
    const chat = await connectChat(vip);
    await expire(vip, () => runInDurableObject(chatThread(env as never, vip.id), (i: ChatThread) => clear(i)));
    chat.ws.send("ping");
    expect(await chat.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(chat.messages).not.toContain("pong");
  });

  it("a live session's ping is answered and the socket stays open", async () => {
    const member = await createUser("user");
    const notices = await connect("/api/feed/notices", member);
    await runInDurableObject(feedHub(env as never, member.id), (i: FeedHub) => clear(i));
    await ping(notices);
    expect(notices.messages).toEqual(["pong"]);
    expect(notices.isClosed()).toBe(false);
    expect((await db().select().from(users).where(eq(users.id, member.id))).length).toBe(1);
  });
});
