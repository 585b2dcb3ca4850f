// /api/admin/rooms (decision 106): the community rooms for administrators only. Every route answers
// visitor and banned 401, a free member, VIP, an Inner Circle member and door staff 403, writing
// nothing; an admin creates, edits, archives and opens rooms again and names fan moderators, each
// write audited; bad input is a 400 with its field and code that stores nothing; a change of who
// may read or write closes the room's sockets so each is checked again, and a moderator removed
// from a room they could not otherwise read has their sockets closed.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN, ruleError, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { acceptSocket } from "./sockets";
import { seedTicketEvent } from "./ticket-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { SOCKET_CLOSE_ROOM_CHANGED, SOCKET_CLOSE_VIP_ENDED } from "../../worker/contracts/realtime";
import { ROOM_FORM_MESSAGES as M, type AdminRoomResponse, type AdminRoomsResponse, type RoomInput } from "../../worker/contracts/rooms/admin";
import type { RoomServerFrame } from "../../worker/contracts/rooms/rooms";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/rooms";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed', 2499)",
  ).run();
  forgetTiers();
});

let serial = 0;
const valid = (overrides: Partial<RoomInput> = {}): RoomInput => ({
  nameEn: `Room ${++serial}`,
  namePtBr: `Sala ${serial}`,
  descriptionEn: "Talk here.",
  descriptionPtBr: "Converse aqui.",
  read: { access: "members" },
  write: { access: "members" },
  slowModeSeconds: 0,
  position: serial,
  ...overrides,
});

