// The notification core through the Worker (decision 044): events written once and delivered
// through the queue; grouped likes; broadcast fan-out by pages planned once, each written once; the centre
// lists, counts and marks read only its owner's rows; preferences; push subscriptions; the live
// nudge on the member-notices socket.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createUser, db, errorOf, ORIGIN, type TestUser } from "./helpers";
import { acceptSocket } from "./sockets";
import { handleMessage, notifyMembers, type NotificationMessage } from "../../worker/services/notifications";
import { deliverNotification, recordNotificationEvent } from "../../worker/db/notifications";
import { defaultPreference } from "../../worker/contracts/notification-kinds";
import { planFanOut, writeFanOutPage } from "../../worker/db/notification-fanout";
import {
  NOTIFICATION_FRAME,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPreferences,
  type NotificationsPage,
  type UnreadCount,
} from "../../worker/contracts/notifications";
import type { AppEnv } from "../../worker/env";

const appEnv = env as unknown as AppEnv;
const D1 = appEnv.DB;

async function inbox(user: TestUser, cursor?: string): Promise<NotificationsPage> {
  const res = await call(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res.json();
}

async function unread(user: TestUser) {
  const res = await call("/api/notifications/unread", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json<UnreadCount>()).unread;
}

const waitForInbox = (user: TestUser, count: number) =>
  vi.waitFor(
    async () => {
      const page = await inbox(user);
      expect(page.items).toHaveLength(count);
      return page;
    },
    { timeout: 8000, interval: 50 },
  );

let serial = 0;
const key = (name: string) => `${name}:${++serial}:${crypto.randomUUID()}`;

async function insertPost(author: TestUser) {
  const id = crypto.randomUUID();
  await D1.prepare(`INSERT INTO posts (id, user_id, content) VALUES (?, ?, 'Hello fans')`).bind(id, author.id).run();
  return id;
}

const rowsOf = async (userId: string) =>
  (
    await D1.prepare(`SELECT group_key, actor_count, read_at FROM notifications WHERE user_id = ? ORDER BY created_at`)
      .bind(userId)
      .all<{ group_key: string; actor_count: number; read_at: number | null }>()
  ).results;

describe("delivery through the queue", () => {
  it("reaches the recipient, never the actor", async () => {
    const author = await createUser("user");
    const other = await createUser("user");
    await notifyMembers(appEnv, db(), { id: key("contact_reply"), kind: "contact_reply", actorId: other.id, params: {}, link: "/" }, [author.id, other.id]);
    const page = await waitForInbox(author, 1);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ kind: "contact_reply", actorCount: 1, link: "/", read: false, actor: { username: other.username } });
    expect((await inbox(other)).items).toHaveLength(0);
  });

  it("writes an event once, and a redelivered message changes nothing", async () => {
    const member = await createUser("user");
    const id = key("vip_granted");
    expect(await recordNotificationEvent(db(), { id, kind: "vip_granted", actorId: null, params: {}, link: "/" })).toBe(true);
    expect(await recordNotificationEvent(db(), { id, kind: "vip_granted", actorId: null, params: {}, link: "/elsewhere" })).toBe(false);
    const message: NotificationMessage = { type: "deliver", eventId: id, userIds: [member.id] };
    await handleMessage(appEnv, db(), message);
    await handleMessage(appEnv, db(), message);
    expect(await rowsOf(member.id)).toEqual([{ group_key: id, actor_count: 1, read_at: null }]);
    expect(await deliverNotification(db(), id, [member.id])).toEqual([]);
  });

  it("groups a post's likes into one row counting distinct likers, and re-raises it unread", async () => {
    const author = await createUser("user");
    const postId = await insertPost(author);
    const likers = [await createUser("user"), await createUser("user"), await createUser("user")];
    const like = async (liker: TestUser) => {
      const id = `like:${postId}:${liker.id}`;
      await recordNotificationEvent(db(), { id, kind: "like", actorId: liker.id, postId, params: { excerpt: "Hello fans" }, link: `/social/post/${postId}` });
      return deliverNotification(db(), id, [author.id]);
    };
    expect(await like(likers[0]!)).toEqual([author.id]);
    await call("/api/notifications/read-all", { method: "POST", cookie: author.cookie });
    expect(await like(likers[1]!)).toEqual([author.id]);
    expect(await like(likers[1]!)).toEqual([]); // the same like again: nothing new
    expect(await like(likers[2]!)).toEqual([author.id]);
    expect(await rowsOf(author.id)).toEqual([{ group_key: `like:${postId}`, actor_count: 3, read_at: null }]);
    const page = await inbox(author);
    expect(page.items[0]).toMatchObject({ kind: "like", actorCount: 3, actor: { username: likers[2]!.username }, params: { excerpt: "Hello fans" } });
    // Deleting the post deletes what was about it.
    await D1.prepare(`DELETE FROM posts WHERE id = ?`).bind(postId).run();
    expect(await rowsOf(author.id)).toEqual([]);
  });

  it("leaves out banned members and members who turned the kind off everywhere", async () => {
    const [kept, banned, quiet] = [await createUser("user"), await createUser("banned"), await createUser("user")];
    const off = { inApp: false, push: false, email: false };
    const saved = await call("/api/notifications/preferences", { method: "PUT", json: { paused: false, kinds: { vip_granted: off } }, cookie: quiet.cookie });
    expect(saved.status).toBe(200);
    const id = key("vip_granted");
    await recordNotificationEvent(db(), { id, kind: "vip_granted", actorId: null, params: {}, link: "/" });
    expect(await deliverNotification(db(), id, [kept.id, banned.id, quiet.id])).toEqual([kept.id]);
  });
});

