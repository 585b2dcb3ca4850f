// GET /api/feed/live and the FeedHub behind it: who may open a socket, from which origin, that a
// socket ends with the session it was opened with, how published events are coalesced into
// frames, and what the hub answers to frames a client sends.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { passwordResets, users } from "../../worker/db/schema/accounts";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { allFeedHubs, feedHub, publishFeedEvent } from "../../worker/services/realtime/feed-hub";
import { FEED_FLUSH_INTERVAL_MS, FeedEventQueue } from "../../worker/durable-objects/feed-event-queue";
import type { FeedServerFrame } from "../../worker/contracts/feed";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import type { FeedEvent } from "../../worker/contracts/feed";
import type { FeedHub } from "../../worker/durable-objects/FeedHub";
import type { AppEnv } from "../../worker/env";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";
import { CLOSE_ANSWERS, acceptSocket } from "./sockets";

/** The hub shard holding a member's sockets (the tests run with FEED_HUB_SHARDS = 4). */
const hub = (userId: string) => feedHub(env as never, userId);

const openSocket = (user: TestUser | null, headers: Record<string, string> = { origin: ORIGIN }) =>
  call("/api/feed/live", { cookie: user?.cookie, headers: { upgrade: "websocket", ...headers } });

/** Opens and accepts a member's socket (see sockets.ts). */
async function connect(user: TestUser) {
  const res = await openSocket(user);
  expect(res.status).toBe(101);
  return acceptSocket(res.webSocket!);
}

/** The JSON frames among a socket's messages ("pong" is plain text). */
const framesOf = (messages: string[]) => messages.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as FeedServerFrame);

/** The events frames that carry an event about one of `postIds` (the hub is shared by the file's tests). */
const eventFramesAbout = (messages: string[], postIds: string[]) =>
  framesOf(messages).filter((f): f is Extract<FeedServerFrame, { type: "events" }> => f.type === "events" && f.events.some((e) => postIds.includes(e.postId)));

const eventsAbout = (messages: string[], postIds: string[]) =>
  eventFramesAbout(messages, postIds).flatMap((f) => f.events.filter((e) => postIds.includes(e.postId)));

const newPostId = () => crypto.randomUUID();
const created = (postId: string, authorId = "author-1"): FeedEvent => ({ type: "post.created", postId, authorId });
const liked = (postId: string, likeCount: number): FeedEvent => ({ type: "like.changed", postId, likeCount });
const commented = (postId: string, commentCount: number): FeedEvent => ({ type: "comment.added", postId, commentCount });
const deleted = (postId: string): FeedEvent => ({ type: "post.deleted", postId });

/** Publishes a marker event and waits for `socket` to receive it: everything published before it has been flushed. */
async function publishAndAwait(socket: { messages: string[] }) {
  const marker = created(newPostId());
  await publishFeedEvent(env as never, marker);
  await expect.poll(() => eventsAbout(socket.messages, [marker.postId])).toEqual([marker]);
  return marker;
}

