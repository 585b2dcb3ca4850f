// The feed hub sharded by configuration (decision 047): the Worker tests run with FEED_HUB_SHARDS = 4.
// A member's sockets join shard hash(member) mod 4; a post reaches members on every shard; notices,
// a sign-out and a ban reach the member's own shard.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { feedHubShards, feedShardOf, notifyFeedSockets } from "../../worker/services/realtime/feed-hub";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import { NOTIFICATION_FRAME } from "../../worker/contracts/notifications";
import { call, createUser, ORIGIN, type TestUser } from "./helpers";
import { acceptSocket, type AcceptedSocket } from "./sockets";

const SHARDS = 4;
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) if (ws.readyState === WebSocket.OPEN) ws.close(1000, "done");
});

async function connect(path: "/api/feed/live" | "/api/feed/notices", user: TestUser): Promise<AcceptedSocket> {
  const res = await call(path, { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  open.push(res.webSocket!);
  return acceptSocket(res.webSocket!);
}

/** One member on each shard. */
async function oneMemberPerShard(): Promise<TestUser[]> {
  const byShard = new Map<number, TestUser>();
  while (byShard.size < SHARDS) {
    const user = await createUser("user");
    const shard = feedShardOf(user.id, SHARDS);
    if (!byShard.has(shard)) byShard.set(shard, user);
  }
  return [...byShard.values()];
}

describe("the feed hub's shards", () => {
  it("run four in the tests, and spread members evenly and stably", () => {
    expect(feedHubShards(env as never)).toBe(SHARDS);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 1000; i++) counts[feedShardOf(crypto.randomUUID(), SHARDS)]!++;
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(180);
    const id = crypto.randomUUID();
    expect(feedShardOf(id, SHARDS)).toBe(feedShardOf(id, SHARDS));
    expect(feedShardOf(id, 1)).toBe(0);
  });

  it("a new post reaches members on every shard", async () => {
    const members = await oneMemberPerShard();
    const sockets = await Promise.all(members.map((m) => connect("/api/feed/live", m)));
    const res = await call("/api/posts", { json: { content: "Hello from every shard" }, cookie: members[0]!.cookie });
    expect(res.status).toBe(201);
    const { id } = (await res.json<{ post: { id: string } }>()).post;
    for (const socket of sockets) await socket.until((messages) => messages.some((m) => m.includes(id)));
  });

  it("a notification nudges only its member's page, on that member's shard", async () => {
    const [target, ...others] = await oneMemberPerShard();
    const targetSocket = await connect("/api/feed/notices", target!);
    const otherSockets = await Promise.all(others.map((m) => connect("/api/feed/notices", m)));
    await notifyFeedSockets(env as never, [target!.id]);
    await targetSocket.until((messages) => messages.includes(NOTIFICATION_FRAME));
    // Every other page answers a ping after the nudge went out, and holds no notification.
    for (const socket of otherSockets) {
      socket.ws.send("ping");
      await socket.until((messages) => messages.includes("pong"));
      expect(socket.messages).not.toContain(NOTIFICATION_FRAME);
    }
  });

  it("signing out closes the member's sockets on their shard, and nobody else's", async () => {
    const [leaving, staying] = await oneMemberPerShard();
    const leavingSockets = [await connect("/api/feed/live", leaving!), await connect("/api/feed/notices", leaving!)];
    const stayingSocket = await connect("/api/feed/live", staying!);
    expect((await call("/api/auth/logout", { method: "POST", cookie: leaving!.cookie })).status).toBe(204);
    for (const socket of leavingSockets) expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    stayingSocket.ws.send("ping");
    await stayingSocket.until((messages) => messages.includes("pong"));
    expect(stayingSocket.isClosed()).toBe(false);
  });

  it("a ban closes the banned member's sockets, whatever their shard", async () => {
    const admin = await createUser("admin");
    for (const member of await oneMemberPerShard()) {
      const socket = await connect("/api/feed/live", member);
      const res = await call(`/api/admin/users/${member.id}/ban`, { method: "PUT", cookie: admin.cookie, json: { banned: true, reason: "Spam", until: null } });
      expect(res.status).toBe(200);
      expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    }
  });
});
