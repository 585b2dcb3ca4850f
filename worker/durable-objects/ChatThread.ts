// One object per VIP member (named by their user id): their chat threads, kept in the object's own
// SQLite, and the reply being written. WebSocket Hibernation API: an idle chat costs nothing. While
// a reply streams, the message handler that started it is still running, so the object stays awake
// and the reply's state (its abort controller, the text so far) lives in memory only.
//
// The Worker authenticates the upgrade (session, VIP or admin, Origin) and names the member, their
// session and how the persona should see them in headers; the object trusts nothing else. A member
// may have several sockets (tabs): every frame about the thread goes to all of them, errors about
// one frame only to the socket that sent it.
//
// Storage: `messages` (every thread's messages; the current thread's id in `meta`) and `sends`
// (when the member sent, for the per-minute and per-day limits: Clear does not reset them).
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import { createDb } from "../db/client";
import { readSettings } from "../db/settings";
import { artistNameOf } from "#contracts/settings-model.ts";
import {
  attachmentOf,
  closeBack,
  closeQuietly,
  isPing,
  SERVER_PONG,
  SessionChecker,
  sessionTag,
  socketIdentity,
  targetTag,
  userTag,
  type SocketAttachment,
  type SocketClose,
  type SocketTarget,
  VIP_ENDED,
} from "../services/realtime/socket-sessions";
import { CHAT_MEMBER_ADMIN_HEADER, CHAT_MEMBER_NAME_HEADER, CHAT_MEMBER_VIP_HEADER } from "../services/realtime/chat-thread";
import { findMemberAccess, keepsVipSockets } from "../db/member-access";
import { ChatModelError, type ChatMember, type ChatModel, type ChatTurn } from "../services/ai/types";
import { SOCKET_CLOSE_SESSION_ENDED } from "#contracts/realtime.ts";
import { DAY_MS, MINUTE_MS } from "../lib/time";
import { TEXT_MESSAGES } from "#contracts/text-messages.ts";
import {
  CHAT_CLIENT_FRAME_MAX_BYTES,
  CHAT_CONTEXT_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_MESSAGES_PER_DAY,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_REPLY_TIMEOUT_MS,
} from "#contracts/chat-limits.ts";
import type { ChatClientFrame, ChatErrorCode, ChatLocale, ChatMessage, ChatRole, ChatServerFrame } from "#contracts/chat.ts";
import { onFirstUse } from "../lib/first-use";

/** The chat's frame schema, loaded with the first frame. */
const chatContract = onFirstUse(() => import("#contracts/chat.ts"));

/** A history frame carries at most this many of the newest messages, so a years-long thread still fits one frame. */
export const CHAT_HISTORY_MAX_MESSAGES = 500;
const OPEN = 1;

type ChatAttachment = SocketAttachment & { name: string; vip: boolean; admin: boolean };

/** The reply being written: in memory only (see the top). */
type Reply = {
  id: string;
  userMessage: ChatMessage;
  /** Aborted by a cancel, a new message, New Chat, Clear, or the end of the member's last session. */
  cancel: AbortController;
  text: string;
  /** Its `done` frame went out (completed, failed or cancelled): nothing more is sent for it. */
  finished: boolean;
};