/** A new release announced to VIP members and admins, recorded but not yet fanned out. */
async function vipBroadcast() {
  const id = key("release_early");
  await recordNotificationEvent(db(), {
    id,
    kind: "release_early",
    actorId: null,
    params: { title: "Night Moves" },
    link: "/music/catalog/x",
    audience: "vip",
  });
  return id;
}

describe("broadcast fan-out", () => {
  it("plans the members in pages once, writes each page once; a page written before writes nothing", async () => {
    const vip = await createUser("vip");
    const admin = await createUser("admin");
    const member = await createUser("user");
    const id = await vipBroadcast();
    const pages = await planFanOut(db(), id, 2);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i));
    // Planned once: a second plan (the same message again) adds nothing.
    expect(await planFanOut(db(), id, 2)).toEqual([]);
    const reached = new Set<string>();
    for (const page of pages) {
      const outcome = await writeFanOutPage(db(), page);
      expect(outcome.status).toBe("written");
      if (outcome.status !== "written") break;
      for (const u of outcome.userIds) reached.add(u);
      expect(outcome.finished).toBe(page === pages.at(-1));
      // The same page again (a redelivered message): done already.
      expect(await writeFanOutPage(db(), page)).toEqual({ status: "stale" });
    }
    expect(reached.has(vip.id)).toBe(true);
    expect(reached.has(admin.id)).toBe(true);
    expect(reached.has(member.id)).toBe(false);
    const event = await D1.prepare(`SELECT recipients_written, fanned_out_at FROM notification_events WHERE id = ?`)
      .bind(id)
      .first<{ recipients_written: number; fanned_out_at: number | null }>();
    const written = await D1.prepare(`SELECT count(*) AS n FROM notifications WHERE event_id = ?`).bind(id).first<{ n: number }>();
    expect(event!.recipients_written).toBe(written!.n);
    expect(event!.fanned_out_at).not.toBeNull();
  });

  it("writes nothing for a page whose range is not the planned one", async () => {
    await createUser("vip");
    const id = await vipBroadcast();
    const [first] = await planFanOut(db(), id, 1_000_000);
    expect(await writeFanOutPage(db(), { ...first!, after: "0" })).toEqual({ status: "stale" });
    expect(await writeFanOutPage(db(), { ...first!, page: 7 })).toEqual({ status: "stale" });
    expect(await D1.prepare(`SELECT count(*) AS n FROM notifications WHERE event_id = ?`).bind(id).first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("a redelivered broadcast page", () => {
  const rowsFor = async (eventId: string) =>
    (await D1.prepare(`SELECT user_id FROM notifications WHERE event_id = ? ORDER BY user_id`).bind(eventId).all<{ user_id: string }>()).results.map(
      (r) => r.user_id,
    );

  it("writes nothing for members who joined after it was written, and nothing twice", async () => {
    await createUser("vip");
    const id = await vipBroadcast();
    const [page] = await planFanOut(db(), id, 1_000_000);
    const message: NotificationMessage = { type: "fanout_page", eventId: id, page: page!.page, after: page!.after, upTo: page!.upTo };
    await handleMessage(appEnv, db(), message);
    const first = await rowsFor(id);
    expect(first.length).toBeGreaterThan(0);

    const joined = [await createUser("vip"), await createUser("vip")];
    await handleMessage(appEnv, db(), message); // the queue delivers the same page again
    expect(await rowsFor(id)).toEqual(first);
    for (const member of joined) expect(first).not.toContain(member.id);
  });

  it("two consumers on one page at once: one writes it, the other writes nothing", async () => {
    await createUser("vip");
    const id = await vipBroadcast();
    const [page] = await planFanOut(db(), id, 1_000_000);
    const outcomes = await Promise.all([writeFanOutPage(db(), page!), writeFanOutPage(db(), page!)]);
    expect(outcomes.map((p) => p.status).sort()).toEqual(["stale", "written"]);
    const written = outcomes.find((p) => p.status === "written") as { userIds: string[] };
    expect(await rowsFor(id)).toEqual([...written.userIds].sort());
  });
});

describe("the centre's API", () => {
  it("answers 401 to a visitor", async () => {
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread"],
      ["POST", "/api/notifications/read-all"],
      ["GET", "/api/notifications/preferences"],
    ] as const) {
      const res = await call(path, { method });
      expect(res.status, path).toBe(401);
    }
  });

  it("pages newest first and marks read only the caller's rows", async () => {
    const member = await createUser("user");
    const stranger = await createUser("user");
    const total = NOTIFICATIONS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      const id = key("event");
      await recordNotificationEvent(db(), { id, kind: "event", actorId: null, params: { title: `Show ${i}` }, link: "/events" }, Date.now() + i);
      await deliverNotification(db(), id, [member.id], Date.now() + i);
    }
    const first = await inbox(member);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items[0]!.params.title).toBe(`Show ${total - 1}`);
    expect(first.unread).toBe(total);
    expect(first.nextCursor).not.toBeNull();
    const second = await inbox(member, first.nextCursor!);
    expect(second.items.map((n) => n.params.title)).toEqual(["Show 2", "Show 1", "Show 0"]);
    expect(second.nextCursor).toBeNull();

    const target = first.items[0]!.id;
    const theirs = await call(`/api/notifications/${target}/read`, { method: "POST", cookie: stranger.cookie });
    expect(theirs.status).toBe(404);
    expect((await errorOf(theirs)).code).toBe("notification_not_found");
    expect((await call(`/api/notifications/not-an-id/read`, { method: "POST", cookie: member.cookie })).status).toBe(404);
    expect(await unread(member)).toBe(total);

    expect((await call(`/api/notifications/${target}/read`, { method: "POST", cookie: member.cookie })).status).toBe(204);
    expect(await unread(member)).toBe(total - 1);
    expect((await inbox(member)).items[0]!.read).toBe(true);
    expect((await call("/api/notifications/read-all", { method: "POST", cookie: member.cookie })).status).toBe(204);
    expect(await unread(member)).toBe(0);
  });

  it("refuses a malformed cursor with 400", async () => {
    const member = await createUser("user");
    const res = await call("/api/notifications?cursor=nope", { cookie: member.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });

  it("keeps preferences per member, storing only what differs from the defaults", async () => {
    const member = await createUser("user");
    const before = await (await call("/api/notifications/preferences", { cookie: member.cookie })).json<NotificationPreferences>();
    expect(before.paused).toBe(false);
    expect(before.kinds.reply).toEqual(defaultPreference("reply"));
    expect(before.kinds.like).toEqual({ inApp: true, push: false, email: false });
    const res = await call("/api/notifications/preferences", {
      method: "PUT",
      json: { paused: true, kinds: { like: { inApp: true, push: true, email: false }, reply: defaultPreference("reply") } },
      cookie: member.cookie,
    });
    expect(res.status).toBe(200);
    const after = await res.json<NotificationPreferences>();
    expect(after.paused).toBe(true);
    expect(after.kinds.like).toEqual({ inApp: true, push: true, email: false });
    const stored = await D1.prepare(`SELECT kind FROM notification_preferences WHERE user_id = ?`).bind(member.id).all<{ kind: string }>();
    expect(stored.results.map((r) => r.kind)).toEqual(["like"]);

    const bad = await call("/api/notifications/preferences", { method: "PUT", json: { paused: "yes", kinds: {} }, cookie: member.cookie });
    expect(bad.status).toBe(400);
    const unknownKind = await call("/api/notifications/preferences", {
      method: "PUT",
      json: { paused: false, kinds: { shouting: { inApp: true, push: true, email: true } } },
      cookie: member.cookie,
    });
    expect(unknownKind.status).toBe(400);
    const kept = await (await call("/api/notifications/preferences", { cookie: member.cookie })).json<NotificationPreferences>();
    expect(kept.paused).toBe(true);
  });

  it("stores a browser's push subscription for its member and removes it on request", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };
    expect((await call("/api/notifications/push", { json: { endpoint, keys }, cookie: member.cookie })).status).toBe(204);
    // The same browser signed in as someone else: the subscription is theirs now.
    expect((await call("/api/notifications/push", { json: { endpoint, keys }, cookie: other.cookie })).status).toBe(204);
    const owner = await D1.prepare(`SELECT user_id FROM push_subscriptions WHERE endpoint = ?`).bind(endpoint).first<{ user_id: string }>();
    expect(owner!.user_id).toBe(other.id);
    const bad = await call("/api/notifications/push", { json: { endpoint: "javascript:alert(1)", keys }, cookie: member.cookie });
    expect(bad.status).toBe(400);
    // Removing another member's subscription does nothing.
    expect((await call("/api/notifications/push", { method: "DELETE", json: { endpoint }, cookie: member.cookie })).status).toBe(204);
    expect(await D1.prepare(`SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?`).bind(endpoint).first<{ n: number }>()).toEqual({ n: 1 });
    expect((await call("/api/notifications/push", { method: "DELETE", json: { endpoint }, cookie: other.cookie })).status).toBe(204);
    expect(await D1.prepare(`SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?`).bind(endpoint).first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("the live nudge", () => {
  const open: WebSocket[] = [];
  afterEach(() => {
    for (const ws of open.splice(0)) ws.close(1000, "done");
  });

  it("sends a notification frame to the recipient's notices socket, and to nobody else", async () => {
    const member = await createUser("user");
    const bystander = await createUser("user");
    const connect = async (user: TestUser) => {
      const res = await call("/api/feed/notices", { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
      expect(res.status).toBe(101);
      open.push(res.webSocket!);
      return acceptSocket(res.webSocket!);
    };
    const mine = await connect(member);
    const theirs = await connect(bystander);
    await notifyMembers(appEnv, db(), { id: key("vip_granted"), kind: "vip_granted", actorId: null, params: {}, link: "/" }, [member.id]);
    await mine.until((frames) => frames.includes(NOTIFICATION_FRAME));
    expect(theirs.messages).not.toContain(NOTIFICATION_FRAME);
  });
});

describe("notifications API: who may use it", () => {
  it.each([
    ["visitor", 401],
    ["user", 200],
    ["vip", 200],
    ["admin", 200],
    ["banned", 401],
  ] as const)("GET /api/notifications as %s answers %i", async (role, status) => {
    const cookie = role === "visitor" ? undefined : (await createUser(role)).cookie;
    const res = await call("/api/notifications", { cookie });
    expect(res.status).toBe(status);
    if (status === 200) expect(await res.json()).toEqual({ items: [], nextCursor: null, unread: 0 });
    else expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("answers 404 notification_not_found for another member's notification, and leaves it unread", async () => {
    const owner = await createUser("user");
    const other = await createUser("user");
    await notifyMembers(appEnv, db(), { id: key("contact_reply"), kind: "contact_reply", actorId: null, params: {}, link: "/" }, [owner.id]);
    const [mine] = (await waitForInbox(owner, 1)).items;
    const res = await call(`/api/notifications/${mine!.id}/read`, { method: "POST", cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("notification_not_found");
    expect((await inbox(owner)).items[0]).toMatchObject({ id: mine!.id, read: false });
  });
});

describe("a queue that refuses the message", () => {
  it("leaves no event behind, so announcing again works", async () => {
    const { broadcast } = await import("../../worker/services/notifications");
    const id = `release:refused-${crypto.randomUUID()}`;
    const refuse = () => Promise.reject(new Error("queue unavailable"));
    const refusing = { ...appEnv, NOTIFY_QUEUE: { send: refuse, sendBatch: refuse } } as unknown as AppEnv;
    const event = { id, kind: "release" as const, actorId: null, params: { title: "Refused" }, link: "/music", audience: "members" as const };
    await expect(broadcast(refusing, db(), event)).rejects.toThrow("queue unavailable");
    expect(await D1.prepare(`SELECT count(*) AS n FROM notification_events WHERE id = ?`).bind(id).first<{ n: number }>()).toEqual({ n: 0 });
    expect(await broadcast(appEnv, db(), event)).toBe(true);
  });
});
