// /api/admin/rooms: the community rooms (decision 106), administrators only (the admin tree's gate
// runs first).
//   GET    /                          every room, open ones first in their order, with its moderators
//   POST   /                          a new room (roomInputSchema), its id made from the English name → 201
//   PUT    /:id                       every field again
//   POST   /:id/archive               read-only for everyone; its messages stay
//   POST   /:id/unarchive             open again
//   POST   /:id/moderators            { username }: a fan moderator of this room → 201
//   DELETE /:id/moderators/:userId    no longer one
// Each write is audited in its batch. A change of who may read or write (rules, archived) closes
// the room's sockets so each is checked again at its reconnect; a moderator's change re-checks
// that member's sockets.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody, validate } from "../../lib/validate";
import { notFound, routeError } from "../../lib/errors";
import { isRefused } from "../../lib/outcome";
import { actorOf } from "../../middleware/guards";
import { findMemberAccess } from "../../db/member-access";
import {
  addRoomModerator,
  createRoom,
  findAdminRoom,
  listAdminRooms,
  removeRoomModerator,
  setRoomArchived,
  updateRoom,
  type RoomWriteRefusal,
} from "../../db/rooms/admin";
import { applyRoomAccess, notifyRoomChanged } from "../../services/realtime/room-hub";
import { ROOM_ID_PATTERN } from "#contracts/rooms/rooms.ts";
import {
  roomIdOf,
  roomInputSchema,
  roomModeratorInputSchema,
  roomModeratorParamSchema,
  type AdminRoom,
  type AdminRoomResponse,
  type AdminRoomsResponse,
} from "#contracts/rooms/admin.ts";

type Ctx = Context<HonoEnv>;

async function storedRoom(c: Ctx, id = c.req.param("id") ?? ""): Promise<AdminRoom> {
  const room = ROOM_ID_PATTERN.test(id) ? await findAdminRoom(c.var.db, id) : null;
  if (!room) throw routeError("room_not_found");
  return room;
}

function refusalError(refusal: RoomWriteRefusal) {
  if (refusal === "id_taken") return routeError("room_id_taken", { field: "nameEn" });
  if (refusal === "event_unknown") return routeError("room_event_unknown");
  return routeError("tier_gate_unknown");
}

const rulesOf = (room: AdminRoom) => JSON.stringify([room.read, room.write, room.archived]);

/** The room's members are re-checked where who may read or write changed; else it reads its settings again. */
function tellRoom(c: Ctx, before: AdminRoom | null, after: AdminRoom) {
  c.executionCtx.waitUntil(notifyRoomChanged(c.env, after.id, before !== null && rulesOf(before) !== rulesOf(after)));
}

/** A member's moderator role changed: their sockets follow what the rules now let them do. */
async function recheckMember(c: Ctx, userId: string) {
  const access = await findMemberAccess(c.var.db, userId);
  if (access) c.executionCtx.waitUntil(applyRoomAccess(c.env, c.var.db, userId, { isVIP: access.vip, isAdmin: access.admin, tier: access.tier }));
}

async function archiveRoute(c: Ctx, archived: boolean) {
  const before = await storedRoom(c);
  await setRoomArchived(c.var.db, actorOf(c), before.id, archived);
  const room = await storedRoom(c, before.id);
  tellRoom(c, before, room);
  return c.json<AdminRoomResponse>({ room });
}

export const adminRoomRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<AdminRoomsResponse>({ rooms: await listAdminRooms(c.var.db) }))

  .post("/", validate("json", roomInputSchema), async (c) => {
    const values = c.req.valid("json");
    const created = await createRoom(c.var.db, actorOf(c), roomIdOf(values.nameEn), values);
    if (isRefused(created)) throw refusalError(created.refused);
    return c.json<AdminRoomResponse>({ room: created }, 201);
  })

  .put("/:id", async (c) => {
    const before = await storedRoom(c);
    const values = await parseJsonBody(c, roomInputSchema);
    const room = await updateRoom(c.var.db, actorOf(c), before, values);
    if (room === null) throw routeError("room_not_found");
    if (isRefused(room)) throw refusalError(room.refused);
    tellRoom(c, before, room);
    return c.json<AdminRoomResponse>({ room });
  })

  .post("/:id/archive", (c) => archiveRoute(c, true))
  .post("/:id/unarchive", (c) => archiveRoute(c, false))

  .post("/:id/moderators", async (c) => {
    const room = await storedRoom(c);
    const { username } = await parseJsonBody(c, roomModeratorInputSchema);
    const named = await addRoomModerator(c.var.db, actorOf(c), room.id, username);
    if (isRefused(named)) throw routeError("room_member_unknown", { field: "username" });
    await recheckMember(c, named);
    return c.json<AdminRoomResponse>({ room: await storedRoom(c, room.id) }, 201);
  })

  .delete("/:id/moderators/:userId", validate("param", roomModeratorParamSchema), async (c) => {
    const { id, userId } = c.req.valid("param");
    const room = await storedRoom(c, id);
    if (!(await removeRoomModerator(c.var.db, actorOf(c), room.id, userId))) throw notFound();
    await recheckMember(c, userId);
    return c.json<AdminRoomResponse>({ room: await storedRoom(c, room.id) });
  });
