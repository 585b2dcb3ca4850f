// GET /api/chat/live and the ChatThread behind it: who may open the socket and from which origin,
// that each member has a thread of their own, the stored history (order, persistence, New Chat,
// Clear), replies streamed from the offline responder and from fake models installed in the
// object (cancel, timeout, model errors), what the thread answers to bad frames, the per-minute and
// per-day limits, and sockets ending with their session.
//
// Every test uses members of its own, so each has fresh thread objects.
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { events } from "../../worker/db/schema/events";
import { passwordResets, sessions, users } from "../../worker/db/schema/accounts";
import { siteSettings } from "../../worker/db/schema/operations";
import { forget } from "../../worker/lib/memo";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { SESSION_COOKIE } from "../../worker/services/session";
import { accessChanged } from "../../worker/services/access-changed";
import { chatThread } from "../../worker/services/realtime/chat-thread";
import type { ChatThread } from "../../worker/durable-objects/ChatThread";
import { ChatModelError, type ChatModel, type ChatRequest, type ChatTurn } from "../../worker/services/ai/types";
import { detectLanguage } from "../../worker/services/ai/language";
import { createOfflineChatModel, OFFLINE_PACE } from "../../worker/services/ai/offline";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import {
  CHAT_CLIENT_FRAME_MAX_BYTES,
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_MESSAGES_PER_DAY,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatMessage,
  type ChatServerFrame,
} from "../../worker/contracts/chat";
import { call, createUser, db, errorOf, ORIGIN, type Role, type TestUser } from "./helpers";
import { CLOSE_ANSWERS, acceptSocket, type AcceptedSocket } from "./sockets";

const PERSONA = "Lola Rivera"; // wrangler.toml [vars] CHAT_PERSONA_NAME
const thread = (user: TestUser) => chatThread(env as never, user.id);

const openSocket = (user: TestUser | null, headers: Record<string, string> = { origin: ORIGIN }) =>
  call("/api/chat/live", { cookie: user?.cookie, headers: { upgrade: "websocket", ...headers } });

const open: WebSocket[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
});

type Frame = ChatServerFrame;
type FrameOf<T extends Frame["type"]> = Extract<Frame, { type: T }>;
const framesOf = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as Frame);
const ofType = <T extends Frame["type"]>(messages: string[], type: T) => framesOf(messages).filter((f): f is FrameOf<T> => f.type === type);

