// Threads, reactions, edits, deletions and pins in a community room (decision 109), through real
// sockets: a reply names a message the room still shows (else message_not_found, nothing stored)
// and arrives live with its parent quoted; the thread lists it; a reaction is one per member per
// emoji per message however often or concurrently it is sent; only the author edits or deletes
// (send's text rules); only moderators pin, at most ROOM_PINS_MAX, each audited; a room made
// before these columns gets them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { roomHub } from "../../worker/services/realtime/room-hub";
import { migrateRoomStorage, RoomMessages } from "../../worker/durable-objects/room/messages";
import { parentAuthorOf } from "../../worker/durable-objects/room/threads";
import { ROOM_MESSAGE_MAX, ROOM_PINS_MAX, type RoomThreadResponse } from "../../worker/contracts/rooms/rooms";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle, connect, errorsOf, framesOf, history, ofType, room, roundTrip, say, stored, texts, welcomeOf, type Socket } from "./room-fixtures";

beforeAll(async () => {
  await addInnerCircle();
  forgetTiers();
});

const D1 = env.DB;
const send = (socket: Socket, frame: unknown) => socket.ws.send(JSON.stringify(frame));
async function joined(roomId: string, who: TestUser) {
  const socket = await connect(roomId, who);
  await welcomeOf(socket);
  return socket;
}
async function moderatorOf(roomId: string) {
  const fan = await createUser("user");
  await D1.prepare("INSERT INTO room_moderators (room_id, user_id, named_at) VALUES (?, ?, ?)").bind(roomId, fan.id, Date.now()).run();
  return fan;
}
/** Says something and waits until the room echoed it: its number. */
async function posted(socket: Socket, text: string, replyTo?: number) {
  socket.ws.send(JSON.stringify({ type: "send", clientId: `c-${crypto.randomUUID()}`, text, ...(replyTo ? { replyTo } : {}) }));
  await socket.until((m) => framesOf(m).some((f) => f.type === "message" && f.message.text === text));
  return ofType(socket, "message").find((f) => f.message.text === text)!.message.seq;
}
const thread = async (roomId: string, user: TestUser | null, seq: number | string) => {
  const res = await call(`/api/rooms/${roomId}/messages/${seq}/replies`, { cookie: user?.cookie });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as RoomThreadResponse) : await errorOf(res) };
};
const audits = async (roomId: string) =>
  (await D1.prepare("SELECT actor_id, action FROM audit_log WHERE target_type = 'room' AND target_id = ? ORDER BY id").bind(roomId).all()).results;

