// Moderation in a community room (decision 106): the room's fan moderators and admins hide a
// message (gone for everyone, live and in the history), mute a member for 10 minutes to 7 days
// (the member is told until when, and may write again at that moment on a fake clock) and set slow
// mode; everyone else is refused with moderator_required; each act is in the audit log with the
// moderator as its actor; a ban closes the member's sockets in every room at once.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import { ROOM_MUTE_MAX_MINUTES, ROOM_MUTE_MIN_MINUTES } from "../../worker/contracts/rooms/rooms";
import { call, createUser, type TestUser } from "./helpers";
import { addInnerCircle, connect, errorsOf, framesOf, history, ofType, room, roundTrip, say, stored, texts, welcomeOf, type Socket } from "./room-fixtures";

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
});
afterEach(() => vi.useRealTimers());

const D1 = env.DB;
const send = (socket: Socket, frame: unknown) => socket.ws.send(JSON.stringify(frame));
async function moderatorOf(roomId: string) {
  const fan = await createUser("user");
  await D1.prepare("INSERT INTO room_moderators (room_id, user_id, named_at) VALUES (?, ?, ?)").bind(roomId, fan.id, Date.now()).run();
  return fan;
}
const audits = async (roomId: string) =>
  (
    await D1.prepare("SELECT actor_id, action, summary FROM audit_log WHERE target_type = 'room' AND target_id = ? ORDER BY id")
      .bind(roomId)
      .all<{ actor_id: string; action: string; summary: string }>()
  ).results;
async function joined(roomId: string, who: TestUser) {
  const socket = await connect(roomId, who);
  await welcomeOf(socket);
  return socket;
}

describe("hiding a message", () => {
  it("a fan moderator hides a message: it leaves every screen and the history, and the act is audited", async () => {
    const general = await room();
    const [moderator, member, other] = [await moderatorOf(general), await createUser("user"), await createUser("user")];
    const [mod, m, o] = await Promise.all([joined(general, moderator), joined(general, member), joined(general, other)]);
    expect((await welcomeOf(mod)).moderates).toBe(true);
    expect((await welcomeOf(m)).moderates).toBe(false);
    say(m, "spam spam");
    say(m, "a real question");
    await o.until((x) => framesOf(x).filter((f) => f.type === "message").length === 2);
    const spam = ofType(o, "message")[0]!.message.seq;
    send(mod, { type: "hide", seq: spam });
    await o.until((x) => framesOf(x).some((f) => f.type === "hidden"));
    expect(ofType(o, "hidden")).toEqual([{ type: "hidden", seq: spam }]);
    expect((await stored(general)).messages.map((x) => x.text)).toEqual(["a real question"]);
    const page = await history(general, other);
    expect((page.body as { messages: { text: string }[] }).messages.map((x) => x.text)).toEqual(["a real question"]);
    // A reconnect does not bring it back.
    expect((await welcomeOf(await connect(general, other, 0))).messages.map((x) => x.text)).toEqual(["a real question"]);
    await vi.waitUntil(async () => (await audits(general)).length === 1);
    expect((await audits(general))[0]).toMatchObject({ actor_id: moderator.id, action: "room.message.hide" });
    // Hiding it again changes nothing and audits nothing.
    send(mod, { type: "hide", seq: spam });
    await roundTrip(mod);
    expect(ofType(o, "hidden")).toHaveLength(1);
  });

  it("a member, a moderator of another room and a VIP are refused moderator_required; nothing changes", async () => {
    const general = await room();
    const elsewhere = await room();
    const [member, otherMod, vip] = [await createUser("user"), await moderatorOf(elsewhere), await createUser("vip")];
    const sockets = await Promise.all([joined(general, member), joined(general, otherMod), joined(general, vip)]);
    say(sockets[0]!, "keep me");
    await sockets[0]!.until((x) => texts({ messages: x } as Socket).includes("keep me"));
    for (const socket of sockets) {
      send(socket, { type: "hide", seq: 1 });
      send(socket, { type: "mute", userId: member.id, minutes: 10 });
      send(socket, { type: "slow", seconds: 30 });
      await roundTrip(socket);
      expect(errorsOf(socket)).toEqual(["moderator_required", "moderator_required", "moderator_required"]);
    }
    expect((await stored(general)).messages).toHaveLength(1);
    expect(await D1.prepare("SELECT slow_mode_seconds FROM rooms WHERE id = ?").bind(general).first("slow_mode_seconds")).toBe(0);
    expect(await audits(general)).toEqual([]);
  });
});

