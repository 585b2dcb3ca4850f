// Reports on community room messages (decision 111): a member who may read the room reports a
// message into the one moderation queue, once; the admin sees its text, author and room there and
// hides it (gone from the room's live sockets and history, audited) or dismisses the reports.
// Visitors, members the room's rule refuses, unknown messages and bad reasons change nothing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import type { ModerationActionResponse, ModerationQueueResponse, ReportedRoomMessage } from "../../worker/contracts/moderation";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle, connect, framesOf, ofType, room, say, stored, welcomeOf } from "./room-fixtures";

const D1 = env.DB;
const API = "/api/admin/moderation";
let admin: TestUser;

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
  admin = await createUser("admin");
});

const report = (user: TestUser | null, roomId: string, seq: number | string, json: unknown = { reason: "spam" }) =>
  call(`/api/rooms/${roomId}/messages/${seq}/reports`, { json, cookie: user?.cookie });
const reportRows = (roomId: string) =>
  D1.prepare("SELECT reporter_id, reason, author_id, text, resolved_at FROM room_message_reports WHERE room_id = ? ORDER BY created_at")
    .bind(roomId)
    .all<{ reporter_id: string; reason: string; author_id: string; text: string; resolved_at: number | null }>()
    .then((r) => r.results);

async function queueItem(roomId: string, seq: number) {
  const res = await call(`${API}/reports?view=open`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await res.json<ModerationQueueResponse>()).items.find(
    (i): i is ReportedRoomMessage => i.kind === "room_message" && i.roomId === roomId && i.seq === seq,
  );
}

/** A room with one message by `author`; answers its number and the author's socket. */
async function roomWithMessage(text = "buy cheap tickets here", options: Parameters<typeof room>[0] = {}) {
  const roomId = await room(options);
  const author = await createUser(options.read?.access === "tier" ? "vip" : "user", options.read?.access === "tier" ? { tierId: options.read.tierId } : {});
  const socket = await connect(roomId, author);
  await welcomeOf(socket);
  say(socket, text);
  await socket.until((m) => framesOf(m).some((f) => f.type === "message"));
  return { roomId, author, socket, seq: ofType(socket, "message")[0]!.message.seq };
}

