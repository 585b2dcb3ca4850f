// GET /api/feed/live and the FeedHub behind it: who may open a socket, from which origin, and
// that a socket ends with the session it was opened with.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets, users } from "../../worker/db/schema";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { feedHub } from "../../worker/lib/feed-hub";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import type { FeedHub } from "../../worker/durable-objects/FeedHub";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";

const hub = () => feedHub(env as never);

const openSocket = (user: TestUser | null, headers: Record<string, string> = { origin: ORIGIN }) =>
  call("/api/feed/live", { cookie: user?.cookie, headers: { upgrade: "websocket", ...headers } });

/** Opens and accepts a member's socket; resolves its messages and its close event as they come. */
async function connect(user: TestUser) {
  const res = await openSocket(user);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: string[] = [];
  ws.addEventListener("message", (e) => messages.push(String(e.data)));
  const closed = new Promise<{ code: number }>((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code })));
  ws.accept();
  return { ws, messages, closed };
}

/** Makes the hub ask D1 about every socket's session at its next broadcast. */
const forgetConfirmations = () =>
  runInDurableObject(hub(), (instance: FeedHub) => {
    (instance as unknown as { confirmedAt: Map<string, number> }).confirmedAt.clear();
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
  it("relays what the hub broadcasts to a signed-in member's socket", async () => {
    const { ws, messages } = await connect(await createUser("user"));
    expect(await hub().broadcast({ type: "post.created", id: "p1" })).toBeGreaterThanOrEqual(1);
    await expect.poll(() => messages).toContainEqual(JSON.stringify({ type: "post.created", id: "p1" }));
    ws.close(1000, "done");
  });

  it("closes the socket when its session logs out, and only that session's socket", async () => {
    const user = await createUser("user");
    const other = await createUser("user");
    const mine = await connect(user);
    const theirs = await connect(other);
    expect((await call("/api/auth/logout", { method: "POST", cookie: user.cookie })).status).toBe(204);
    expect(await mine.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    await hub().broadcast({ type: "ping-after-logout" });
    await expect.poll(() => theirs.messages).toContainEqual(JSON.stringify({ type: "ping-after-logout" }));
    expect(mine.messages).not.toContainEqual(JSON.stringify({ type: "ping-after-logout" }));
    theirs.ws.close(1000, "done");
  });

  it("closes every socket of a member whose password is reset", async () => {
    const user = await createUser("user");
    const first = await connect(user);
    const token = randomToken(32);
    await db().insert(passwordResets).values({ tokenHash: await sha256Hex(token), userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
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
    await hub().broadcast({ type: "after-ban" });
    expect(await target.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    expect(target.messages).toEqual([]);
    await expect.poll(() => other.messages).toContainEqual(JSON.stringify({ type: "after-ban" }));
    other.ws.close(1000, "done");
  });

  it("answers an abnormal or code-less close without throwing", async () => {
    await runInDurableObject(hub(), async (instance: FeedHub) => {
      for (const code of [1005, 1006, 1000, 4000]) {
        const pair = new WebSocketPair();
        pair[1].accept();
        await expect(instance.webSocketClose(pair[1], code)).resolves.toBeUndefined();
      }
    });
  });
});