describe("muting a member", () => {
  it("mutes for the chosen minutes: the member is told until when, refused until then, and writes again at that moment", async () => {
    const start = Date.UTC(2026, 10, 27, 20);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const general = await room();
    const [moderator, member] = [await moderatorOf(general), await createUser("user")];
    const [mod, m] = await Promise.all([joined(general, moderator), joined(general, member)]);
    send(mod, { type: "mute", userId: member.id, minutes: 10 });
    const until = new Date(start + 10 * 60_000).toISOString();
    await m.until((x) => framesOf(x).some((f) => f.type === "muted"));
    expect(ofType(m, "muted")).toEqual([{ type: "muted", userId: member.id, until }]);
    await mod.until((x) => framesOf(x).some((f) => f.type === "muted"));
    // A new socket is told at once.
    expect((await welcomeOf(await connect(general, member))).mutedUntil).toBe(until);
    vi.setSystemTime(start + 10 * 60_000 - 1);
    say(m, "let me talk");
    await roundTrip(m);
    expect(ofType(m, "error").at(-1)).toMatchObject({ code: "muted", until });
    vi.setSystemTime(start + 10 * 60_000);
    say(m, "back again");
    await m.until((x) => texts({ messages: x } as Socket).includes("back again"));
    expect((await stored(general)).messages.map((x) => x.text)).toEqual(["back again"]);
    await vi.waitUntil(async () => (await audits(general)).length === 1);
    expect(JSON.parse((await audits(general))[0]!.summary)).toEqual({ after: { userId: member.id, minutes: 10 } });
  });

  it("refuses a mute shorter than 10 minutes or longer than 7 days, of oneself or of another moderator", async () => {
    const general = await room();
    const [moderator, second, admin, member] = [await moderatorOf(general), await moderatorOf(general), await createUser("admin"), await createUser("user")];
    const [mod, , adm] = await Promise.all([joined(general, moderator), joined(general, second), joined(general, admin)]);
    send(mod, { type: "mute", userId: member.id, minutes: ROOM_MUTE_MIN_MINUTES - 1 });
    send(mod, { type: "mute", userId: member.id, minutes: ROOM_MUTE_MAX_MINUTES + 1 });
    send(mod, { type: "mute", userId: moderator.id, minutes: 10 });
    send(mod, { type: "mute", userId: second.id, minutes: 10 });
    send(mod, { type: "mute", userId: admin.id, minutes: 10 });
    await roundTrip(mod);
    expect(errorsOf(mod)).toEqual(["bad_frame", "bad_frame", "mute_refused", "mute_refused", "mute_refused"]);
    expect(ofType(adm, "muted")).toEqual([]);
    expect(await audits(general)).toEqual([]);
  });

  it("refuses a mute of an admin or another moderator who is not in the room, by their stored roles", async () => {
    const general = await room();
    const elsewhere = await room();
    const [moderator, second, admin, otherRoomsModerator] = [
      await moderatorOf(general),
      await moderatorOf(general),
      await createUser("admin"),
      await moderatorOf(elsewhere),
    ];
    const mod = await joined(general, moderator);
    send(mod, { type: "mute", userId: second.id, minutes: 10 });
    send(mod, { type: "mute", userId: admin.id, minutes: 10 });
    await roundTrip(mod);
    expect(errorsOf(mod)).toEqual(["mute_refused", "mute_refused"]);
    // A moderator of another room is a member here: muted like any other.
    send(mod, { type: "mute", userId: otherRoomsModerator.id, minutes: 10 });
    await mod.until((x) => framesOf(x).some((f) => f.type === "muted"));
    expect(ofType(mod, "muted").map((f) => f.userId)).toEqual([otherRoomsModerator.id]);
    expect(errorsOf(mod)).toEqual(["mute_refused", "mute_refused"]);
    await vi.waitUntil(async () => (await audits(general)).length === 1);
    expect(JSON.parse((await audits(general))[0]!.summary)).toEqual({ after: { userId: otherRoomsModerator.id, minutes: 10 } });
  });
});

describe("slow mode and bans", () => {
  it("a moderator sets slow mode: stored, told to everyone, audited, and held to", async () => {
    const general = await room();
    const [moderator, member] = [await moderatorOf(general), await createUser("user")];
    const [mod, m] = await Promise.all([joined(general, moderator), joined(general, member)]);
    send(mod, { type: "slow", seconds: 60 });
    await m.until((x) => framesOf(x).some((f) => f.type === "slow_mode"));
    expect(ofType(m, "slow_mode")).toEqual([{ type: "slow_mode", seconds: 60 }]);
    expect(await D1.prepare("SELECT slow_mode_seconds FROM rooms WHERE id = ?").bind(general).first("slow_mode_seconds")).toBe(60);
    expect((await audits(general)).map((a) => [a.actor_id, a.action])).toEqual([[moderator.id, "room.slow_mode"]]);
    say(m, "one");
    await m.until((x) => texts({ messages: x } as Socket).includes("one"));
    say(m, "two");
    await roundTrip(m);
    expect(ofType(m, "error").at(-1)).toMatchObject({ code: "rate_limited" });
  });

  it("banning a member closes their sockets in every room at once", async () => {
    const [a, b] = [await room(), await room()];
    const [admin, member] = [await createUser("admin"), await createUser("user")];
    const sockets = await Promise.all([joined(a, member), joined(b, member)]);
    const res = await call(`/api/admin/users/${member.id}/ban`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { banned: true, reason: "Spam in the rooms", until: null },
    });
    expect(res.status).toBe(200);
    expect((await Promise.all(sockets.map((s) => s.closed))).map((c) => c.code)).toEqual([SOCKET_CLOSE_SESSION_ENDED, SOCKET_CLOSE_SESSION_ENDED]);
  });
});
