// A listening party's chat is a community room (decision 107): made with the party, its read and
// write rule following the party's audience and kept in step when the party is edited, cancelled
// or deleted; not listed on /rooms, read through the same history route and socket.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { partyRoomId } from "../../worker/contracts/parties/chat";
import { SOCKET_CLOSE_ROOM_CHANGED } from "../../worker/contracts/realtime";
import type { RoomResponse, RoomsResponse } from "../../worker/contracts/rooms/rooms";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { connect, errorsOf, history, roundTrip, say, upgrade, welcomeOf } from "./room-fixtures";

let admin: TestUser;
beforeAll(async () => {
  await addInnerCircle();
  admin = await createUser("admin");
});

const body = (extra: Record<string, unknown> = {}) => ({
  title: "Heartline night",
  sourceType: "album",
  sourceId: "radio-heartline",
  startsAt: new Date(Date.now() + 3_600_000).toISOString(),
  vipOnly: false,
  ...extra,
});

async function schedule(extra: Record<string, unknown> = {}) {
  const res = await call("/api/admin/parties", { json: body(extra), cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  const { party } = await res.json<{ party: { id: string } }>();
  return { partyId: party.id, roomId: partyRoomId(party.id) };
}

const ruleOf = (roomId: string) =>
  env.DB.prepare(
    "SELECT name_en, read_access, read_tier_id, write_access, write_tier_id, archived_at IS NOT NULL AS archived, party_id FROM rooms WHERE id = ?",
  )
    .bind(roomId)
    .first();

const edit = (partyId: string, extra: Record<string, unknown>) =>
  call(`/api/admin/parties/${partyId}`, { method: "PUT", json: body(extra), cookie: admin.cookie });

describe("a listening party's room", { timeout: 15_000 }, () => {
  it("is made with the party for every member, read through the rooms' routes, and not listed on /rooms", async () => {
    const { partyId, roomId } = await schedule();
    expect(await ruleOf(roomId)).toEqual({
      name_en: "Heartline night",
      read_access: "members",
      read_tier_id: null,
      write_access: "members",
      write_tier_id: null,
      archived: 0,
      party_id: partyId,
    });
    const member = await createUser("user");
    expect((await history(roomId, member)).status).toBe(200);
    const socket = await connect(roomId, member);
    expect((await welcomeOf(socket)).mayWrite).toBe(true);
    socket.ws.close();
    const visitor = await call(`/api/rooms/${roomId}/messages`);
    expect(visitor.status).toBe(401);
    const { rooms } = await (await call("/api/rooms", { cookie: member.cookie })).json<RoomsResponse>();
    expect(rooms.map((r) => r.id)).not.toContain(roomId);
    const adminList = await (await call("/api/admin/rooms", { cookie: admin.cookie })).json<{ rooms: { id: string }[] }>();
    expect(adminList.rooms.map((r) => r.id)).not.toContain(roomId);
  });

  it("a VIP-only party's room is for its lowest tier (VIP where none is named): others get 403 tier_required", async () => {
    const vipParty = await schedule({ vipOnly: true });
    const circleParty = await schedule({ vipOnly: true, minTierId: "inner-circle" });
    expect(await ruleOf(vipParty.roomId)).toMatchObject({ read_access: "tier", read_tier_id: "vip", write_access: "tier", write_tier_id: "vip" });
    expect(await ruleOf(circleParty.roomId)).toMatchObject({ read_access: "tier", read_tier_id: "inner-circle" });
    const [member, vip, circle] = await Promise.all([createUser("user"), createUser("vip"), createUser("vip", { tierId: "inner-circle" })]);
    const expected: [TestUser, string, number][] = [
      [member, vipParty.roomId, 403],
      [vip, vipParty.roomId, 200],
      [vip, circleParty.roomId, 403],
      [circle, circleParty.roomId, 200],
      [admin, circleParty.roomId, 200],
    ];
    for (const [who, roomId, status] of expected) {
      const read = await history(roomId, who);
      expect([who.username, roomId, read.status]).toEqual([who.username, roomId, status]);
      if (status === 403) {
        expect((read.body as { code: string }).code).toBe("tier_required");
        const socket = await upgrade(roomId, who);
        expect(socket.status).toBe(403);
        expect((await errorOf(socket)).code).toBe("tier_required");
      }
    }
  });

  it("follows the party's edit: a party made VIP only closes its room's sockets (4409) and refuses the member after", async () => {
    const { partyId, roomId } = await schedule();
    const member = await createUser("user");
    const socket = await connect(roomId, member);
    await welcomeOf(socket);
    const res = await edit(partyId, { title: "Heartline night, VIP", vipOnly: true });
    expect(res.status).toBe(200);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_ROOM_CHANGED });
    expect(await ruleOf(roomId)).toMatchObject({ name_en: "Heartline night, VIP", read_access: "tier", read_tier_id: "vip" });
    expect((await history(roomId, member)).status).toBe(403);
  });

  it("a cancelled party's room is archived (read-only), and a deleted party's room goes with it", async () => {
    const { partyId, roomId } = await schedule();
    const member = await createUser("user");
    expect((await call(`/api/admin/parties/${partyId}/cancel`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect(await ruleOf(roomId)).toMatchObject({ archived: 1 });
    const socket = await connect(roomId, member);
    expect((await welcomeOf(socket)).mayWrite).toBe(false);
    say(socket, "too late");
    await roundTrip(socket);
    expect(errorsOf(socket)).toEqual(["archived"]);

    expect((await call(`/api/admin/parties/${partyId}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_ROOM_CHANGED });
    expect(await ruleOf(roomId)).toBeNull();
    const gone = await history(roomId, member);
    expect(gone.status).toBe(404);
    expect((gone.body as { code: string }).code).toBe("room_not_found");
  });

  it("GET /api/rooms/:id answers a party's room as the list would: what keeps each viewer out; 404 unknown, 400 a bad id", async () => {
    const { roomId } = await schedule({ vipOnly: true });
    const [member, vip, banned] = await Promise.all([createUser("user"), createUser("vip"), createUser("banned")]);
    const one = async (user: TestUser | null, id = roomId) => {
      const res = await call(`/api/rooms/${id}`, user ? { cookie: user.cookie } : {});
      return { status: res.status, cache: res.headers.get("cache-control"), body: await res.json<RoomResponse & { error?: { code: string } }>() };
    };
    const visitor = await one(null);
    expect(visitor.status).toBe(200);
    expect(visitor.cache).toBe("private, no-store");
    expect(visitor.body.room).toMatchObject({
      id: roomId,
      name: { en: "Heartline night" },
      locked: "sign_in",
      writeLocked: "sign_in",
      unread: null,
      notify: null,
    });
    // A banned member's session is not one: they are a visitor here.
    expect((await one(banned)).body.room).toMatchObject({ locked: "sign_in", unread: null });
    expect((await one(member)).body.room).toMatchObject({
      locked: "tier_required",
      writeLocked: "tier_required",
      read: { kind: "tier", tierId: "vip" },
      unread: null,
    });
    expect((await one(vip)).body.room).toMatchObject({ locked: null, writeLocked: null, unread: 0, notify: "mentions" });
    expect((await one(admin)).body.room).toMatchObject({ locked: null, writeLocked: null });
    const unknown = await one(vip, "party-nope");
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, "room_not_found"]);
    const bad = await one(vip, "Not%20an%20id");
    expect([bad.status, bad.body.error?.code]).toEqual([400, "invalid_input"]);
  });
});
