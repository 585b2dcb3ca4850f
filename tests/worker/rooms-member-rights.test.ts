// Member rights over the rooms' messages (decision 107), through the Worker: the data export's
// rooms.json carries exactly the member's messages (room, number, text, time), and deleting the
// account erases them from every room they posted in, leaving others' messages as they were.
import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../worker/db/client";
import type { AppEnv } from "../../worker/env";
import { ROOM_DELETED_MEMBER } from "../../worker/contracts/rooms/erased";
import type { DataExportStatus } from "../../worker/contracts/member-data";
import { eraseMemberFromRooms, memberRoomData, roomsToErase } from "../../worker/services/realtime/room-member-data";
import { call, createUser, type TestUser } from "./helpers";
import { connect, framesOf, history, room, say, stored, welcomeOf } from "./room-fixtures";

/** Opens a socket, says each text, and waits until D1 marks the member as having posted there. */
async function posts(roomId: string, user: TestUser, texts: string[]) {
  const socket = await connect(roomId, user);
  await welcomeOf(socket);
  for (const text of texts) say(socket, text);
  await socket.until((m) => framesOf(m).filter((f) => f.type === "message" && f.message.userId === user.id).length === texts.length);
  await vi.waitUntil(
    async () => (await env.DB.prepare("SELECT posted FROM room_members WHERE room_id = ? AND user_id = ?").bind(roomId, user.id).first<number>("posted")) === 1,
  );
  socket.ws.close();
}

async function exportOf(user: TestUser) {
  const res = await call("/api/account/export", { method: "POST", json: { currentPassword: user.password }, cookie: user.cookie });
  expect(res.status).toBe(200);
  const status = await res.json<DataExportStatus>();
  expect(status.status).toBe("ready");
  const zip = await call(status.downloadUrl!, { cookie: user.cookie });
  expect(zip.status).toBe(200);
  const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
  return JSON.parse(strFromU8(files["rooms.json"]!)) as {
    messages: Record<string, unknown>[];
    reactions: Record<string, unknown>[];
    roomMembers: Record<string, unknown>[];
  };
}

/** An env whose room namespace counts the objects asked for. */
function countingEnv() {
  let gets = 0;
  const hubs = env.ROOM_HUB;
  const counted = {
    ...env,
    ROOM_HUB: { idFromName: (name: string) => hubs.idFromName(name), get: (id: DurableObjectId) => (gets++, hubs.get(id)) },
  } as unknown as AppEnv;
  return { env: counted, gets: () => gets };
}

