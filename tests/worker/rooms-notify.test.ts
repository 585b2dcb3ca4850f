// A community room's messages as notifications (decision 111): an @mention of a member who may read
// the room (resolved after the message went out), a reply to a member's message, and, for members
// who chose "everything", the room's new messages at most once per window; each member's choice per
// room through PUT /api/rooms/:id/notifications ('none' silences mentions and replies too).
// Nobody hears of their own message or twice of one message; members who cannot read the room and
// unknown names are ignored.
//
// Where a test shows that something was NOT delivered, it waits for a notification of the same
// deliver message (or a later one) to another member first, so the absence is not just "not yet".
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { notifyRoomMessage } from "../../worker/services/notifications/rooms";
import { notificationText } from "../../worker/services/notifications/texts";
import type { NotificationKind, NotificationView, NotificationsPage } from "../../worker/contracts/notifications";
import type { PushPayload } from "../../worker/contracts/push";
import { ROOM_ACTIVITY_WINDOW_MINUTES, ROOM_MENTIONS_MAX, type RoomsResponse } from "../../worker/contracts/rooms/rooms";
import type { AppEnv } from "../../worker/env";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { pushService } from "./push-service";
import { addInnerCircle, connect, framesOf, room, say, welcomeOf } from "./room-fixtures";

const appEnv = env as unknown as AppEnv;
const D1 = env.DB;
const MINUTE = 60_000;

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
});

async function inbox(user: TestUser): Promise<NotificationView[]> {
  const res = await call("/api/notifications", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json<NotificationsPage>()).items;
}
const waitForInbox = (user: TestUser, check: (items: NotificationView[]) => void) =>
  vi.waitFor(
    async () => {
      const items = await inbox(user);
      check(items);
      return items;
    },
    { timeout: 10_000, interval: 50 },
  );
const kindsOf = (items: NotificationView[]) => items.map((n) => n.kind);
const ofKind = (items: NotificationView[], kind: NotificationKind) => items.filter((n) => n.kind === kind);
const setNotify = (user: TestUser | null, roomId: string, notify: unknown) =>
  call(`/api/rooms/${roomId}/notifications`, { method: "PUT", json: { notify }, cookie: user?.cookie });
const notify = (roomId: string, message: Parameters<typeof notifyRoomMessage>[3], now?: number) => notifyRoomMessage(appEnv, db(), roomId, message, now);

describe("the per-room choice", () => {
  it("a member who may read the room sets it; GET /api/rooms answers it per room (default: mentions)", async () => {
    const general = await room();
    const member = await createUser("user");
    const listed = async () => (await (await call("/api/rooms", { cookie: member.cookie })).json<RoomsResponse>()).rooms.find((r) => r.id === general)!.notify;
    expect(await listed()).toBe("mentions");
    for (const choice of ["all", "none", "mentions"] as const) {
      const res = await setNotify(member, general, choice);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ notify: choice });
      expect(await listed()).toBe(choice);
    }
    const visitorList = await (await call("/api/rooms")).json<RoomsResponse>();
    expect(visitorList.rooms.find((r) => r.id === general)!.notify).toBeNull();
  });

  it("refuses a visitor (401), a member the rule refuses (403), an unknown room (404) and a bad value (400), storing nothing", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "inner-circle" } });
    const free = await createUser("user");
    const insider = await createUser("vip", { tierId: "inner-circle" });
    expect((await setNotify(null, lounge, "all")).status).toBe(401);
    const refused = await setNotify(free, lounge, "all");
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    const unknown = await setNotify(insider, "no-such-room", "all");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("room_not_found");
    const bad = await setNotify(insider, lounge, "loud");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).field).toBe("notify");
    const rows = await D1.prepare("SELECT count(*) AS n FROM room_members WHERE room_id = ?").bind(lounge).first<{ n: number }>();
    expect(rows!.n).toBe(0);
    const list = await (await call("/api/rooms", { cookie: free.cookie })).json<RoomsResponse>();
    expect(list.rooms.find((r) => r.id === lounge)!.notify).toBeNull();
  });
});