describe("reporting a room message", () => {
  it("a member who may read the room reports it once: the queue shows its text, author and room", async () => {
    const { roomId, author, seq } = await roomWithMessage();
    const reporter = await createUser("user");
    const res = await report(reporter, roomId, seq, { reason: "spam", details: "a scam link" });
    expect(res.status).toBe(201);
    expect(await reportRows(roomId)).toEqual([
      { reporter_id: reporter.id, reason: "spam", author_id: author.id, text: "buy cheap tickets here", resolved_at: null },
    ]);
    const again = await report(reporter, roomId, seq, { reason: "hate" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_reported");
    expect(await reportRows(roomId)).toHaveLength(1);
    const item = await queueItem(roomId, seq);
    expect(item).toMatchObject({
      kind: "room_message",
      id: `${roomId}:${seq}`,
      content: "buy cheap tickets here",
      author: { id: author.id, username: author.username, email: author.email, status: "active" },
      reportCount: 1,
      reasons: [{ reason: "spam", count: 1 }],
      reports: [{ reason: "spam", details: "a scam link", reporter: reporter.username }],
    });
    expect(item!.roomName.en).toMatch(/^Room \d+$/);
  });

  it("racing duplicate reports by one member store one", async () => {
    const { roomId, seq } = await roomWithMessage();
    const reporter = await createUser("user");
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => report(reporter, roomId, seq)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await reportRows(roomId)).toHaveLength(1);
  });

  it("refuses a visitor (401), a member the rule refuses (403), an unknown room or message (404) and a bad reason (400), storing nothing", async () => {
    const { roomId, seq } = await roomWithMessage("in the lounge", {
      read: { access: "tier", tierId: "inner-circle" },
      write: { access: "tier", tierId: "inner-circle" },
    });
    const free = await createUser("user");
    const insider = await createUser("vip", { tierId: "inner-circle" });
    const visitor = await report(null, roomId, seq);
    expect(visitor.status).toBe(401);
    const refused = await report(free, roomId, seq);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    const noRoom = await report(insider, "no-such-room", seq);
    expect(noRoom.status).toBe(404);
    expect((await errorOf(noRoom)).code).toBe("room_not_found");
    const noMessage = await report(insider, roomId, seq + 50);
    expect(noMessage.status).toBe(404);
    expect((await errorOf(noMessage)).code).toBe("room_message_not_found");
    const badReason = await report(insider, roomId, seq, { reason: "boring" });
    expect(badReason.status).toBe(400);
    expect((await errorOf(badReason)).field).toBe("reason");
    const badSeq = await report(insider, roomId, "first");
    expect(badSeq.status).toBe(400);
    expect(await reportRows(roomId)).toEqual([]);
  });

  it("members never see the queue", async () => {
    const { roomId, seq } = await roomWithMessage();
    const [reporter, other] = [await createUser("user"), await createUser("vip")];
    expect((await report(reporter, roomId, seq)).status).toBe(201);
    for (const who of [reporter, other]) expect((await call(`${API}/reports`, { cookie: who.cookie })).status).toBe(403);
    expect((await call(`${API}/room-messages/${roomId}/${seq}/hide`, { method: "POST", cookie: other.cookie })).status).toBe(403);
  });
});

describe("the admin acts on a reported room message", () => {
  it("hides it: live sockets hear `hidden`, the history drops it, its reports resolve, and the act is audited", async () => {
    const { roomId, seq } = await roomWithMessage("awful words");
    const [r1, r2, reader] = [await createUser("user"), await createUser("user"), await createUser("user")];
    await report(r1, roomId, seq, { reason: "harassment" });
    await report(r2, roomId, seq, { reason: "hate" });
    const live = await connect(roomId, reader);
    await welcomeOf(live);
    const res = await call(`${API}/room-messages/${roomId}/${seq}/hide`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json<ModerationActionResponse>()).toEqual({ resolvedReports: 2, item: null });
    await live.until((m) => framesOf(m).some((f) => f.type === "hidden"));
    expect(ofType(live, "hidden")).toEqual([{ type: "hidden", seq }]);
    expect((await stored(roomId)).messages).toEqual([]);
    expect((await reportRows(roomId)).every((r) => r.resolved_at !== null)).toBe(true);
    expect(await queueItem(roomId, seq)).toBeUndefined();
    const audit = await D1.prepare("SELECT actor_id, action, target_type, target_id FROM audit_log WHERE target_id = ? ORDER BY id DESC LIMIT 1")
      .bind(roomId)
      .first();
    expect(audit).toEqual({ actor_id: admin.id, action: "room.message.hide", target_type: "room", target_id: roomId });
    // Hidden now, it can no longer be reported; acting on it again finds nothing open.
    expect((await report(reader, roomId, seq)).status).toBe(404);
    const again = await call(`${API}/room-messages/${roomId}/${seq}/hide`, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("room_message_not_found");
  });

  it("dismisses its reports: the message stays in the room", async () => {
    const { roomId, seq } = await roomWithMessage("a fair opinion");
    await report(await createUser("user"), roomId, seq);
    const res = await call(`${API}/room-messages/${roomId}/${seq}/dismiss`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<ModerationActionResponse>()).resolvedReports).toBe(1);
    expect((await stored(roomId)).messages.map((m) => m.text)).toEqual(["a fair opinion"]);
    expect(await queueItem(roomId, seq)).toBeUndefined();
    const audit = await D1.prepare("SELECT action FROM audit_log WHERE target_id = ? ORDER BY id DESC LIMIT 1").bind(roomId).first<{ action: string }>();
    expect(audit?.action).toBe("room.message.reports_dismiss");
  });
});

describe("the moderation queue's hidden view lists hidden room messages (decision 115)", () => {
  const hiddenItems = async (user: TestUser | null = admin) => {
    const res = await call(`${API}/reports?view=hidden`, { cookie: user?.cookie });
    return { status: res.status, items: res.status === 200 ? (await res.json<ModerationQueueResponse>()).items : [] };
  };
  const hiddenItem = async (roomId: string, seq: number) =>
    (await hiddenItems()).items.find((i): i is ReportedRoomMessage => i.kind === "room_message" && i.roomId === roomId && i.seq === seq);

  it("a fan moderator's hide in the room: the message as it was, its author and room, no reports", async () => {
    const { roomId, author, seq } = await roomWithMessage("rude words");
    const fan = await createUser("user");
    await D1.prepare("INSERT INTO room_moderators (room_id, user_id, named_at) VALUES (?, ?, ?)").bind(roomId, fan.id, Date.now()).run();
    const mod = await connect(roomId, fan);
    await welcomeOf(mod);
    mod.ws.send(JSON.stringify({ type: "hide", seq }));
    await mod.until((m) => framesOf(m).some((f) => f.type === "hidden"));
    const item = await vi.waitFor(async () => {
      const found = await hiddenItem(roomId, seq);
      if (!found) throw new Error("not listed yet");
      return found;
    });
    expect(item).toMatchObject({
      id: `${roomId}:${seq}`,
      content: "rude words",
      author: { id: author.id, status: "active" },
      reportCount: 0,
      reports: [],
      lastReportedAt: null,
    });
    expect(item.hiddenAt).toEqual(expect.any(String));
    expect(item.roomName.en).toMatch(/^Room /);
    // Still only in the hidden view; a second hide changes nothing stored.
    expect(await queueItem(roomId, seq)).toBeUndefined();
    mod.ws.send(JSON.stringify({ type: "hide", seq }));
    const rows = await D1.prepare("SELECT count(*) AS n FROM room_hidden_messages WHERE room_id = ?").bind(roomId).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("an admin's hide from the queue: listed with every report it had, resolved now", async () => {
    const { roomId, seq } = await roomWithMessage("spam spam");
    await report(await createUser("user"), roomId, seq, { reason: "spam", details: "ads" });
    await report(await createUser("user"), roomId, seq, { reason: "spam" });
    expect((await call(`${API}/room-messages/${roomId}/${seq}/hide`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const item = await vi.waitFor(async () => {
      const found = await hiddenItem(roomId, seq);
      if (!found) throw new Error("not listed yet");
      return found;
    });
    expect(item).toMatchObject({ content: "spam spam", reportCount: 2, reasons: [{ reason: "spam", count: 2 }] });
    expect(item.reports.map((r) => r.details).sort()).toEqual(["ads", null].sort());
  });

  it("is for admins only, and a deleted author's hidden messages leave it with the account", async () => {
    const { roomId, author, seq } = await roomWithMessage("gone soon");
    expect((await call(`${API}/room-messages/${roomId}/${seq}/hide`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    const fan = await createUser("user");
    await D1.prepare("INSERT INTO room_moderators (room_id, user_id, named_at) VALUES (?, ?, ?)").bind(roomId, fan.id, Date.now()).run();
    const mod = await connect(roomId, fan);
    await welcomeOf(mod);
    mod.ws.send(JSON.stringify({ type: "hide", seq }));
    await vi.waitFor(async () => {
      if (!(await hiddenItem(roomId, seq))) throw new Error("not listed yet");
    });
    expect((await hiddenItems(null)).status).toBe(401);
    expect((await hiddenItems(await createUser("user"))).status).toBe(403);
    expect((await hiddenItems(await createUser("vip"))).status).toBe(403);
    await D1.prepare("DELETE FROM users WHERE id = ?").bind(author.id).run();
    expect(await hiddenItem(roomId, seq)).toBeUndefined();
  });
});