/** Opens and accepts a member's socket and waits for its history frame. */
async function connect(user: TestUser, cookie = user.cookie) {
  const res = await call("/api/chat/live", { cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  const socket = acceptSocket(res.webSocket!);
  open.push(socket.ws);
  await socket.until((m) => ofType(m, "history").length > 0);
  return socket;
}

const history = (socket: AcceptedSocket) => ofType(socket.messages, "history").at(-1)!;
const sendText = (socket: AcceptedSocket, text: string, locale: "en" | "pt-BR" = "en") => socket.ws.send(JSON.stringify({ type: "send", text, locale }));
const untilCount = (socket: AcceptedSocket, type: Frame["type"], count: number) => socket.until((m) => ofType(m, type).length >= count);

/** Sends a message and waits for its reply to end; the frames of that reply, in order. */
async function ask(socket: AcceptedSocket, text: string) {
  const before = socket.messages.length;
  const dones = ofType(socket.messages, "done").length;
  sendText(socket, text);
  await untilCount(socket, "done", dones + 1);
  return framesOf(socket.messages.slice(before));
}

/** Sends "ping" and waits for its "pong": every frame sent before it has been handled. */
async function settle(socket: AcceptedSocket) {
  const pongs = socket.messages.filter((m) => m === "pong").length;
  socket.ws.send("ping");
  await socket.until((m) => m.filter((x) => x === "pong").length > pongs);
}

type StoredRow = { id: string; thread_id: string; role: string; content: string; created_at: number };
const stored = (user: TestUser) =>
  runInDurableObject(thread(user), (_i: ChatThread, state) =>
    state.storage.sql.exec<StoredRow>("SELECT id, thread_id, role, content, created_at FROM messages ORDER BY seq").toArray(),
  );
const asMessage = (row: StoredRow): ChatMessage => ({
  id: row.id,
  threadId: row.thread_id,
  role: row.role as ChatMessage["role"],
  content: row.content,
  createdAt: row.created_at,
});
const sendCount = (user: TestUser) =>
  runInDurableObject(thread(user), (_i: ChatThread, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sends").one().n);

/** A model the test controls: each call runs the next script, recording what it was asked. */
type Script = (request: ChatRequest) => AsyncIterable<string>;
type FakeModel = ChatModel & { turns: ChatTurn[][] };
async function installModel(user: TestUser, scripts: Script[], replyTimeoutMs?: number) {
  await runInDurableObject(thread(user), (instance: ChatThread) => {
    const fake: FakeModel = {
      offline: false,
      turns: [],
      reply(request) {
        fake.turns.push(request.turns);
        const script = scripts[fake.turns.length - 1];
        if (!script) throw new Error("no script left");
        return script(request);
      },
    };
    instance.model = fake;
    if (replyTimeoutMs !== undefined) instance.replyTimeoutMs = replyTimeoutMs;
  });
}
const askedTurns = (user: TestUser) => runInDurableObject(thread(user), (instance: ChatThread) => (instance.model as FakeModel).turns);

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
/** Writes `first`, then nothing until it is aborted (then ends quietly, as the live model does). */
const stalls = (first: string): Script =>
  async function* (request) {
    yield first;
    await aborted(request.signal);
  };
const writes = (...pieces: string[]): Script =>
  async function* () {
    for (const piece of pieces) yield piece;
  };
/** Never writes nor ends, and ignores the abort: only the thread's own timeout stops it. */
const hangs: Script = () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => undefined) }) });
const fails = (error: Error, first?: string): Script =>
  async function* () {
    if (first) yield first;
    throw error;
  };