describe("mentions", { timeout: 20_000 }, () => {
  it("a message sent on the socket tells the members it mentions who may read the room, once each, linking to the message", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const author = await createUser("vip");
    const [reader, outsider] = [await createUser("vip"), await createUser("user")];
    const socket = await connect(lounge, author);
    await welcomeOf(socket);
    say(socket, `@${reader.username.toUpperCase()} look! @${reader.username} @${outsider.username} @nobody_at_all @${author.username}`);
    await socket.until((m) => framesOf(m).some((f) => f.type === "message"));
    const items = await waitForInbox(reader, (got) => expect(kindsOf(got)).toEqual(["room_mention"]));
    expect(items[0]).toMatchObject({
      kind: "room_mention",
      actor: { username: author.username },
      link: `/rooms/${lounge}?seq=1`,
      params: { title: expect.stringMatching(/^Room \d+$/), titlePtBr: expect.stringMatching(/^Sala \d+$/) },
    });
    expect(items[0]!.params.excerpt).toContain("look!");
    // The same deliver message would have carried them: neither the outsider nor the author hears of it.
    expect(await inbox(outsider)).toEqual([]);
    expect(await inbox(author)).toEqual([]);
  });

  it(`notifies at most ${ROOM_MENTIONS_MAX} names of one message`, async () => {
    const general = await room();
    const author = await createUser("user");
    const named = await Promise.all(Array.from({ length: ROOM_MENTIONS_MAX + 2 }, () => createUser("user")));
    await notify(general, { seq: 7, authorId: author.id, text: named.map((u) => `@${u.username}`).join(" ") });
    await waitForInbox(named[ROOM_MENTIONS_MAX - 1]!, (got) => expect(kindsOf(got)).toEqual(["room_mention"]));
    const recipients = await D1.prepare("SELECT count(*) AS n FROM notifications WHERE event_id = ?").bind(`room_mention:${general}:7`).first<{ n: number }>();
    expect(recipients!.n).toBe(ROOM_MENTIONS_MAX);
    expect(await inbox(named[ROOM_MENTIONS_MAX]!)).toEqual([]);
  });

  it("a member who chose 'none' for the room hears of no mention or reply there", async () => {
    const general = await room();
    const [author, quiet, loud] = [await createUser("user"), await createUser("user"), await createUser("user")];
    expect((await setNotify(quiet, general, "none")).status).toBe(200);
    await notify(general, { seq: 1, authorId: author.id, text: `@${quiet.username} @${loud.username}` });
    await notify(general, { seq: 2, authorId: author.id, text: "answering you", replyToUserId: quiet.id });
    await notify(general, { seq: 3, authorId: author.id, text: `@${loud.username} again` });
    await waitForInbox(loud, (got) => expect(got).toHaveLength(2));
    expect(await inbox(quiet)).toEqual([]);
  });
});

describe("replies", { timeout: 20_000 }, () => {
  it("the parent's author hears room_reply, once even when also mentioned; not for their own reply", async () => {
    const general = await room();
    const [author, parent] = [await createUser("user"), await createUser("user")];
    await notify(general, { seq: 4, authorId: author.id, text: `@${parent.username} yes, exactly`, replyToUserId: parent.id });
    await notify(general, { seq: 5, authorId: parent.id, text: "replying to myself", replyToUserId: parent.id });
    await notify(general, { seq: 6, authorId: author.id, text: "and one more", replyToUserId: parent.id });
    const items = await waitForInbox(parent, (got) => expect(got).toHaveLength(2));
    expect(kindsOf(items)).toEqual(["room_reply", "room_reply"]);
    expect(items.map((n) => n.link).sort()).toEqual([`/rooms/${general}?seq=4`, `/rooms/${general}?seq=6`]);
  });

  it("a parent's author who may no longer read the room is not told", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const [author, lapsed, reader] = [await createUser("vip"), await createUser("user"), await createUser("vip")];
    await notify(lounge, { seq: 1, authorId: author.id, text: `thanks @${reader.username}`, replyToUserId: lapsed.id });
    await waitForInbox(reader, (got) => expect(kindsOf(got)).toEqual(["room_mention"]));
    expect(await inbox(lapsed)).toEqual([]);
  });
});