describe("replies in a thread", () => {
  it("a reply arrives live on two sockets with its parent quoted, counts on the parent, and is in the history and the thread", async () => {
    const general = await room();
    const [alice, bob, carol] = [await createUser("user"), await createUser("user"), await createUser("user")];
    const [a, b, c] = await Promise.all([joined(general, alice), joined(general, bob), joined(general, carol)]);
    const parent = await posted(a, "who is coming to Miami?");
    const reply = await posted(b, "me!", parent);
    await Promise.all([a, c].map((s) => s.until((m) => texts({ messages: m } as Socket).includes("me!"))));
    for (const socket of [a, c]) {
      expect(ofType(socket, "message").find((f) => f.message.seq === reply)!.message.replyTo).toEqual({
        seq: parent,
        userId: alice.id,
        username: alice.username,
        text: "who is coming to Miami?",
        gone: false,
      });
    }
    const page = (await history(general, carol)).body as { messages: { seq: number; replyCount: number; replyTo: { seq: number } | null }[] };
    expect(page.messages.map((m) => [m.seq, m.replyCount, m.replyTo?.seq ?? null])).toEqual([
      [parent, 1, null],
      [reply, 0, parent],
    ]);
    const listed = await thread(general, carol, parent);
    expect(listed.status).toBe(200);
    const body = listed.body as RoomThreadResponse;
    expect([body.parent.text, body.replies.map((r) => r.text), body.more]).toEqual(["who is coming to Miami?", ["me!"], false]);
    // What notifications need: the parent's author.
    await runIn(general, (sql) => expect(parentAuthorOf(sql, parent)).toEqual({ userId: alice.id, username: alice.username }));
  });

  it("the thread pages its replies oldest first, and says when more remain", async () => {
    const general = await room();
    const [alice, bob] = [await createUser("user"), await createUser("user")];
    const [a, b] = await Promise.all([joined(general, alice), joined(general, bob)]);
    const parent = await posted(a, "a long thread");
    const replies = [await posted(b, "one", parent), await posted(a, "two", parent), await posted(b, "three", parent)];
    await posted(a, "not in it");
    const hub = roomHub(env, general);
    const first = (await hub.thread(parent, 0, null, 2))!;
    expect([first.replies.map((r) => r.text), first.more]).toEqual([["one", "two"], true]);
    const next = (await hub.thread(parent, replies[1]!, null, 2))!;
    expect([next.replies.map((r) => r.text), next.more]).toEqual([["three"], false]);
    const page = await call(`/api/rooms/${general}/messages/${parent}/replies?after=${replies[0]}`, { cookie: bob.cookie });
    expect(((await page.json()) as RoomThreadResponse).replies.map((r) => r.text)).toEqual(["two", "three"]);
  });

  it("a reply to an unknown or hidden message is refused message_not_found and nothing is stored", async () => {
    const general = await room();
    const [moderator, member] = [await moderatorOf(general), await createUser("user")];
    const [mod, m] = await Promise.all([joined(general, moderator), joined(general, member)]);
    const hidden = await posted(m, "soon hidden");
    send(mod, { type: "hide", seq: hidden });
    await m.until((x) => framesOf(x).some((f) => f.type === "hidden"));
    say(m, "to nothing", "reply-unknown-1");
    m.ws.send(JSON.stringify({ type: "send", clientId: "reply-unknown-2", text: "to nothing", replyTo: 999 }));
    m.ws.send(JSON.stringify({ type: "send", clientId: "reply-hidden-1", text: "to hidden", replyTo: hidden }));
    await roundTrip(m);
    expect(ofType(m, "error").map((f) => [f.code, f.clientId])).toEqual([
      ["message_not_found", "reply-unknown-2"],
      ["message_not_found", "reply-hidden-1"],
    ]);
    expect((await stored(general)).messages.map((x) => x.text)).toEqual(["to nothing"]);
    expect((await thread(general, member, hidden)).body).toMatchObject({ code: "message_not_found" });
  });

  it("the thread is gated like the history: visitor 401, a tier it lacks 403, unknown 404, a bad number 400", async () => {
    const lounge = await room({ read: { access: "tier", tierId: "vip" } });
    const [vip, member, admin] = [await createUser("vip"), await createUser("user"), await createUser("admin")];
    const seq = await posted(await joined(lounge, vip), "VIPs only");
    expect((await thread(lounge, vip, seq)).status).toBe(200);
    expect((await thread(lounge, admin, seq)).status).toBe(200);
    expect(await thread(lounge, null, seq)).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    expect(await thread(lounge, member, seq)).toMatchObject({ status: 403, body: { code: "tier_required" } });
    expect(await thread(lounge, vip, seq + 50)).toMatchObject({ status: 404, body: { code: "message_not_found" } });
    expect(await thread("no-such-room", vip, 1)).toMatchObject({ status: 404, body: { code: "room_not_found" } });
    expect(await thread(lounge, vip, "x")).toMatchObject({ status: 400, body: { code: "invalid_input" } });
  });
});