describe("GET /api/chat/live: who may open it", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%i %s)", async (role, status, code) => {
    const user = role === "visitor" ? null : await createUser(role as Exclude<Role, "visitor">);
    const res = await openSocket(user);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(res.webSocket).toBeNull();
    if (user) expect(await runInDurableObject(thread(user), (_i: ChatThread, state) => state.getWebSockets().length)).toBe(0);
  });

  it.each([
    ["another site", "https://evil.test"],
    ["a sibling subdomain", "https://chat.fans.test"],
    ["the same host over http", "http://fans.test"],
    ["the literal null origin", "null"],
  ])("refuses an upgrade from %s with a VIP's cookie (403 origin_refused)", async (_label, origin) => {
    const res = await openSocket(await createUser("vip"), { origin });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
    expect(res.webSocket).toBeNull();
  });

  it("refuses an upgrade without an Origin header (403 origin_refused)", async () => {
    const res = await openSocket(await createUser("vip"), {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
  });

  it("asks for a WebSocket upgrade (400 upgrade_required)", async () => {
    const res = await call("/api/chat/live", { cookie: (await createUser("vip")).cookie, headers: { origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("upgrade_required");
  });

  it.each(["vip", "admin"] as const)("opens for a %s and sends the empty history with the persona, offline", async (role) => {
    const socket = await connect(await createUser(role));
    const frames = framesOf(socket.messages);
    expect(frames).toEqual([{ type: "history", threadId: expect.any(String), messages: [], persona: PERSONA, offline: true }]);
  });

  it("speaks as the artist's name saved in the back office: the persona and the artist are one setting", async () => {
    await db().insert(siteSettings).values({ key: "artistName", value: "Marina Sol", updatedAt: new Date() });
    forget("");
    try {
      const socket = await connect(await createUser("vip"));
      expect(framesOf(socket.messages)).toEqual([{ type: "history", threadId: expect.any(String), messages: [], persona: "Marina Sol", offline: true }]);
    } finally {
      await db().delete(siteSettings);
      forget("");
    }
  });

  it("names the member from the session, never from headers the client sends", async () => {
    const vip = await createUser("vip");
    const other = await createUser("vip");
    const res = await openSocket(vip, {
      origin: ORIGIN,
      "x-socket-user-id": other.id,
      "x-socket-session-hash": "forged",
      "x-chat-member-name": "someone-else",
      "x-chat-member-admin": "1",
    });
    expect(res.status).toBe(101);
    open.push(acceptSocket(res.webSocket!).ws);
    const attachments = await runInDurableObject(thread(vip), (_i: ChatThread, state) => state.getWebSockets().map((ws) => ws.deserializeAttachment()));
    const sessionHash = await sha256Hex(vip.cookie.slice(`${SESSION_COOKIE}=`.length));
    expect(attachments).toEqual([{ userId: vip.id, sessionHash, name: vip.username, vip: true, admin: false }]);
    expect(await runInDurableObject(thread(other), (_i: ChatThread, state) => state.getWebSockets().length)).toBe(0);
  });

  it("tells the persona an admin is an admin", async () => {
    const admin = await createUser("admin");
    await connect(admin);
    const attachments = await runInDurableObject(thread(admin), (_i: ChatThread, state) => state.getWebSockets().map((ws) => ws.deserializeAttachment()));
    expect(attachments).toEqual([expect.objectContaining({ userId: admin.id, name: admin.username, vip: false, admin: true })]);
  });

  it("refuses an upgrade naming another member than the thread's owner (403), whoever forwards it", async () => {
    const owner = await createUser("vip");
    await connect(owner);
    const res = await thread(owner).fetch(
      new Request("https://internal/", {
        headers: { upgrade: "websocket", "x-socket-user-id": "intruder", "x-socket-session-hash": "h", "x-chat-member-name": "x" },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });
});

describe("ChatThread: one thread per member, stored", () => {
  it("never shows one member's messages to another", async () => {
    const [a, b] = [await createUser("vip"), await createUser("vip")];
    const socketA = await connect(a);
    await ask(socketA, "hello from A");
    const socketB = await connect(b);
    expect(history(socketB).messages).toEqual([]);
    expect(history(socketB).threadId).not.toBe(history(socketA).threadId);
    expect(await stored(b)).toEqual([]);
    expect((await stored(a)).map((r) => r.content)[0]).toBe("hello from A");
    expect(ofType(socketA.messages, "typing")).toHaveLength(1);
    expect(framesOf(socketB.messages)).toHaveLength(1);
  });

  it("keeps the thread in order across reconnects and the object's eviction", async () => {
    const vip = await createUser("vip");
    const first = await connect(vip);
    const threadId = history(first).threadId;
    await ask(first, "hello");
    await ask(first, "  What does VIP include?  ");
    const typed = ofType(first.messages, "typing").map((f) => f.userMessage);
    const replies = ofType(first.messages, "done").map((f) => f.message!);
    expect(typed.map((m) => m.content)).toEqual(["hello", "What does VIP include?"]);
    const expected = [typed[0], replies[0], typed[1], replies[1]];
    expect(expected.map((m) => [m!.role, m!.threadId])).toEqual([
      ["user", threadId],
      ["assistant", threadId],
      ["user", threadId],
      ["assistant", threadId],
    ]);
    expect((await stored(vip)).map(asMessage)).toEqual(expected);

    first.ws.close(1000, "bye");
    await first.closed;
    const second = await connect(vip);
    expect(history(second)).toEqual({ type: "history", threadId, messages: expected, persona: PERSONA, offline: true });

    await evictDurableObject(thread(vip));
    const third = await connect(vip);
    expect(history(third).messages).toEqual(expected);
    expect(history(third).threadId).toBe(threadId);
  });

  it("Clear deletes every stored message and starts a new thread, on every tab; the limits still count", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    const tab = await connect(vip);
    const oldThread = history(socket).threadId;
    await ask(socket, "hello");
    expect(await stored(vip)).toHaveLength(2);
    socket.ws.send(JSON.stringify({ type: "clear" }));
    await Promise.all([untilCount(socket, "history", 2), untilCount(tab, "history", 2)]);
    const cleared = history(socket);
    expect(cleared).toEqual({ type: "history", threadId: expect.any(String), messages: [], persona: PERSONA, offline: true });
    expect(cleared.threadId).not.toBe(oldThread);
    expect(history(tab)).toEqual(cleared);
    expect(await stored(vip)).toEqual([]);
    expect(await sendCount(vip)).toBe(1);

    const again = await connect(vip);
    expect(history(again)).toEqual(cleared);
  });

  it("New Chat hides the old thread (still stored) and continues in the new one", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    const oldThread = history(socket).threadId;
    await ask(socket, "hello");
    socket.ws.send(JSON.stringify({ type: "new_chat" }));
    await untilCount(socket, "history", 2);
    const fresh = history(socket);
    expect(fresh.messages).toEqual([]);
    expect(fresh.threadId).not.toBe(oldThread);

    await installModel(vip, [writes("fresh ", "start")]);
    await ask(socket, "second thread");
    // The model saw only the new thread.
    expect(await askedTurns(vip)).toEqual([[{ role: "user", content: "second thread" }]]);
    const reconnected = await connect(vip);
    expect(history(reconnected).threadId).toBe(fresh.threadId);
    expect(history(reconnected).messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "second thread"],
      ["assistant", "fresh start"],
    ]);
    expect((await stored(vip)).map((r) => [r.thread_id, r.content])).toEqual([
      [oldThread, "hello"],
      [oldThread, expect.any(String)],
      [fresh.threadId, "second thread"],
      [fresh.threadId, "fresh start"],
    ]);
  });
});

describe("ChatThread: replies", () => {
  it("streams the offline reply (typing, several deltas, done with the stored message), naming the next show", async () => {
    const title = `Chat Test Night ${crypto.randomUUID().slice(0, 8)}`;
    await db()
      .insert(events)
      .values({
        id: crypto.randomUUID(),
        title,
        eventDate: new Date(Date.now() + 10 * 60_000),
        status: "published",
        timeZone: "UTC",
        venueName: "Club",
        venueCity: "Miami",
      });
    const vip = await createUser("vip");
    const socket = await connect(vip);
    const frames = await ask(socket, "When is the next show?");

    const [typing, ...rest] = frames;
    expect(typing).toEqual({
      type: "typing",
      replyId: expect.any(String),
      userMessage: {
        id: expect.any(String),
        threadId: history(socket).threadId,
        role: "user",
        content: "When is the next show?",
        createdAt: expect.any(Number),
      },
    });
    const replyId = (typing as FrameOf<"typing">).replyId;
    const deltas = rest.filter((f): f is FrameOf<"delta"> => f.type === "delta");
    const done = rest.at(-1) as FrameOf<"done">;
    expect(rest).toEqual([...deltas, done]);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((d) => d.replyId === replyId)).toBe(true);
    expect(done).toEqual({
      type: "done",
      replyId,
      message: {
        id: expect.any(String),
        threadId: history(socket).threadId,
        role: "assistant",
        content: deltas.map((d) => d.text).join(""),
        createdAt: expect.any(Number),
      },
    });
    expect(done.message!.content).toContain(title);
    expect((await stored(vip)).map(asMessage)).toEqual([(typing as FrameOf<"typing">).userMessage, done.message]);
  });

  it("sends every frame of a reply to each of the member's tabs", async () => {
    const vip = await createUser("vip");
    const [one, two] = [await connect(vip), await connect(vip)];
    const before = two.messages.length;
    await ask(one, "hello");
    await untilCount(two, "done", 1);
    expect(two.messages.slice(before)).toEqual(one.messages.slice(1));
  });

  it("answers in the language the member writes in, and in the UI language when the message does not tell", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    // The offline model as the thread has it, minus its typing pace: four long answers at three
    // words every 60 ms took most of the test's 5 s, and past them on a busy machine.
    await runInDurableObject(thread(vip), (instance: ChatThread) => {
      instance.model = createOfflineChatModel({ pace: { ...OFFLINE_PACE, delayMs: 0 } });
    });
    const replyTo = async (text: string, locale: "en" | "pt-BR") => {
      const dones = ofType(socket.messages, "done").length;
      sendText(socket, text, locale);
      await untilCount(socket, "done", dones + 1);
      return (ofType(socket.messages, "done").at(-1) as FrameOf<"done">).message!.content;
    };
    // The offline responder, as the thread builds it: titles aside, its words are the member's language.
    const prose = (text: string) => text.replace(/“[^”]*”/g, " ").replace(/https?:\/\/\S+/g, " ");
    expect(detectLanguage(prose(await replyTo("Me fala do álbum Satin & Neon", "en")))).toBe("pt-BR");
    expect(detectLanguage(prose(await replyTo("Tell me about the album Satin & Neon", "pt-BR")))).toBe("en");
    expect(await replyTo("Satin & Neon", "pt-BR")).toContain("Tem 9 faixas");
    expect(await replyTo("Satin & Neon", "en")).toContain("It has 9 tracks");
  });

  it("cancels the reply being written when the member sends again (done null), and answers the new message", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await installModel(vip, [stalls("Let me think"), writes("Second ", "answer")]);
    sendText(socket, "first question");
    await untilCount(socket, "delta", 1);
    sendText(socket, "second question");
    await untilCount(socket, "done", 2);

    const frames = framesOf(socket.messages).slice(1);
    const [t1, t2] = ofType(socket.messages, "typing");
    expect(frames).toEqual([
      t1,
      { type: "delta", replyId: t1!.replyId, text: "Let me think" },
      { type: "done", replyId: t1!.replyId, message: null },
      t2,
      { type: "delta", replyId: t2!.replyId, text: "Second " },
      { type: "delta", replyId: t2!.replyId, text: "answer" },
      { type: "done", replyId: t2!.replyId, message: expect.objectContaining({ role: "assistant", content: "Second answer" }) },
    ]);
    expect((await stored(vip)).map((r) => [r.role, r.content])).toEqual([
      ["user", "first question"],
      ["user", "second question"],
      ["assistant", "Second answer"],
    ]);
    // The cancelled reply is not part of the context; both questions are.
    expect((await askedTurns(vip))[1]).toEqual([
      { role: "user", content: "first question" },
      { role: "user", content: "second question" },
    ]);
  });

  it("stops the reply on cancel (done null, nothing stored), and ignores a cancel with nothing to stop", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await installModel(vip, [stalls("Hmm")]);
    socket.ws.send(JSON.stringify({ type: "cancel" }));
    await settle(socket);
    expect(framesOf(socket.messages)).toHaveLength(1);

    sendText(socket, "question");
    await untilCount(socket, "delta", 1);
    socket.ws.send(JSON.stringify({ type: "cancel" }));
    await untilCount(socket, "done", 1);
    const replyId = ofType(socket.messages, "typing")[0]!.replyId;
    expect(ofType(socket.messages, "done")).toEqual([{ type: "done", replyId, message: null }]);
    expect((await stored(vip)).map((r) => r.role)).toEqual(["user"]);
  });

  it("shows a reply being written to a tab that opens meanwhile", async () => {
    const vip = await createUser("vip");
    const first = await connect(vip);
    await installModel(vip, [stalls("Half a thought")]);
    sendText(first, "question");
    await untilCount(first, "delta", 1);
    const late = await connect(vip);
    await untilCount(late, "delta", 1);
    const typing = ofType(first.messages, "typing")[0]!;
    expect(framesOf(late.messages)).toEqual([
      { type: "history", threadId: typing.userMessage.threadId, messages: [typing.userMessage], persona: PERSONA, offline: false },
      typing,
      { type: "delta", replyId: typing.replyId, text: "Half a thought" },
    ]);
  });

  it("times a reply out (error timeout, done null), even when the model ignores the abort", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await installModel(vip, [hangs], 50);
    sendText(socket, "question");
    await untilCount(socket, "done", 1);
    const replyId = ofType(socket.messages, "typing")[0]!.replyId;
    expect(framesOf(socket.messages).slice(2)).toEqual([
      { type: "error", code: "timeout", replyId },
      { type: "done", replyId, message: null },
    ]);
    expect((await stored(vip)).map((r) => r.role)).toEqual(["user"]);
  });

  it.each([
    ["a run that fails", new ChatModelError("run_failed", "expired"), { code: "run_failed", status: "expired" }],
    ["a request the model refuses", new ChatModelError("send_failed"), { code: "send_failed" }],
    ["any other failure", new TypeError("boom"), { code: "send_failed" }],
  ] as const)("ends %s with its error frame and done null, keeping the question", async (_label, error, expected) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await installModel(vip, [fails(error, "Partial "), writes("Recovered")]);
    await ask(socket, "question");
    const replyId = ofType(socket.messages, "typing")[0]!.replyId;
    expect(framesOf(socket.messages).slice(2)).toEqual([
      { type: "delta", replyId, text: "Partial " },
      { type: "error", replyId, ...expected },
      { type: "done", replyId, message: null },
    ]);
    // Only a failure the model did not describe is logged (the live model logs its own).
    expect(logged).toHaveBeenCalledTimes(error instanceof ChatModelError ? 0 : 1);
    // The thread goes on.
    const next = await ask(socket, "again");
    expect(next.at(-1)).toEqual(expect.objectContaining({ type: "done", message: expect.objectContaining({ content: "Recovered" }) }));
    expect((await stored(vip)).map((r) => [r.role, r.content])).toEqual([
      ["user", "question"],
      ["user", "again"],
      ["assistant", "Recovered"],
    ]);
  });
});