// Each test opens several sockets and waits on D1 writes made after the messages went out.
describe("the data export's rooms file", { timeout: 15_000 }, () => {
  it("holds exactly the member's messages in each room they posted in, with the room's name in their language", async () => {
    const [member, other] = await Promise.all([createUser("user"), createUser("user")]);
    await env.DB.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?").bind(member.id).run();
    const [a, b] = await Promise.all([room(), room()]);
    await posts(a, member, ["first in a", "second in a"]);
    await posts(a, other, ["not mine"]);
    await posts(b, member, ["only in b"]);

    const file = await exportOf(member);
    const mine = file.messages.map(({ roomId, roomName, seq, text, sentAt, hiddenAt }) => ({ roomId, roomName, seq, text, hiddenAt, sentAt: typeof sentAt }));
    const names = await env.DB.prepare("SELECT id, name_pt_br FROM rooms WHERE id IN (?, ?)").bind(a, b).all<{ id: string; name_pt_br: string }>();
    const nameOf = (id: string) => names.results.find((r) => r.id === id)!.name_pt_br;
    expect(mine.sort((x, y) => `${x.roomId}${x.seq}`.localeCompare(`${y.roomId}${y.seq}`))).toEqual(
      [
        { roomId: a, roomName: nameOf(a), seq: 1, text: "first in a", hiddenAt: null, sentAt: "string" },
        { roomId: a, roomName: nameOf(a), seq: 2, text: "second in a", hiddenAt: null, sentAt: "string" },
        { roomId: b, roomName: nameOf(b), seq: 1, text: "only in b", hiddenAt: null, sentAt: "string" },
      ].sort((x, y) => `${x.roomId}${x.seq}`.localeCompare(`${y.roomId}${y.seq}`)),
    );
    expect(JSON.stringify(file)).not.toContain("not mine");
    expect(file.messages[0]!.sentAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it("a member who never posted costs no room call, and their file's messages are empty", async () => {
    const member = await createUser("user");
    const general = await room();
    const socket = await connect(general, member); // reading is not posting
    await welcomeOf(socket);
    socket.ws.send(JSON.stringify({ type: "read", seq: 0 }));
    await vi.waitUntil(async () => (await env.DB.prepare("SELECT count(*) AS n FROM room_members WHERE user_id = ?").bind(member.id).first<number>("n")) === 1);
    socket.ws.close();
    const counting = countingEnv();
    const db = createDb(env.DB);
    expect(await memberRoomData(counting.env, db, member.id, "en")).toEqual({ messages: [], reactions: [] });
    await eraseMemberFromRooms(counting.env, await roomsToErase(db, member.id), member.id);
    expect(counting.gets()).toBe(0);
    expect((await exportOf(member)).messages).toEqual([]);
  });

  it("a member who posted in one room of two asks that room only", async () => {
    const member = await createUser("user");
    const [a] = await Promise.all([room(), room()]);
    await posts(a, member, ["hello"]);
    const counting = countingEnv();
    expect((await memberRoomData(counting.env, createDb(env.DB), member.id, "en")).messages.map((m) => m.text)).toEqual(["hello"]);
    expect(counting.gets()).toBe(1);
  });
});

describe("the data export's rooms file: reactions (decision 115)", { timeout: 15_000 }, () => {
  /** Reacts with each emoji to message `seq`, and waits for the room's answer to each. */
  async function reacts(roomId: string, user: TestUser, seq: number, emojis: string[], on = true) {
    const socket = await connect(roomId, user);
    await welcomeOf(socket);
    for (const emoji of emojis) socket.ws.send(JSON.stringify({ type: "react", seq, emoji, on }));
    await socket.until((m) => framesOf(m).filter((f) => f.type === "reactions" && f.userId === user.id).length === emojis.length);
    socket.ws.close();
  }
  const posted = (roomId: string, user: TestUser) =>
    vi.waitUntil(
      async () =>
        (await env.DB.prepare("SELECT posted FROM room_members WHERE room_id = ? AND user_id = ?").bind(roomId, user.id).first<number>("posted")) === 1,
    );

  it("lists each of the member's reactions with its room and message number, not others' and not one taken back", async () => {
    const [member, other] = await Promise.all([createUser("user"), createUser("user")]);
    const [a, b] = await Promise.all([room(), room()]);
    await posts(a, other, ["first", "second"]);
    await posts(b, other, ["in b"]);
    await reacts(a, member, 2, ["🔥", "❤️"]);
    await reacts(a, member, 2, ["❤️"], false);
    await reacts(a, other, 1, ["😂"]);
    await reacts(b, member, 1, ["🎉"]);
    await Promise.all([posted(a, member), posted(b, member)]);

    const file = await exportOf(member);
    const names = await env.DB.prepare("SELECT id, name_en FROM rooms WHERE id IN (?, ?)").bind(a, b).all<{ id: string; name_en: string }>();
    const nameOf = (id: string) => names.results.find((r) => r.id === id)!.name_en;
    expect([...file.reactions].sort((x, y) => String(x.roomId).localeCompare(String(y.roomId)))).toEqual(
      [
        { roomId: a, roomName: nameOf(a), seq: 2, emoji: "🔥" },
        { roomId: b, roomName: nameOf(b), seq: 1, emoji: "🎉" },
      ].sort((x, y) => x.roomId.localeCompare(y.roomId)),
    );
    // Reacting is not writing: the member's messages are none, and the others' texts are not theirs to export.
    expect(file.messages).toEqual([]);
    expect(JSON.stringify(file)).not.toContain("second");
  });

  it("a member who only reacted is erased from the room with their account: their reaction goes", async () => {
    const [member, other] = await Promise.all([createUser("user"), createUser("user")]);
    const general = await room();
    await posts(general, other, ["react to me"]);
    await reacts(general, member, 1, ["🔥"]);
    await posted(general, member);
    expect(await roomsToErase(createDb(env.DB), member.id)).toEqual([general]);
    const res = await call("/api/account/delete", { json: { currentPassword: member.password, confirmation: member.username }, cookie: member.cookie });
    expect(res.status).toBe(200);
    const page = await history(general, other);
    expect((page.body as Awaited<ReturnType<typeof stored>>).messages[0]!.reactions).toEqual([]);
  });
});

describe("deleting the account", { timeout: 15_000 }, () => {
  it("erases the member's text and name from every room they posted in; others' messages stay as they were", async () => {
    const [member, other] = await Promise.all([createUser("vip"), createUser("user")]);
    const [a, b] = await Promise.all([room(), room()]);
    await posts(a, other, ["before"]);
    await posts(a, member, ["my secret words"]);
    await posts(a, other, ["after"]);
    await posts(b, member, ["also mine"]);

    const res = await call("/api/account/delete", { json: { currentPassword: member.password, confirmation: member.username }, cookie: member.cookie });
    expect(res.status).toBe(200);

    const page = await history(a, other);
    expect(page.status).toBe(200);
    const messages = (page.body as Awaited<ReturnType<typeof stored>>).messages;
    expect(messages.map((m) => [m.seq, m.userId, m.username, m.text, m.avatarUrl, m.tier])).toEqual([
      [1, other.id, other.username, "before", null, null],
      [2, ROOM_DELETED_MEMBER, "", "", null, null],
      [3, other.id, other.username, "after", null, null],
    ]);
    const inB = await stored(b);
    expect(inB.messages.map((m) => [m.userId, m.text])).toEqual([[ROOM_DELETED_MEMBER, ""]]);
    for (const list of [messages, inB.messages]) {
      expect(JSON.stringify(list)).not.toContain(member.id);
      expect(JSON.stringify(list)).not.toContain(member.username);
    }
    // Their places in the rooms went with the account.
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM room_members WHERE user_id = ?1) + (SELECT count(*) FROM room_moderators WHERE user_id = ?1) AS n",
    )
      .bind(member.id)
      .first<number>("n");
    expect(left).toBe(0);
  });
});