const asAdmin = (path: string, options: { method?: string; json?: unknown } = {}) => call(path, { ...options, cookie: admin.cookie });
async function createRoom(overrides: Partial<RoomInput> = {}) {
  const res = await asAdmin(API, { method: "POST", json: valid(overrides) });
  expect(res.status).toBe(201);
  return (await res.json<AdminRoomResponse>()).room;
}
const roomRows = async () => (await D1.prepare("SELECT * FROM rooms ORDER BY id").all<Record<string, unknown>>()).results;
const moderatorRows = async () => (await D1.prepare("SELECT room_id, user_id FROM room_moderators ORDER BY room_id, user_id").all()).results;
const lastAudit = () =>
  D1.prepare("SELECT action, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target_id: string; summary: string }>();

async function connect(roomId: string, user: TestUser) {
  const res = await call(`/api/rooms/${roomId}/live`, { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  const socket = acceptSocket(res.webSocket!);
  await socket.until((m) => m.some((x) => x.startsWith('{"type":"welcome"')));
  return socket;
}
const welcomeOf = (socket: Awaited<ReturnType<typeof connect>>) =>
  JSON.parse(socket.messages.find((m) => m.startsWith('{"type":"welcome"'))!) as Extract<RoomServerFrame, { type: "welcome" }>;

describe("the gate", () => {
  it("refuses everyone but an administrator on every route, writing nothing", async () => {
    const room = await createRoom();
    const requests = [
      { method: "GET", path: API },
      { method: "POST", path: API, json: valid() },
      { method: "PUT", path: `${API}/${room.id}`, json: valid({ nameEn: room.name.en }) },
      { method: "POST", path: `${API}/${room.id}/archive` },
      { method: "POST", path: `${API}/${room.id}/unarchive` },
      { method: "POST", path: `${API}/${room.id}/moderators`, json: { username: admin.username } },
      { method: "DELETE", path: `${API}/${room.id}/moderators/${admin.id}` },
    ];
    const snapshot = async () => [await roomRows(), await moderatorRows()];
    for (const request of requests) await expectAdminOnly(request, snapshot);
    const [inner, door] = await Promise.all([createUser("vip", { tierId: "inner-circle" }), createDoorStaff()]);
    const before = { audit: await auditCount(), rows: await snapshot() };
    for (const who of [inner, door]) {
      for (const request of requests) {
        const res = await call(request.path, { method: request.method, json: request.json, cookie: who.cookie });
        expect(res.status, `${request.method} ${request.path}`).toBe(403);
        expect((await errorOf(res)).code).toBe("admin_required");
      }
    }
    expect({ audit: await auditCount(), rows: await snapshot() }).toEqual(before);
  });
});

describe("rooms", () => {
  it("an admin creates a room for a tier, its id from the English name, audited; the list shows it in order", async () => {
    const room = await createRoom({ nameEn: "VIP Lounge!", namePtBr: "Lounge VIP", read: { access: "tier", tierId: "vip" }, position: 0 });
    expect(room).toMatchObject({
      id: "vip-lounge",
      name: { en: "VIP Lounge!", ptBR: "Lounge VIP" },
      read: { kind: "tier", tierId: "vip", eventId: null },
      moderators: [],
    });
    expect(await D1.prepare("SELECT read_access, read_tier_id, write_access FROM rooms WHERE id = 'vip-lounge'").first()).toEqual({
      read_access: "tier",
      read_tier_id: "vip",
      write_access: "members",
    });
    expect(await lastAudit()).toMatchObject({ action: "room.create", target_id: "vip-lounge" });
    const { rooms } = await (await asAdmin(API)).json<AdminRoomsResponse>();
    expect(rooms[0]!.id).toBe("vip-lounge");
    // The same address again is a conflict, and stores nothing.
    const rows = await roomRows();
    const again = await asAdmin(API, { method: "POST", json: valid({ nameEn: "VIP lounge" }) });
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "room_id_taken"]);
    expect(await roomRows()).toEqual(rows);
  });

  it("bad input is a 400 with its code and field, and stores nothing", async () => {
    const eventId = await seedTicketEvent();
    const cases: [Partial<RoomInput> | Record<string, unknown>, number, string][] = [
      [{ nameEn: "" }, 400, ruleError(M.nameRequired, "nameEn").code],
      [{ namePtBr: "x".repeat(61) }, 400, ruleError(M.nameTooLong, "namePtBr").code],
      [{ nameEn: "!!!" }, 400, ruleError(M.idInvalid, "nameEn").code],
      [{ read: { access: "tier" } }, 400, ruleError(M.tierRequired).code],
      [{ write: { access: "ticket" } }, 400, ruleError(M.eventRequired).code],
      [{ slowModeSeconds: 3601 }, 400, ruleError(M.slowModeInvalid).code],
      [{ position: -1 }, 400, ruleError(M.positionInvalid).code],
      [{ read: { access: "tier", tierId: "no-such-tier" } }, 400, "tier_gate_unknown"],
      [{ write: { access: "ticket", eventId: "00000000-0000-4000-8000-00000000dead" } }, 400, "room_event_unknown"],
      [{ colour: "red" }, 400, "invalid_input"],
    ];
    const before = { rows: await roomRows(), audit: await auditCount() };
    for (const [overrides, status, code] of cases) {
      const res = await asAdmin(API, { method: "POST", json: { ...valid(), ...overrides } });
      expect([JSON.stringify(overrides), res.status, (await errorOf(res)).code]).toEqual([JSON.stringify(overrides), status, code]);
    }
    expect({ rows: await roomRows(), audit: await auditCount() }).toEqual(before);
    // A real event is accepted.
    expect((await createRoom({ read: { access: "ticket", eventId }, write: { access: "ticket", eventId } })).read).toEqual({
      kind: "ticket",
      tierId: null,
      eventId,
    });
  });

  it("an unknown room is 404 room_not_found on every route", async () => {
    for (const [method, path, json] of [
      ["PUT", `${API}/no-such-room`, valid()],
      ["POST", `${API}/no-such-room/archive`, undefined],
      ["POST", `${API}/no-such-room/moderators`, { username: admin.username }],
    ] as const) {
      const res = await asAdmin(path, { method, json });
      expect([path, res.status, (await errorOf(res)).code]).toEqual([path, 404, "room_not_found"]);
    }
  });

  it("changing who may read closes the room's sockets to be checked again; slow mode alone keeps them", async () => {
    const room = await createRoom();
    const member = await createUser("user");
    const socket = await connect(room.id, member);
    const slow = await asAdmin(`${API}/${room.id}`, { method: "PUT", json: valid({ nameEn: room.name.en, slowModeSeconds: 30 }) });
    expect(slow.status).toBe(200);
    expect(await D1.prepare("SELECT slow_mode_seconds FROM rooms WHERE id = ?").bind(room.id).first("slow_mode_seconds")).toBe(30);
    // Still open: a ping gets its pong after the room has had the change.
    socket.ws.send("ping");
    await socket.until((m) => m.includes("pong"));
    expect(socket.isClosed()).toBe(false);
    const ruled = await asAdmin(`${API}/${room.id}`, { method: "PUT", json: valid({ nameEn: room.name.en, read: { access: "tier", tierId: "vip" } }) });
    expect(ruled.status).toBe(200);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_ROOM_CHANGED);
    const again = await call(`/api/rooms/${room.id}/live`, { cookie: member.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
    expect([again.status, (await errorOf(again)).code]).toEqual([403, "tier_required"]);
    expect(await lastAudit()).toMatchObject({ action: "room.update", target_id: room.id });
  });

  it("archiving makes the room read-only at once, once; opening it again lets members write", async () => {
    const room = await createRoom();
    const member = await createUser("user");
    const socket = await connect(room.id, member);
    const res = await asAdmin(`${API}/${room.id}/archive`, { method: "POST" });
    expect([res.status, (await res.json<AdminRoomResponse>()).room.archived]).toEqual([200, true]);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_ROOM_CHANGED);
    expect(welcomeOf(await connect(room.id, member)).mayWrite).toBe(false);
    const audits = await auditCount();
    expect((await asAdmin(`${API}/${room.id}/archive`, { method: "POST" })).status).toBe(200);
    expect(await auditCount()).toBe(audits);
    expect((await asAdmin(`${API}/${room.id}/unarchive`, { method: "POST" })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: "room.unarchive", target_id: room.id });
    expect(welcomeOf(await connect(room.id, member)).mayWrite).toBe(true);
  });
});

describe("fan moderators", () => {
  it("an admin names a member by username and takes the role away; a moderator reads a room above their tier until then", async () => {
    const room = await createRoom({ read: { access: "tier", tierId: "inner-circle" } });
    const fan = await createUser("user");
    const named = await asAdmin(`${API}/${room.id}/moderators`, { method: "POST", json: { username: fan.username.toUpperCase() } });
    expect(named.status).toBe(201);
    expect((await named.json<AdminRoomResponse>()).room.moderators).toEqual([{ userId: fan.id, username: fan.username, namedAt: expect.any(String) }]);
    expect(await lastAudit()).toMatchObject({ action: "room.moderator.add", target_id: room.id });
    const socket = await connect(room.id, fan);
    expect(welcomeOf(socket).mayWrite).toBe(true);

    const removed = await asAdmin(`${API}/${room.id}/moderators/${fan.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await moderatorRows()).toEqual([]);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_VIP_ENDED);
    const gone = await asAdmin(`${API}/${room.id}/moderators/${fan.id}`, { method: "DELETE" });
    expect(gone.status).toBe(404);
  });

  it("an unknown or banned username is 404 room_member_unknown and names nobody", async () => {
    const room = await createRoom();
    const banned = await createUser("banned");
    for (const username of ["nobody_at_all", banned.username]) {
      const res = await asAdmin(`${API}/${room.id}/moderators`, { method: "POST", json: { username } });
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "room_member_unknown"]);
    }
    const bad = await asAdmin(`${API}/${room.id}/moderators`, { method: "POST", json: { username: "" } });
    expect(bad.status).toBe(400);
    expect(await moderatorRows()).toEqual([]);
  });
});