describe("ChatThread: frames a client sends", () => {
  const BAD_FRAME: Frame = { type: "error", code: "bad_frame" };

  it("answers oversized, non-JSON, binary and unknown frames with bad_frame and keeps working", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    const bad = [
      JSON.stringify({ type: "send", text: "x".repeat(CHAT_MESSAGE_MAX_CHARS), locale: "en", pad: "y".repeat(CHAT_CLIENT_FRAME_MAX_BYTES) }),
      "hello",
      "{not json",
      JSON.stringify({ type: "dance" }),
      JSON.stringify({ type: "send", text: "hi", locale: "fr" }),
      JSON.stringify({ type: "send" }),
      JSON.stringify(["send", "hi"]),
      "null",
    ];
    for (const frame of bad) socket.ws.send(frame);
    socket.ws.send(new Uint8Array([0x7b, 0x7d]));
    socket.ws.send("ping");
    await socket.until((m) => m.includes("pong"));
    expect(socket.messages.slice(1)).toEqual([...Array.from({ length: bad.length + 1 }, () => JSON.stringify(BAD_FRAME)), "pong"]);
    expect(socket.isClosed()).toBe(false);
    expect(await stored(vip)).toEqual([]);

    const frames = await ask(socket, "hello");
    expect(frames.at(-1)).toEqual(expect.objectContaining({ type: "done", message: expect.objectContaining({ role: "assistant" }) }));
  });

  it("refuses an empty or whitespace-only message (empty_message), storing and counting nothing", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    sendText(socket, "");
    sendText(socket, "   \n\t  ");
    await settle(socket);
    expect(framesOf(socket.messages).slice(1)).toEqual([
      { type: "error", code: "empty_message" },
      { type: "error", code: "empty_message" },
    ]);
    expect(await stored(vip)).toEqual([]);
    expect(await sendCount(vip)).toBe(0);
  });

  it(`refuses a message over ${CHAT_MESSAGE_MAX_CHARS} characters (message_too_long), and stores one at the limit`, async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    sendText(socket, "a".repeat(CHAT_MESSAGE_MAX_CHARS + 1));
    await settle(socket);
    expect(framesOf(socket.messages).slice(1)).toEqual([{ type: "error", code: "message_too_long" }]);
    expect(await stored(vip)).toEqual([]);
    await ask(socket, "b".repeat(CHAT_MESSAGE_MAX_CHARS));
    expect((await stored(vip))[0]!.content).toHaveLength(CHAT_MESSAGE_MAX_CHARS);
  });
});

