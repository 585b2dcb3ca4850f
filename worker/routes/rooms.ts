// Community rooms (decision 106), mounted at /api/rooms. The list is for everyone: a visitor sees
// the rooms' names and what opens each. A room's history and its socket are for those its rule
// lets read (a tier or higher, a ticket to its event, or any member), fan moderators and admins;
// the socket also says whether the member may write. The rule is contracts/room-access.ts.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { validate } from "../lib/validate";
import { routeError } from "../lib/errors";
import { findRoom, findRoomStanding, listRoomRules, roomViewerOf, type RoomRow } from "../db/rooms";
import {
  ROOM_AFTER_HEADER,
  ROOM_ID_HEADER,
  ROOM_MAY_WRITE_HEADER,
  ROOM_MODERATES_HEADER,
  ROOM_MEMBER_TIER_HEADER,
  ROOM_MEMBER_AVATAR_HEADER,
  ROOM_MEMBER_NAME_HEADER,
  roomHub,
} from "../services/realtime/room-hub";
import { readRefusal, writeRefusal, type RoomViewer } from "#contracts/room-access.ts";
import { encodeBadgeHeader, tierBadgeOf } from "#contracts/tier-badges.ts";
import { tierOf } from "#contracts/tiers.ts";
import { readTiers } from "../db/tiers";
import {
  ROOM_NOTIFY_DEFAULT,
  roomHistoryQuerySchema,
  roomIdParamSchema,
  roomMessageParamSchema,
  roomNotifySchema,
  roomSocketQuerySchema,
  type RoomHistoryResponse,
  type RoomNotifyResponse,
  type RoomsResponse,
} from "#contracts/rooms.ts";
import { reportSchema } from "#contracts/feed.ts";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { hitRateLimit } from "../services/rate-limit";
import { setRoomNotify } from "../db/room-notify";
import { insertRoomMessageReport } from "../db/room-reports";

type Ctx = Context<HonoEnv & { Variables: { user: SessionUser } }>;

/** The room and the member as its rule sees them, if they may read it: 404 unknown, 403 with what opens it. */
async function readableRoom(c: Ctx, id: string): Promise<{ room: RoomRow; viewer: RoomViewer }> {
  const db = c.var.db;
  const [room, standing] = await Promise.all([findRoom(db, id), findRoomStanding(db, c.var.user.id)]);
  if (!room) throw routeError("room_not_found");
  const viewer = roomViewerOf(c.var.user, standing, room.id);
  const refusal = readRefusal(viewer, room.rule);
  if (refusal === "tier_required") throw routeError("tier_required");
  if (refusal === "ticket_required") throw routeError("ticket_required");
  return { room, viewer };
}

export const roomRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const [rooms, standing] = await Promise.all([listRoomRules(db), user ? findRoomStanding(db, user.id) : null]);
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomsResponse>({
      rooms: rooms.map((room) => {
        const viewer = user && standing ? roomViewerOf(user, standing, room.id) : null;
        const locked = readRefusal(viewer, room.rule);
        return {
          id: room.id,
          name: room.name,
          description: room.description,
          read: room.read,
          write: room.write,
          archived: room.rule.archived,
          slowModeSeconds: room.slowModeSeconds,
          locked,
          writeLocked: writeRefusal(viewer, room.rule),
          unread: locked === null ? Math.max(0, room.lastSeq - (standing?.lastRead.get(room.id) ?? 0)) : null,
          lastMessageAt: locked === null && room.lastMessageAt !== null ? new Date(room.lastMessageAt).toISOString() : null,
          notify: locked === null ? (standing?.notify.get(room.id) ?? ROOM_NOTIFY_DEFAULT) : null,
        };
      }),
    });
  })

  .get("/:id/messages", requireUser, validate("param", roomIdParamSchema), validate("query", roomHistoryQuerySchema), async (c) => {
    const { room } = await readableRoom(c, c.req.valid("param").id);
    const { before } = c.req.valid("query");
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomHistoryResponse>(await roomHub(c.env, room.id).history(before ?? null));
  })

  // What the member is told of the room (decision 111): everything, mentions and replies, or nothing.
  .put("/:id/notifications", requireUser, validate("param", roomIdParamSchema), validate("json", roomNotifySchema), async (c) => {
    const { room } = await readableRoom(c, c.req.valid("param").id);
    const { notify } = c.req.valid("json");
    await setRoomNotify(c.var.db, room.id, c.var.user.id, notify);
    return c.json<RoomNotifyResponse>({ notify });
  })

  // A member reports a message into the moderation queue; one report each (shares the feed's reports' budget).
  .post("/:id/messages/:seq/reports", requireUser, validate("param", roomMessageParamSchema), validate("json", reportSchema), async (c) => {
    const db = c.var.db;
    const { id, seq } = c.req.valid("param");
    await hitRateLimit(db, `report:user:${c.var.user.id}`, RATE_LIMITS.reportsPerUser);
    const { room } = await readableRoom(c, id);
    const message = await roomHub(c.env, room.id).reportedMessage(seq);
    if (!message) throw routeError("room_message_not_found");
    const { reason, details } = c.req.valid("json");
    const report = { roomId: room.id, seq, reporterId: c.var.user.id, reason, details: details ?? null, message };
    if (!(await insertRoomMessageReport(db, report))) throw routeError("already_reported");
    return c.json({ ok: true }, 201);
  })

  // The room's socket; `after`: the last message the client has (a reconnect gets exactly those after it).
  .get("/:id/live", requireUser, websocketUpgrade, validate("param", roomIdParamSchema), validate("query", roomSocketQuerySchema), async (c) => {
    const { room, viewer } = await readableRoom(c, c.req.valid("param").id);
    const { after } = c.req.valid("query");
    const user = c.var.user;
    return forwardUpgrade(c.req.raw, { userId: user.id, sessionHash: c.var.sessionHash }, roomHub(c.env, room.id), {
      [ROOM_ID_HEADER]: room.id,
      [ROOM_MEMBER_NAME_HEADER]: encodeURIComponent(user.username),
      [ROOM_MEMBER_AVATAR_HEADER]: user.avatarUrl ?? "",
      [ROOM_MAY_WRITE_HEADER]: writeRefusal(viewer, room.rule) === null ? "1" : "0",
      [ROOM_MODERATES_HEADER]: viewer.isAdmin || viewer.moderates ? "1" : "0",
      [ROOM_MEMBER_TIER_HEADER]: encodeBadgeHeader(tierBadgeOf(tierOf(user).id, await readTiers(c.var.db))),
      ...(after === undefined ? {} : { [ROOM_AFTER_HEADER]: String(after) }),
    });
  });