type MessageRow = { id: string; thread_id: string; role: string; content: string; created_at: number };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  thread_id TEXT NOT NULL,
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_thread_idx ON messages (thread_id, seq);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sends (at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sends_at_idx ON sends (at);
`;

/** Whole seconds until `at`, at least one: the client waits that long before sending again. */
const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
const frameText = (frame: ChatServerFrame) => JSON.stringify(frame);
const errorFrame = (code: ChatErrorCode, extra: Omit<Extract<ChatServerFrame, { type: "error" }>, "type" | "code"> = {}): ChatServerFrame => ({
  type: "error",
  code,
  ...extra,
});

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  threadId: row.thread_id,
  role: row.role as ChatRole,
  content: row.content,
  createdAt: row.created_at,
});

/** Whether `text` is longer than `max` bytes in UTF-8, without encoding texts that cannot be. */
function exceedsBytes(text: string, max: number): boolean {
  if (text.length > max) return true; // a UTF-16 unit is at least one byte
  if (text.length * 3 <= max) return false; // and at most three
  return new TextEncoder().encode(text).byteLength > max;
}

/** A client frame, or the error it earns: too large, not JSON or not a known frame is bad_frame. */
async function parseClientFrame(message: string | ArrayBuffer): Promise<ChatClientFrame | ChatErrorCode> {
  if (typeof message !== "string" || exceedsBytes(message, CHAT_CLIENT_FRAME_MAX_BYTES)) return "bad_frame";
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return "bad_frame";
  }
  // The frames' schema loads with the first frame, not at start-up (decision 078).
  const { chatClientFrameSchema } = await chatContract();
  const parsed = chatClientFrameSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  if (isOverlongSend(json)) return "message_too_long";
  return chatErrorOfIssue(parsed.error.issues[0]?.message);
}

/** A send's text rule (its issue texts are codes, the shared text rule's is its message), else bad_frame. */
function chatErrorOfIssue(message: string | undefined): ChatErrorCode {
  if (message === "empty_message" || message === "message_too_long") return message;
  if (message === TEXT_MESSAGES.invalidCharacters) return "invalid_characters";
  return "bad_frame";
}

/** A send whose text is over the limit: the member is told that rather than bad_frame. */
function isOverlongSend(json: unknown): boolean {
  if (typeof json !== "object" || json === null) return false;
  const { type, text } = json as { type?: unknown; text?: unknown };
  return type === "send" && typeof text === "string" && text.length > CHAT_MESSAGE_MAX_CHARS;
}

/** The member and session the Worker named on the upgrade, or null when any is missing. */
function chatAttachment(request: Request): ChatAttachment | null {
  const identity = socketIdentity(request);
  const encodedName = request.headers.get(CHAT_MEMBER_NAME_HEADER);
  if (!identity || encodedName === null) return null;
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    return null;
  }
  return { ...identity, name, vip: request.headers.get(CHAT_MEMBER_VIP_HEADER) === "1", admin: request.headers.get(CHAT_MEMBER_ADMIN_HEADER) === "1" };
}

const memberOf = (ws: WebSocket): ChatMember => {
  const a = ws.deserializeAttachment() as ChatAttachment;
  return { id: a.userId, name: a.name, vip: a.vip, admin: a.admin };
};

/** Rejects with the signal's reason once it aborts; never resolves. */
function abortion(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined); // only ever raced; never unhandled
  return aborted;
}

/** The model's pieces until it ends, or until `signal` aborts even if the model ignores it. */
async function* untilAborted(pieces: AsyncIterable<string>, signal: AbortSignal): AsyncGenerator<string> {
  const iterator = pieces[Symbol.asyncIterator]();
  const aborted = abortion(signal);
  try {
    while (true) {
      const step = await Promise.race([iterator.next(), aborted]);
      if (step.done) return;
      yield step.value;
    }
  } finally {
    // Lets the model release its request; a model stuck mid-piece never answers, which is fine.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

export class ChatThread extends DurableObject<AppEnv> {
  /**
   * Made at the first reply, with the model's code and the site digest's, which load then rather
   * than at the Worker's start-up (every isolate starts with the object's class, few ever reply).
   * Replaceable in tests (runInDurableObject), like the timeout below.
   */
  model: ChatModel | null = null;
  replyTimeoutMs = CHAT_REPLY_TIMEOUT_MS;
  private sessions = new SessionChecker(this.env.DB);
  private reply: Reply | null = null;
  /** Frames that change the thread run one after another, in arrival order, up to the reply's start. */
  private admission: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(SCHEMA);
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const attachment = chatAttachment(request);
    if (!attachment) return new Response("Unauthenticated socket", { status: 401 });
    if (!this.claimOwner(attachment.userId)) return new Response("Another member's thread", { status: 403 });
    await this.refreshPersona(); // before the socket opens: its first frame names the persona
    const pair = new WebSocketPair();
    const ws = pair[1];
    this.ctx.acceptWebSocket(ws, [userTag(attachment.userId), sessionTag(attachment.sessionHash)]);
    ws.serializeAttachment(attachment);
    this.sessions.confirm(attachment.sessionHash);
    this.sendTo(ws, this.historyFrame());
    this.catchUp(ws);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * Closes the sockets of one session, or of every session of the member (RPC); `close`: another
   * code than a session's end (VIP ended, decision 040).
   */
  async closeSockets(target: SocketTarget, close?: SocketClose): Promise<number> {
    const closed = this.sessions.closeSockets(this.ctx.getWebSockets(targetTag(target)), close);
    // Nobody signed in is left to read the reply: stop paying for it.
    if (this.openSockets().length === 0) this.cancelReply();
    return closed;
  }

  /** Every stored message of every thread, oldest first, for the member's data export (RPC, decision 041). */
  async exportHistory(): Promise<ChatMessage[]> {
    return this.ctx.storage.sql.exec<MessageRow>("SELECT id, thread_id, role, content, created_at FROM messages ORDER BY seq").toArray().map(toMessage);
  }

  /**
   * Account deletion (RPC, decision 041): closes the member's sockets, stops a reply and deletes
   * everything the object stores (messages, the owner, the send counts). The schema is made again
   * so the same instance still answers if called before it is evicted.
   */
  async wipe(): Promise<void> {
    this.cancelReply();
    const owner = this.metaValue("owner");
    if (owner) this.sessions.closeSockets(this.ctx.getWebSockets(userTag(owner)));
    await this.ctx.storage.deleteAll();
    this.ctx.storage.sql.exec(SCHEMA);
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (isPing(message)) {
      // A session that expired on its own closes here (4401), at the page's next ping.
      if (await this.sessions.keepIfLive(ws)) this.sendText(ws, SERVER_PONG);
      return;
    }
    const frame = await parseClientFrame(message);
    if (typeof frame === "string") {
      this.sendTo(ws, errorFrame(frame));
      return;
    }
    try {
      await this.handle(ws, frame);
    } catch (err) {
      // Every action answers its own failures; this only keeps a surprise from crashing the object.
      console.error("chat: a frame failed", err);
    }
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // A closed tab does not stop the reply: it is stored and shown on the next visit.
    closeBack(ws, code);
  }

  private async handle(ws: WebSocket, frame: ChatClientFrame) {
    switch (frame.type) {
      case "cancel":
        this.cancelReply();
        return;
      case "send":
        return this.onSend(ws, frame.text, frame.locale);
      case "new_chat":
        return this.admit(ws, "new_chat_failed", () => this.startFresh(false));
      case "clear":
        return this.admit(ws, "clear_failed", () => this.startFresh(true));
    }
  }

  private async onSend(ws: WebSocket, rawText: string, locale: ChatLocale) {
    const text = rawText.trim();
    if (!text) return this.sendTo(ws, errorFrame("empty_message"));
    if (text.length > CHAT_MESSAGE_MAX_CHARS) return this.sendTo(ws, errorFrame("message_too_long"));
    const reply = await this.admit(ws, "send_failed", () => {
      const refusal = this.limitRefusal(Date.now());
      if (refusal) {
        this.sendTo(ws, refusal);
        return null;
      }
      this.cancelReply();
      return this.startReply(text);
    });
    if (reply) await this.runReply(reply, memberOf(ws), text, locale);
  }

  /**
   * Runs `action` after the frames before it, once the sessions are re-checked: the sender's with
   * D1 now (a reply costs far more than the query, and a session that ended must not chat on), the
   * others' at most once a minute. Sockets of ended sessions are closed (4401); a failure is
   * answered with `failure` on the sender's socket.
   */
  private admit<T>(ws: WebSocket, failure: ChatErrorCode, action: () => T): Promise<T | undefined> {
    const run = async () => {
      try {
        if (await this.senderIsLive(ws)) return action();
      } catch (err) {
        console.error(`chat: ${failure}`, err);
        this.sendTo(ws, errorFrame(failure));
        if (failure === "clear_failed") this.sendTo(ws, this.historyFrame()); // what is stored now
      }
      return undefined;
    };
    const next = this.admission.then(run);
    this.admission = next.catch(() => undefined); // one failure must not stall the frames after it
    return next;
  }

  private async senderIsLive(sender: WebSocket): Promise<boolean> {
    const senderHash = attachmentOf(sender).sessionHash;
    this.sessions.forget(senderHash);
    const sockets = this.openSockets();
    const live = await this.sessions.liveSessions(sockets.includes(sender) ? sockets : [...sockets, sender]);
    for (const ws of sockets) {
      if (!live.has(attachmentOf(ws).sessionHash)) closeQuietly(ws, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
    }
    if (!live.has(senderHash)) closeQuietly(sender, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
    return live.has(senderHash) && (await this.stillVip(sender));
  }

  /**
   * The member is still VIP or an administrator, as D1 has it now (decision 040). The role-change
   * fan-out closes the sockets at once; this catches a VIP that ended without it (the payment
   * grace's cron, a failed fan-out): every socket closes 4403 vip_ended and nothing is answered.
   */
  private async stillVip(sender: WebSocket): Promise<boolean> {
    if (keepsVipSockets(await findMemberAccess(createDb(this.env.DB), attachmentOf(sender).userId))) return true;
    this.sessions.closeSockets(this.openSockets().includes(sender) ? this.openSockets() : [...this.openSockets(), sender], VIP_ENDED);
    this.cancelReply();
    return false;
  }

  /** The daily limit first: when both are reached, the longer wait is the true one. */
  private limitRefusal(now: number): ChatServerFrame | null {
    const day = this.sendsSince(now - DAY_MS);
    if (day.count >= CHAT_MESSAGES_PER_DAY) return errorFrame("daily_limit", { retryAfter: secondsUntil(day.oldest + DAY_MS, now) });
    const minute = this.sendsSince(now - MINUTE_MS);
    if (minute.count >= CHAT_MESSAGES_PER_MINUTE) return errorFrame("rate_limited", { retryAfter: secondsUntil(minute.oldest + MINUTE_MS, now) });
    return null;
  }

  private sendsSince(since: number): { count: number; oldest: number } {
    const row = this.ctx.storage.sql
      .exec<{ count: number; oldest: number | null }>("SELECT COUNT(*) AS count, MIN(at) AS oldest FROM sends WHERE at > ?", since)
      .one();
    return { count: row.count, oldest: row.oldest ?? since };
  }

  /** Stores the member's message (and counts it), announces the reply, and returns it. */
  private startReply(text: string): Reply {
    const now = Date.now();
    const threadId = this.currentThreadId();
    const userMessage = this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec("DELETE FROM sends WHERE at <= ?", now - DAY_MS);
      this.ctx.storage.sql.exec("INSERT INTO sends (at) VALUES (?)", now);
      return this.insertMessage(threadId, "user", text, now);
    });
    const reply: Reply = { id: crypto.randomUUID(), userMessage, cancel: new AbortController(), text: "", finished: false };
    this.reply = reply;
    this.broadcast({ type: "typing", replyId: reply.id, userMessage });
    return reply;
  }

  /** Streams the model's reply to every socket, then stores it; any failure ends it with an error frame. */
  private async runReply(reply: Reply, member: ChatMember, text: string, uiLocale: ChatLocale) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException("Run timed out", "TimeoutError")), this.replyTimeoutMs);
    const signal = AbortSignal.any([reply.cancel.signal, timeout.signal]);
    try {
      const [ai, { loadSiteDigest }] = await Promise.all([import("../services/ai"), import("../services/chat-digest")]);
      const model = (this.model ??= ai.createChatModel(this.env));
      // The reply is written in the language of the message; the UI language only when that is unclear.
      const locale = ai.replyLanguage(text, uiLocale);
      const turns = ai.trimContext(this.contextTurns(reply));
      const [digest] = await Promise.race([
        Promise.all([loadSiteDigest(this.env, createDb(this.env.DB), Date.now()), this.refreshPersona()]),
        abortion(signal),
      ]);
      const request = { persona: this.persona(), member, locale, digest, turns, signal };
      for await (const piece of untilAborted(model.reply(request), signal)) {
        if (reply.finished) return;
        if (!piece) continue;
        reply.text += piece;
        this.broadcast({ type: "delta", replyId: reply.id, text: piece });
      }
      if (signal.aborted) throw signal.reason; // the model may end quietly when aborted
      this.completeReply(reply);
    } catch (err) {
      this.failReply(reply, err, timeout.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  private completeReply(reply: Reply) {
    if (reply.finished) return;
    reply.finished = true;
    if (this.reply === reply) this.reply = null;
    const message = this.insertMessage(reply.userMessage.threadId, "assistant", reply.text, Date.now());
    this.broadcast({ type: "done", replyId: reply.id, message });
  }

  private failReply(reply: Reply, err: unknown, timedOut: boolean) {
    if (reply.finished) return; // cancelled: its done frame went out then
    reply.finished = true;
    if (this.reply === reply) this.reply = null;
    reply.cancel.abort();
    if (timedOut) {
      this.broadcast(errorFrame("timeout", { replyId: reply.id }));
    } else if (err instanceof ChatModelError) {
      this.broadcast(errorFrame(err.code, { replyId: reply.id, ...(err.code === "run_failed" ? { status: err.status ?? "failed" } : {}) }));
    } else {
      console.error("chat: the reply failed", err);
      this.broadcast(errorFrame("send_failed", { replyId: reply.id }));
    }
    this.broadcast({ type: "done", replyId: reply.id, message: null });
  }

  /** Stops the reply being written, if any; what it wrote so far is not kept. */
  private cancelReply() {
    const reply = this.reply;
    this.reply = null;
    if (!reply || reply.finished) return;
    reply.finished = true;
    reply.cancel.abort();
    this.broadcast({ type: "done", replyId: reply.id, message: null });
  }

  /** New Chat (the old thread stays stored, unseen) or Clear (every message goes): a new thread either way. */
  private startFresh(deleteAll: boolean) {
    this.cancelReply();
    this.ctx.storage.transactionSync(() => {
      if (deleteAll) this.ctx.storage.sql.exec("DELETE FROM messages");
      this.newThread();
    });
    this.broadcast(this.historyFrame());
  }

  /** The thread's newest messages up to the reply's question, oldest first, as the model reads them. */
  private contextTurns(reply: Reply): ChatTurn[] {
    return this.ctx.storage.sql
      .exec<{ role: string; content: string }>(
        "SELECT role, content FROM messages WHERE thread_id = ? AND seq <= (SELECT seq FROM messages WHERE id = ?) ORDER BY seq DESC LIMIT ?",
        reply.userMessage.threadId,
        reply.userMessage.id,
        CHAT_CONTEXT_MAX_MESSAGES + 1,
      )
      .toArray()
      .reverse()
      .map((row) => ({ role: row.role as ChatRole, content: row.content }));
  }

  private historyFrame(): ChatServerFrame {
    const threadId = this.currentThreadId();
    const messages = this.ctx.storage.sql
      .exec<MessageRow>(
        "SELECT id, thread_id, role, content, created_at FROM messages WHERE thread_id = ? ORDER BY seq DESC LIMIT ?",
        threadId,
        CHAT_HISTORY_MAX_MESSAGES,
      )
      .toArray()
      .reverse()
      .map(toMessage);
    return { type: "history", threadId, messages, persona: this.persona(), offline: this.model?.offline ?? !readConfig(this.env).OPENAI_API_KEY };
  }

  /** A socket that opens mid-reply sees it being written: the question, then the text so far. */
  private catchUp(ws: WebSocket) {
    const reply = this.reply;
    if (!reply || reply.finished) return;
    this.sendTo(ws, { type: "typing", replyId: reply.id, userMessage: reply.userMessage });
    if (reply.text) this.sendTo(ws, { type: "delta", replyId: reply.id, text: reply.text });
  }

  private insertMessage(threadId: string, role: ChatRole, content: string, createdAt: number): ChatMessage {
    const message: ChatMessage = { id: crypto.randomUUID(), threadId, role, content, createdAt };
    this.ctx.storage.sql.exec(
      "INSERT INTO messages (id, thread_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)",
      message.id,
      threadId,
      role,
      content,
      createdAt,
    );
    return message;
  }

  /** The current thread, created on first use. */
  private currentThreadId(): string {
    return this.metaValue("thread") ?? this.newThread();
  }

  private newThread(): string {
    const threadId = crypto.randomUUID();
    this.setMeta("thread", threadId);
    return threadId;
  }

  /** The first member to connect owns the object; another member's upgrade is refused. */
  private claimOwner(userId: string): boolean {
    const owner = this.metaValue("owner");
    if (owner === null) this.setMeta("owner", userId);
    return owner === null || owner === userId;
  }

  private metaValue(key: string): string | null {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string) {
    this.ctx.storage.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  /** The artist's name from the back office's settings, read when a socket opens and before each reply. */
  private personaName: string | null = null;

  /** The persona is the artist: the saved artist name (artistNameOf), one setting for both. */
  private persona() {
    return this.personaName ?? readConfig(this.env).CHAT_PERSONA_NAME;
  }

  private async refreshPersona() {
    try {
      this.personaName = artistNameOf(await readSettings(createDb(this.env.DB)), readConfig(this.env));
    } catch (error) {
      console.error("chat: reading the artist's name failed; the configured persona answers", error);
    }
  }

  private openSockets() {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === OPEN);
  }

  private broadcast(frame: ChatServerFrame) {
    const text = frameText(frame);
    for (const ws of this.openSockets()) this.sendText(ws, text);
  }

  private sendTo(ws: WebSocket, frame: ChatServerFrame) {
    this.sendText(ws, frameText(frame));
  }

  private sendText(ws: WebSocket, text: string) {
    try {
      ws.send(text);
    } catch {
      // closing under us: the others still get it
    }
  }
}