describe("ChatThread: the shared text rule (worker/contracts/text.ts)", () => {
  it("refuses a lone surrogate, NUL and a bidi override (invalid_characters), storing and counting nothing", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    sendText(socket, "broken \uD800 half");
    sendText(socket, "nul\u0000here");
    sendText(socket, "hi \u202E there");
    await settle(socket);
    expect(framesOf(socket.messages).slice(1)).toEqual([
      { type: "error", code: "invalid_characters" },
      { type: "error", code: "invalid_characters" },
      { type: "error", code: "invalid_characters" },
    ]);
    expect(await stored(vip)).toEqual([]);
    expect(await sendCount(vip)).toBe(0);
  });
});

describe("ChatThread: limits", () => {
  it(`refuses message ${CHAT_MESSAGES_PER_MINUTE + 1} within a minute (rate_limited, retryAfter)`, async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await installModel(
      vip,
      Array.from({ length: CHAT_MESSAGES_PER_MINUTE }, () => writes("ok")),
    );
    for (let i = 1; i <= CHAT_MESSAGES_PER_MINUTE + 1; i++) sendText(socket, `message ${i}`);
    await socket.until((m) => ofType(m, "error").length > 0);
    await settle(socket);
    await untilCount(socket, "done", CHAT_MESSAGES_PER_MINUTE);
    expect(ofType(socket.messages, "typing").map((f) => f.userMessage.content)).toEqual(
      Array.from({ length: CHAT_MESSAGES_PER_MINUTE }, (_, i) => `message ${i + 1}`),
    );
    const [error] = ofType(socket.messages, "error");
    expect(ofType(socket.messages, "error")).toEqual([{ type: "error", code: "rate_limited", retryAfter: expect.any(Number) }]);
    expect(error!.retryAfter).toBeGreaterThanOrEqual(55);
    expect(error!.retryAfter).toBeLessThanOrEqual(60);
    expect((await stored(vip)).filter((r) => r.role === "user")).toHaveLength(CHAT_MESSAGES_PER_MINUTE);
    expect(await sendCount(vip)).toBe(CHAT_MESSAGES_PER_MINUTE);
  });

  it(`refuses a message once ${CHAT_MESSAGES_PER_DAY} were sent in 24 hours (daily_limit), even after Clear`, async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    const oldest = Date.now() - 23 * 3_600_000;
    await runInDurableObject(thread(vip), (_i: ChatThread, state) => {
      for (let i = 0; i < CHAT_MESSAGES_PER_DAY; i++) state.storage.sql.exec("INSERT INTO sends (at) VALUES (?)", oldest + i * 1000);
    });
    socket.ws.send(JSON.stringify({ type: "clear" }));
    await untilCount(socket, "history", 2);
    sendText(socket, "one more");
    await socket.until((m) => ofType(m, "error").length > 0);
    const errors = ofType(socket.messages, "error");
    expect(errors).toEqual([{ type: "error", code: "daily_limit", retryAfter: expect.any(Number) }]);
    expect(errors[0]!.retryAfter).toBeGreaterThan(3_500);
    expect(errors[0]!.retryAfter).toBeLessThanOrEqual(3_600);
    expect(await stored(vip)).toEqual([]);
  });

  it("forgets sends older than 24 hours", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await runInDurableObject(thread(vip), (_i: ChatThread, state) => {
      for (let i = 0; i < CHAT_MESSAGES_PER_DAY; i++) state.storage.sql.exec("INSERT INTO sends (at) VALUES (?)", Date.now() - 25 * 3_600_000);
    });
    const frames = await ask(socket, "hello");
    expect(frames[0]!.type).toBe("typing");
    expect(await sendCount(vip)).toBe(1);
  });
});