/** Makes the hub ask D1 about every socket's session at its next flush. */
const forgetConfirmations = () =>
  Promise.all(
    allFeedHubs(env as never).map((shard) =>
      runInDurableObject(shard, (instance: FeedHub) => {
        (instance as unknown as { sessions: { confirmedAt: Map<string, number> } }).sessions.confirmedAt.clear();
      }),
    ),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/feed/live: who may open it", () => {
  it("refuses a visitor (401) and a banned member (401)", async () => {
    expect((await openSocket(null)).status).toBe(401);
    expect((await openSocket(await createUser("banned"))).status).toBe(401);
  });

  it("asks for a WebSocket upgrade (400 upgrade_required)", async () => {
    const res = await call("/api/feed/live", { cookie: (await createUser("user")).cookie, headers: { origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("upgrade_required");
  });

  it.each([
    ["another site", "https://evil.example"],
    ["a sibling subdomain", "https://chat.fans.test"],
    ["the same host over http", "http://fans.test"],
    ["the same host on another port", "https://fans.test:8443"],
    ["the literal null origin", "null"],
  ])("refuses an upgrade from %s with the member's cookie (403 origin_refused)", async (_label, origin) => {
    const res = await openSocket(await createUser("user"), { origin });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
    expect(res.webSocket).toBeNull();
  });

  it("refuses an upgrade without an Origin header", async () => {
    const res = await openSocket(await createUser("user"), {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("origin_refused");
  });

  it.each(["user", "vip", "admin"] as const)("opens for a signed-in %s from the site's own origin", async (role) => {
    const { ws } = await connect(await createUser(role));
    ws.close(1000, "done");
  });
});

describe("FeedHub: sockets live as long as their session", () => {
  it("closes the socket when its session logs out, and only that session's socket", async () => {
    const user = await createUser("user");
    const other = await createUser("user");
    const mine = await connect(user);
    const theirs = await connect(other);
    expect((await call("/api/auth/logout", { method: "POST", cookie: user.cookie })).status).toBe(204);
    expect(await mine.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    const marker = await publishAndAwait(theirs);
    expect(eventsAbout(mine.messages, [marker.postId])).toEqual([]);
    theirs.ws.close(1000, "done");
  });

  it("closes every socket of a member whose password is reset", async () => {
    const user = await createUser("user");
    const first = await connect(user);
    const token = randomToken(32);
    await db()
      .insert(passwordResets)
      .values({ tokenHash: await sha256Hex(token), userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
    const res = await call("/api/auth/reset/confirm", { json: { token, password: "new-secret-123", confirmPassword: "new-secret-123" } });
    expect(res.status).toBe(200);
    expect(await first.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
  });

  it("stops sending to a banned member's socket and closes it", async () => {
    const banned = await createUser("user");
    const bystander = await createUser("user");
    const target = await connect(banned);
    const other = await connect(bystander);
    await db().update(users).set({ status: "banned" }).where(eq(users.id, banned.id));
    await forgetConfirmations();
    await publishAndAwait(other);
    expect(await target.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(target.messages).toEqual([]);
    other.ws.close(1000, "done");
  });

  it("answers an abnormal or code-less close without throwing", async () => {
    await runInDurableObject(hub("any member"), async (instance: FeedHub) => {
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

describe("FeedHub.publish: coalesced delivery", () => {
  it("sends a published event to a member's socket as an events frame stamped with the flush's start", async () => {
    const user = await createUser("user");
    const socket = await connect(user);
    const event = created(newPostId(), user.id);
    const publishedAt = Date.now();
    expect(await hub(user.id).publish(event)).toBe(true);
    await expect.poll(() => eventFramesAbout(socket.messages, [event.postId])).toEqual([{ type: "events", events: [event], sentAt: expect.any(Number) }]);
    // The hub's clock, not a client's: the flush started after the publish and before the frame arrived.
    const [frame] = eventFramesAbout(socket.messages, [event.postId]);
    expect(frame!.sentAt).toBeGreaterThanOrEqual(publishedAt);
    expect(frame!.sentAt).toBeLessThanOrEqual(Date.now());
    socket.ws.close(1000, "done");
  });

  it("delivers through publishFeedEvent, the routes' entry point, to every member's socket", async () => {
    const sockets = [await connect(await createUser("user")), await connect(await createUser("vip"))];
    const event = commented(newPostId(), 3);
    await expect(publishFeedEvent(env as never, event)).resolves.toBeUndefined();
    for (const socket of sockets) {
      await expect.poll(() => eventsAbout(socket.messages, [event.postId])).toEqual([event]);
      socket.ws.close(1000, "done");
    }
  });

  it("coalesces a burst of 30 events into a few frames, keeping the latest like count per post", async () => {
    const user = await createUser("user");
    const socket = await connect(user);
    const posts = [newPostId(), newPostId(), newPostId()];
    // Like counts 0..29, post i % 3: the latest are 27, 28 and 29. One stub: calls arrive in order.
    const stub = hub(user.id);
    const burst = Array.from({ length: 30 }, (_, i) => liked(posts[i % 3]!, i));
    expect(await Promise.all(burst.map((e) => stub.publish(e)))).toEqual(burst.map(() => true));

    const latest = posts.map((postId, i) => liked(postId, 27 + i));
    await expect.poll(() => eventsAbout(socket.messages, posts)).toEqual(expect.arrayContaining(latest));
    const frames = eventFramesAbout(socket.messages, posts);
    expect(frames.length).toBeLessThanOrEqual(4);
    for (const frame of frames) {
      const keys = frame.events.map((e) => `${e.type} ${e.postId}`);
      expect(new Set(keys).size).toBe(keys.length); // one like.changed per post per frame
    }
    const received = eventsAbout(socket.messages, posts);
    expect(received.length).toBeLessThan(burst.length);
    for (const [i, postId] of posts.entries()) {
      expect(received.filter((e) => e.postId === postId).at(-1)).toEqual(latest[i]);
    }
    socket.ws.close(1000, "done");
  });

  it("sends at most one frame per flush interval", async () => {
    const user = await createUser("user");
    const socket = await connect(user);
    const first = created(newPostId());
    const second = created(newPostId());
    const stub = hub(user.id);
    const startedAt = Date.now();
    await stub.publish(first);
    await socket.until((m) => eventsAbout(m, [first.postId]).length > 0);
    // The hub flushed `first` after startedAt; `second` cannot go out sooner than one interval later.
    await stub.publish(second);
    await socket.until((m) => eventsAbout(m, [second.postId]).length > 0);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(FEED_FLUSH_INTERVAL_MS - 5);
    expect(eventFramesAbout(socket.messages, [first.postId, second.postId])).toHaveLength(2);
    socket.ws.close(1000, "done");
  });

  it("drops and logs an invalid event, and publishFeedEvent does not throw on it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const socket = await connect(await createUser("user"));
    const postId = newPostId();
    const invalid = [
      { type: "like.changed", postId, likeCount: "many" },
      { type: "post.exploded", postId },
      { type: "comment.added", commentCount: 1 },
      { type: "like.changed", postId, likeCount: 1.5 },
    ];
    for (const event of invalid) expect(await hub("any member").publish(event as never)).toBe(false);
    await expect(publishFeedEvent(env as never, invalid[0] as never)).resolves.toBeUndefined();
    // Whatever was queued before the marker has been flushed by the time the marker arrives.
    await publishAndAwait(socket);
    expect(eventsAbout(socket.messages, [postId])).toEqual([]);
    expect(
      framesOf(socket.messages)
        .flatMap((f) => (f.type === "events" ? f.events : []))
        .some((e) => (e.type as string) === "post.exploded"),
    ).toBe(false);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("feed: dropped an invalid event"));
    socket.ws.close(1000, "done");
  });

  it("logs instead of throwing when the hub cannot be reached", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      FEED_HUB: {
        idFromName: () => ({}),
        get: () => ({ publish: () => Promise.reject(new Error("hub unavailable")) }),
      },
    } as unknown as AppEnv;
    await expect(publishFeedEvent(broken, created(newPostId()))).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("feed: publishing post.created"), expect.any(Error));
  });

  it("drops, within one flush, every event about a post deleted in it except the post.deleted", async () => {
    const user = await createUser("user");
    const socket = await connect(user);
    const gone = newPostId();
    const kept = newPostId();
    // Queued in one turn inside the object, so they share a flush whatever the machine's speed.
    await runInDurableObject(hub(user.id), async (instance: FeedHub) => {
      const results = [created(gone), liked(gone, 1), commented(gone, 1), liked(kept, 4), deleted(gone), liked(gone, 2), commented(kept, 2)].map((e) =>
        instance.publish(e),
      );
      expect(await Promise.all(results)).toEqual(results.map(() => true));
    });
    await expect.poll(() => eventsAbout(socket.messages, [gone, kept])).toHaveLength(3);
    // One frame carries them; an event another test of the file published late may share it.
    const frames = eventFramesAbout(socket.messages, [gone, kept]);
    expect(frames.map((frame) => frame.events.filter((e) => [gone, kept].includes(e.postId)))).toEqual([[liked(kept, 4), deleted(gone), commented(kept, 2)]]);
    socket.ws.close(1000, "done");
  });
});

describe("FeedEventQueue: what one flush sends", () => {
  it("keeps the latest like.changed and comment.added per post, in the latest one's place", () => {
    const queue = new FeedEventQueue();
    for (const e of [created("a"), liked("a", 1), commented("a", 1), liked("b", 7), liked("a", 2), commented("a", 2), liked("a", 1)]) queue.push(e);
    expect(queue.take()).toEqual([created("a"), liked("b", 7), commented("a", 2), liked("a", 1)]);
    expect(queue.size).toBe(0);
  });

  it("keeps only the post.deleted of a deleted post, also against events that come after it", () => {
    const queue = new FeedEventQueue();
    for (const e of [created("a"), liked("a", 1), commented("b", 1), deleted("a"), commented("a", 3), deleted("a"), liked("b", 2)]) queue.push(e);
    expect(queue.take()).toEqual([commented("b", 1), deleted("a"), liked("b", 2)]);
  });

  it("leaves what does not fit in one frame for the next flush", () => {
    const queue = new FeedEventQueue();
    for (let i = 0; i < 5; i++) queue.push(created(`p${i}`));
    expect(queue.take(3).map((e) => e.postId)).toEqual(["p0", "p1", "p2"]);
    queue.push(deleted("p4"));
    expect(queue.take(3)).toEqual([created("p3"), deleted("p4")]);
  });
});

describe("FeedHub: frames a client sends", () => {
  const BAD_FRAME: FeedServerFrame = { type: "error", code: "bad_frame" };

  it("answers ping with pong", async () => {
    const socket = await connect(await createUser("user"));
    socket.ws.send("ping");
    socket.ws.send("ping");
    await expect.poll(() => socket.messages).toEqual(["pong", "pong"]);
    socket.ws.close(1000, "done");
  });

  it("answers bad frames with one error frame, ignores them and keeps the socket open", async () => {
    const socket = await connect(await createUser("user"));
    let closed = false;
    void socket.closed.then(() => (closed = true));
    socket.ws.send("hello");
    socket.ws.send(`ping${" ".repeat(2000)}`);
    socket.ws.send("x".repeat(64 * 1024));
    socket.ws.send(new Uint8Array([0x70, 0x69, 0x6e, 0x67])); // "ping", but binary
    socket.ws.send(JSON.stringify({ type: "ping" }));
    socket.ws.send("ping");
    // Frames on one socket are handled in order: the pong comes after every bad frame was seen.
    await expect.poll(() => socket.messages).toContain("pong");
    expect(socket.messages).toEqual([JSON.stringify(BAD_FRAME), "pong"]);
    // Still open and still fed.
    await publishAndAwait(socket);
    expect(closed).toBe(false);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.close(1000, "done");
  });

  it("answers another socket's first bad frame too (once is per socket)", async () => {
    const user = await createUser("user");
    const [a, b] = [await connect(user), await connect(user)];
    a.ws.send("nope");
    b.ws.send("nope");
    b.ws.send("nope");
    a.ws.send("ping");
    b.ws.send("ping");
    await expect
      .poll(() => [a.messages, b.messages])
      .toEqual([
        [JSON.stringify(BAD_FRAME), "pong"],
        [JSON.stringify(BAD_FRAME), "pong"],
      ]);
    a.ws.close(1000, "done");
    b.ws.close(1000, "done");
  });
});