describe("everything of a room", { timeout: 20_000 }, () => {
  it(`tells a member who chose 'all' of new messages at most once per ${ROOM_ACTIVITY_WINDOW_MINUTES} minutes, never of their own`, async () => {
    const general = await room();
    const [author, listener, other] = [await createUser("user"), await createUser("user"), await createUser("user")];
    expect((await setNotify(listener, general, "all")).status).toBe(200);
    expect((await setNotify(other, general, "all")).status).toBe(200);
    const t0 = Date.now();
    // Five racing messages in one moment, then more inside the window: one notification each.
    await Promise.all([1, 2, 3, 4, 5].map((seq) => notify(general, { seq, authorId: author.id, text: `message ${seq}` }, t0)));
    await notify(general, { seq: 6, authorId: author.id, text: "still talking" }, t0 + (ROOM_ACTIVITY_WINDOW_MINUTES - 1) * MINUTE);
    // The listener writes: the author, who chose 'mentions', hears nothing; the other listener was told already.
    await notify(general, { seq: 7, authorId: listener.id, text: "me too" }, t0 + 2 * MINUTE);
    // Past the window: told again.
    await notify(general, { seq: 8, authorId: author.id, text: "later on" }, t0 + ROOM_ACTIVITY_WINDOW_MINUTES * MINUTE + 1);
    const items = await waitForInbox(listener, (got) => expect(got).toHaveLength(2));
    expect(kindsOf(items)).toEqual(["room_activity", "room_activity"]);
    expect(items.map((n) => n.params.excerpt).sort()).toEqual(["later on", expect.stringMatching(/^message \d$/)]);
    await waitForInbox(other, (got) => expect(got).toHaveLength(2));
    expect(await inbox(author)).toEqual([]);
    const events = await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE id LIKE ?").bind(`room_activity:${general}:%`).first<{ n: number }>();
    expect(events!.n).toBe(2);
  });

  it("a mention outranks 'all' for one message, and a listener who lost access is not told", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const [author, listener, lapsed] = [await createUser("vip"), await createUser("vip"), await createUser("vip")];
    for (const who of [listener, lapsed]) expect((await setNotify(who, lounge, "all")).status).toBe(200);
    await D1.prepare("UPDATE users SET tier_id = NULL WHERE id = ?").bind(lapsed.id).run();
    await notify(lounge, { seq: 1, authorId: author.id, text: `@${listener.username} and @${lapsed.username}, hi` });
    const items = await waitForInbox(listener, (got) => expect(got).toHaveLength(1));
    expect(ofKind(items, "room_mention")).toHaveLength(1);
    expect(await inbox(lapsed)).toEqual([]);
  });
});

describe("push and texts", { timeout: 20_000 }, () => {
  it("pushes a room mention (push on by default) with the room's name", async () => {
    const general = await room();
    const [author, member] = [await createUser("user"), await createUser("user")];
    const sub = await pushService.subscribe(appEnv.VAPID_PUBLIC_KEY!);
    expect((await call("/api/notifications/push", { json: sub, cookie: member.cookie })).status).toBe(204);
    await notify(general, { seq: 3, authorId: author.id, text: `@${member.username} see you at the show` });
    const pushes = await vi.waitFor(
      () => {
        const got = pushService.receivedAt(sub.endpoint);
        expect(got).toHaveLength(1);
        return got;
      },
      { timeout: 15_000, interval: 50 },
    );
    const roomName = (await D1.prepare("SELECT name_en FROM rooms WHERE id = ?").bind(general).first<{ name_en: string }>())!.name_en;
    expect(JSON.parse(pushes[0]!.plaintext)).toMatchObject({
      title: `${author.username} mentioned you in ${roomName}`,
      body: `“@${member.username} see you at the show”`,
      url: `/rooms/${general}?seq=3`,
    } satisfies Partial<PushPayload>);
  });

  it("follows the member's preferences per kind: push off for room mentions, on for room replies", async () => {
    const general = await room();
    const [author, member] = [await createUser("user"), await createUser("user")];
    const sub = await pushService.subscribe(appEnv.VAPID_PUBLIC_KEY!);
    expect((await call("/api/notifications/push", { json: sub, cookie: member.cookie })).status).toBe(204);
    const prefs = await call("/api/notifications/preferences", {
      method: "PUT",
      json: { paused: false, kinds: { room_mention: { inApp: true, push: false, email: false } } },
      cookie: member.cookie,
    });
    expect(prefs.status).toBe(200);
    await notify(general, { seq: 1, authorId: author.id, text: `@${member.username} hello` });
    await notify(general, { seq: 2, authorId: author.id, text: "an answer", replyToUserId: member.id });
    // The reply's push arrives after the mention was handled (the queue delivers in order): only it was pushed.
    const pushes = await vi.waitFor(
      () => {
        const got = pushService.receivedAt(sub.endpoint);
        expect(got).toHaveLength(1);
        return got;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect((JSON.parse(pushes[0]!.plaintext) as PushPayload).url).toBe(`/rooms/${general}?seq=2`);
    await waitForInbox(member, (got) => expect(kindsOf(got).sort()).toEqual(["room_mention", "room_reply"]));
    expect(pushService.receivedAt(sub.endpoint)).toHaveLength(1);
  });

  it("words each room kind in English and Portuguese", () => {
    const params = { excerpt: "hi", title: "VIP Lounge", titlePtBr: "Lounge VIP" };
    const text = (locale: "en" | "pt-BR", kind: NotificationKind) => notificationText(locale, { kind, actor: "ana", actorCount: 1, params, brandName: "Fans" });
    expect(text("en", "room_reply")).toEqual({ title: "ana replied to you in VIP Lounge", body: "“hi”" });
    expect(text("pt-BR", "room_mention")).toEqual({ title: "ana mencionou você em Lounge VIP", body: "“hi”" });
    expect(text("pt-BR", "room_activity")).toEqual({ title: "Novas mensagens em Lounge VIP", body: "ana: “hi”" });
  });
});