describe("ChatThread: sockets live as long as their session", () => {
  it("logging out closes the session's chat socket at once (4401), with nothing sent on it", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    expect((await call("/api/auth/logout", { method: "POST", cookie: vip.cookie })).status).toBe(204);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(await stored(vip)).toEqual([]);
    expect(ofType(socket.messages, "typing")).toEqual([]);
  });

  it("closes at once only the chat sockets of a session named with its member (a session ended, with its member)", async () => {
    const vip = await createUser("vip");
    const token = randomToken(32);
    const hash = await sha256Hex(token);
    await createSession(db(), vip.id, hash);
    const kept = await connect(vip);
    const ended = await connect(vip, `${SESSION_COOKIE}=${token}`);
    await db().delete(sessions).where(eq(sessions.idHash, hash));
    await accessChanged(env as never, db(), { kind: "sessions", target: { sessionHash: hash, userId: vip.id } });
    expect(await ended.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await ask(kept, "still here");
    expect(kept.isClosed()).toBe(false);
    expect(ofType(ended.messages, "typing")).toEqual([]);
  });

  it("closes every chat socket of a member whose password is reset (4401), at once", async () => {
    const vip = await createUser("vip");
    const sockets = [await connect(vip), await connect(vip)];
    const bystander = await connect(await createUser("vip"));
    const token = randomToken(32);
    await db()
      .insert(passwordResets)
      .values({ tokenHash: await sha256Hex(token), userId: vip.id, expiresAt: new Date(Date.now() + 60_000) });
    const res = await call("/api/auth/reset/confirm", { json: { token, password: "new-secret-123", confirmPassword: "new-secret-123" } });
    expect(res.status).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await settle(bystander);
    expect(bystander.isClosed()).toBe(false);
  });

  it("closes the socket of a member banned since, at their next message, without storing it", async () => {
    const vip = await createUser("vip");
    const socket = await connect(vip);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, vip.id));
    sendText(socket, "hello");
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(await stored(vip)).toEqual([]);
    expect(await sendCount(vip)).toBe(0);
  });

  it("closes a tab whose session ended before a reply goes out, and replies to the live one", async () => {
    const vip = await createUser("vip");
    const token = randomToken(32);
    const hash = await sha256Hex(token);
    await createSession(db(), vip.id, hash);
    const live = await connect(vip);
    const ended = await connect(vip, `${SESSION_COOKIE}=${token}`);
    await db().delete(sessions).where(eq(sessions.idHash, hash));
    // Make the thread ask D1 about every session, not only the sender's.
    await runInDurableObject(thread(vip), (instance: ChatThread) => {
      (instance as unknown as { sessions: { confirmedAt: Map<string, number> } }).sessions.confirmedAt.clear();
    });
    await ask(live, "hello");
    expect(await ended.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(ofType(ended.messages, "typing")).toEqual([]);
    expect(ofType(live.messages, "done")[0]!.message).not.toBeNull();
  });

  it("answers an abnormal or code-less close without throwing", async () => {
    const vip = await createUser("vip");
    await connect(vip);
    await runInDurableObject(thread(vip), async (instance: ChatThread) => {
      for (const [code, answer] of CLOSE_ANSWERS) {
        const pair = new WebSocketPair();
        const peer = acceptSocket(pair[0]);
        pair[1].accept();
        await expect(instance.webSocketClose(pair[1], code)).resolves.toBeUndefined();
        expect(await peer.closed).toEqual({ code: answer });
      }
    });
  });
});