describe("reactions", () => {
  it("toggled on twice is one; off takes it off; each member's own shows as mine", async () => {
    const general = await room();
    const [alice, bob] = [await createUser("user"), await createUser("user")];
    const [a, b] = await Promise.all([joined(general, alice), joined(general, bob)]);
    const seq = await posted(a, "react to me");
    send(b, { type: "react", seq, emoji: "🔥", on: true });
    send(b, { type: "react", seq, emoji: "🔥", on: true });
    await roundTrip(b);
    await a.until((m) => framesOf(m).some((f) => f.type === "reactions"));
    expect(ofType(a, "reactions")).toEqual([{ type: "reactions", seq, reactions: [{ emoji: "🔥", count: 1 }], userId: bob.id, emoji: "🔥", on: true }]);
    expect((await welcomeOf(await connect(general, bob))).messages[0]!.reactions).toEqual([{ emoji: "🔥", count: 1, mine: true }]);
    const page = (await history(general, alice)).body as { messages: { reactions: unknown }[] };
    expect(page.messages[0]!.reactions).toEqual([{ emoji: "🔥", count: 1, mine: false }]);
    send(b, { type: "react", seq, emoji: "🔥", on: false });
    send(b, { type: "react", seq, emoji: "🔥", on: false });
    await roundTrip(b);
    await a.until((m) => ofType({ messages: m } as Socket, "reactions").length === 2);
    expect(ofType(a, "reactions")[1]!.reactions).toEqual([]);
    expect((await stored(general)).messages[0]!.reactions).toEqual([]);
  });

  it("10 racing reactions from 5 members are counted exactly", async () => {
    const general = await room();
    const author = await createUser("user");
    const members = await Promise.all(Array.from({ length: 5 }, () => createUser("user")));
    const seq = await posted(await joined(general, author), "race");
    const sockets = await Promise.all(members.map((m) => joined(general, m)));
    await Promise.all(
      sockets.flatMap((s) => [
        send(s, { type: "react", seq, emoji: "🎉", on: true }),
        send(s, { type: "react", seq, emoji: "🎉", on: true }),
        send(s, { type: "react", seq, emoji: "👍", on: true }),
      ]),
    );
    await Promise.all(sockets.map((s) => roundTrip(s)));
    expect((await stored(general)).messages[0]!.reactions).toEqual([
      { emoji: "👍", count: 5, mine: false },
      { emoji: "🎉", count: 5, mine: false },
    ]);
  });

  it("an emoji off the list is bad_frame; a muted member, a reader who may not write and an archived room are refused", async () => {
    const lounge = await room({ write: { access: "tier", tierId: "vip" } });
    const [moderator, vip, member] = [await moderatorOf(lounge), await createUser("vip"), await createUser("user")];
    const [mod, v, m] = await Promise.all([joined(lounge, moderator), joined(lounge, vip), joined(lounge, member)]);
    const seq = await posted(v, "react?");
    send(v, { type: "react", seq, emoji: "💩", on: true });
    send(m, { type: "react", seq, emoji: "👍", on: true });
    send(v, { type: "react", seq: seq + 9, emoji: "👍", on: true });
    await roundTrip(v);
    send(mod, { type: "mute", userId: vip.id, minutes: 10 });
    await roundTrip(mod);
    send(v, { type: "react", seq, emoji: "👍", on: true });
    await Promise.all([roundTrip(v), roundTrip(m)]);
    expect(errorsOf(v)).toEqual(["bad_frame", "message_not_found", "muted"]);
    expect(errorsOf(m)).toEqual(["write_refused"]);
    await D1.prepare("UPDATE rooms SET archived_at = ? WHERE id = ?").bind(Date.now(), lounge).run();
    await roomHub(env, lounge).roomChanged(false);
    send(mod, { type: "react", seq, emoji: "👍", on: true });
    await roundTrip(mod);
    expect(errorsOf(mod)).toEqual(["archived"]);
    expect((await stored(lounge)).messages[0]!.reactions).toEqual([]);
  });
});

describe("editing and deleting one's own", () => {
  it("the author edits: everyone sees the new text and when, the history too; someone else is refused not_author", async () => {
    const general = await room();
    const [alice, bob, moderator] = [await createUser("user"), await createUser("user"), await moderatorOf(general)];
    const [a, b, mod] = await Promise.all([joined(general, alice), joined(general, bob), joined(general, moderator)]);
    const seq = await posted(a, "helo");
    send(b, { type: "edit", seq, text: "hijacked" });
    send(mod, { type: "edit", seq, text: "hijacked" });
    send(a, { type: "edit", seq, text: "   " });
    send(a, { type: "edit", seq, text: "x".repeat(ROOM_MESSAGE_MAX + 1) });
    send(a, { type: "edit", seq: seq + 5, text: "nothing there" });
    await Promise.all([roundTrip(a), roundTrip(b), roundTrip(mod)]);
    expect([errorsOf(a), errorsOf(b), errorsOf(mod)]).toEqual([["empty_message", "message_too_long", "message_not_found"], ["not_author"], ["not_author"]]);
    expect((await stored(general)).messages.map((m) => [m.text, m.editedAt])).toEqual([["helo", null]]);
    send(a, { type: "edit", seq, text: "hello" });
    await b.until((m) => framesOf(m).some((f) => f.type === "edited"));
    const edited = ofType(b, "edited")[0]!;
    expect(edited).toMatchObject({ type: "edited", seq, text: "hello" });
    expect((await stored(general)).messages.map((m) => [m.text, m.editedAt])).toEqual([["hello", edited.editedAt]]);
  });

  it("a muted author may still delete their own message", async () => {
    const general = await room();
    const [moderator, member] = [await moderatorOf(general), await createUser("user")];
    const [mod, m] = await Promise.all([joined(general, moderator), joined(general, member)]);
    const seq = await posted(m, "regret this");
    send(mod, { type: "mute", userId: member.id, minutes: 10 });
    await m.until((x) => framesOf(x).some((f) => f.type === "muted"));
    send(m, { type: "edit", seq, text: "regret that" });
    send(m, { type: "delete", seq });
    await m.until((x) => framesOf(x).some((f) => f.type === "deleted"));
    expect(errorsOf(m)).toEqual(["muted"]);
    expect((await stored(general)).messages.map((x) => [x.deleted, x.text])).toEqual([[true, ""]]);
  });

  it("the author deletes: it stays in place as deleted, without its text, reactions or pin; others are refused", async () => {
    const general = await room();
    const [alice, bob, moderator] = [await createUser("user"), await createUser("user"), await moderatorOf(general)];
    const [a, b, mod] = await Promise.all([joined(general, alice), joined(general, bob), joined(general, moderator)]);
    const seq = await posted(a, "oops, my phone number");
    const reply = await posted(b, "call you!", seq);
    send(b, { type: "react", seq, emoji: "😮", on: true });
    send(mod, { type: "pin", seq });
    send(b, { type: "delete", seq });
    send(mod, { type: "delete", seq });
    await Promise.all([roundTrip(b), roundTrip(mod)]);
    expect([errorsOf(b), errorsOf(mod)]).toEqual([["not_author"], ["not_author"]]);
    send(a, { type: "delete", seq });
    await b.until((m) => framesOf(m).some((f) => f.type === "unpinned"));
    expect(framesOf(b.messages).filter((f) => f.type === "deleted" || f.type === "unpinned")).toEqual([
      { type: "deleted", seq },
      { type: "unpinned", seq },
    ]);
    const [gone, answer] = (await stored(general)).messages;
    expect([gone!.deleted, gone!.text, gone!.reactions, answer!.replyTo]).toEqual([
      true,
      "",
      [],
      { seq, userId: alice.id, username: alice.username, text: "", gone: true },
    ]);
    expect(answer!.seq).toBe(reply);
    expect((await welcomeOf(await connect(general, bob))).pinned).toEqual([]);
    expect((await history(general, bob)).body).toMatchObject({ messages: [{ seq, deleted: true, text: "" }, { seq: reply }] });
    // Deleted is final: no edit, no second delete, no reaction, no reply.
    send(a, { type: "edit", seq, text: "back" });
    send(a, { type: "delete", seq });
    send(b, { type: "react", seq, emoji: "👍", on: true });
    await Promise.all([roundTrip(a), roundTrip(b)]);
    expect(errorsOf(a)).toEqual(["message_not_found", "message_not_found"]);
    expect(errorsOf(b).at(-1)).toBe("message_not_found");
  });
});

describe("pins", () => {
  it("a member is refused moderator_required; a fan moderator pins and unpins, everyone is told, the welcome lists them, each audited", async () => {
    const general = await room();
    const [moderator, member] = [await moderatorOf(general), await createUser("user")];
    const [mod, m] = await Promise.all([joined(general, moderator), joined(general, member)]);
    const seq = await posted(m, "house rules: be kind");
    send(m, { type: "pin", seq });
    send(m, { type: "unpin", seq });
    await roundTrip(m);
    expect(errorsOf(m)).toEqual(["moderator_required", "moderator_required"]);
    send(mod, { type: "pin", seq });
    send(mod, { type: "pin", seq });
    await m.until((x) => framesOf(x).some((f) => f.type === "pinned"));
    await roundTrip(mod);
    expect(ofType(m, "pinned").map((f) => f.message.text)).toEqual(["house rules: be kind"]);
    expect((await welcomeOf(await connect(general, member))).pinned.map((p) => p.seq)).toEqual([seq]);
    send(mod, { type: "unpin", seq });
    await m.until((x) => framesOf(x).some((f) => f.type === "unpinned"));
    await vi.waitUntil(async () => (await audits(general)).length === 2);
    expect(await audits(general)).toEqual([
      { actor_id: moderator.id, action: "room.message.pin" },
      { actor_id: moderator.id, action: "room.message.unpin" },
    ]);
  });

  it(`holds at most ${ROOM_PINS_MAX} pins, even when pins race`, async () => {
    const general = await room();
    const [admin, member] = [await createUser("admin"), await createUser("user")];
    const [adm, m, m2] = await Promise.all([joined(general, admin), joined(general, member), joined(general, member)]);
    const seqs: number[] = [];
    // Two sockets keep each under the frames-a-second limit.
    for (let i = 0; i < ROOM_PINS_MAX + 2; i++) seqs.push(await posted(i % 2 ? m : m2, `note ${i}`));
    const second = await joined(general, admin);
    await Promise.all(seqs.map((seq, i) => send(i % 2 ? adm : second, { type: "pin", seq })));
    await Promise.all([roundTrip(adm), roundTrip(second)]);
    expect([...errorsOf(adm), ...errorsOf(second)]).toEqual(["pin_limit", "pin_limit"]);
    expect((await welcomeOf(await connect(general, member))).pinned).toHaveLength(ROOM_PINS_MAX);
  });
});

async function runIn(roomId: string, check: (sql: SqlStorage) => void) {
  const { runInDurableObject } = await import("cloudflare:test");
  await runInDurableObject(roomHub(env, roomId), (_object, state) => check(state.storage.sql));
}

describe("a room made before threads", () => {
  it("gets the new columns and tables on its next start, and its old messages read as plain ones", async () => {
    const old = await room();
    await runIn(old, (sql) => {
      sql.exec("DROP TABLE messages; DROP TABLE IF EXISTS reactions; DROP TABLE IF EXISTS pins");
      // The messages table as decision 106 made it.
      sql.exec(`CREATE TABLE messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, username TEXT NOT NULL, avatar_url TEXT, tier TEXT,
        client_id TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, hidden_at INTEGER, hidden_by TEXT, UNIQUE (user_id, client_id))`);
      sql.exec("INSERT INTO messages (user_id, username, client_id, text, at) VALUES ('u1', 'old_timer', 'c1', 'from before', 0)");
      migrateRoomStorage(sql);
      const columns = sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('messages')")
        .toArray()
        .map((c) => c.name);
      expect(columns).toEqual(expect.arrayContaining(["reply_to", "edited_at", "deleted_at"]));
      migrateRoomStorage(sql);
      const messages = new RoomMessages(sql);
      expect(messages.toMessages(messages.newest(10))).toMatchObject([
        { text: "from before", replyTo: null, replyCount: 0, reactions: [], editedAt: null, deleted: false },
      ]);
      sql.exec("INSERT INTO reactions (seq, user_id, emoji) VALUES (1, 'u2', '👍')");
      sql.exec("INSERT INTO pins (seq, pinned_by, at) VALUES (1, 'u3', 0)");
    });
  });
});
