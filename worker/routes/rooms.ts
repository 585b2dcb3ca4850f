// Community rooms (decision 106), mounted at /api/rooms. The list is for everyone: a visitor sees
// the rooms' names and what opens each. A room's history and its socket are for those its rule
// lets read (a tier or higher, a ticket to its event, or any member), fan moderators and admins;
// the socket also says whether the member may write. The rule is contracts/rooms/access.ts.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { validate } from "../lib/validate";
import { errorBody, routeError } from "../lib/errors";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { uploadBody } from "../lib/upload-body";
import { MULTIPART_OVERHEAD_BYTES, randomHex, readUploadedImage } from "../lib/image-upload";
import { isAllowedImageMime } from "../lib/images";
import { signRoomPicture } from "../lib/room-picture-token";
import { hitRateLimit } from "../services/rate-limit";
import { readConfig } from "../env";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { findRoom, findRoomStanding, listRoomRules, roomViewerOf, type RoomRow, type RoomStanding } from "../db/rooms/rooms";
import {
  ROOM_AFTER_HEADER,
  ROOM_ID_HEADER,
  ROOM_MAY_WRITE_HEADER,
  ROOM_MODERATES_HEADER,
  ROOM_MEMBER_TIER_HEADER,
  ROOM_MEMBER_AVATAR_HEADER,
  ROOM_MEMBER_NAME_HEADER,
  roomHub,
  roomPictureKey,
} from "../services/realtime/room-hub";
import { readRefusal, writeRefusal, type RoomViewer } from "#contracts/rooms/access.ts";
import { encodeBadgeHeader, tierBadgeOf } from "#contracts/tiers/badges.ts";
import { tierOf } from "#contracts/tiers/tiers.ts";
import { readTiers } from "../db/tiers/tiers";
import {
  ROOM_PICTURE_FIELD,
  ROOM_PICTURE_FILENAME_PATTERN,
  ROOM_PICTURE_MAX_BYTES,
  ROOM_PICTURE_MESSAGES,
  ROOM_NOTIFY_DEFAULT,
  roomHistoryQuerySchema,
  roomIdParamSchema,
  roomMessageParamSchema,
  roomNotifySchema,
  roomSocketQuerySchema,
  type RoomHistoryResponse,
  type RoomNotifyResponse,
  roomThreadParamSchema,
  roomThreadQuerySchema,
  type RoomPictureUploadResponse,
  type RoomResponse,
  type RoomsResponse,
  type RoomSummary,
  type RoomThreadResponse,
} from "#contracts/rooms/rooms.ts";
import { reportSchema } from "#contracts/feed.ts";
import { setRoomNotify } from "../db/rooms/notify";
import { insertRoomMessageReport } from "../db/rooms/reports";
import { recordRoomPictureUpload } from "../db/rooms/picture-uploads";

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

const pictureTooLarge = () => routeError("too_large", { message: ROOM_PICTURE_MESSAGES.tooLarge });

/** The room, if the member may write in it now: what readableRoom refuses, then archived, the write rule, muted. */
async function writableRoom(c: Ctx, id: string): Promise<RoomRow> {
  const { room, viewer } = await readableRoom(c, id);
  const refusal = writeRefusal(viewer, room.rule);
  if (refusal === "archived") throw routeError("room_archived");
  if (refusal === "tier_required") throw routeError("tier_required");
  if (refusal === "ticket_required") throw routeError("ticket_required");
  if (await roomHub(c.env, room.id).isMuted(c.var.user.id)) throw routeError("room_muted");
  return room;
}

/** A room as this viewer (null: a visitor) sees it in a list: what keeps them out, and where they may read, their unread count. */
function summaryOf(room: RoomRow, user: SessionUser | null, standing: RoomStanding | null): RoomSummary {
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
}

export const roomRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const [rooms, standing] = await Promise.all([listRoomRules(db), user ? findRoomStanding(db, user.id) : null]);
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomsResponse>({
      // A listening party's room is opened from its party's page (decision 107).
      rooms: rooms.filter((room) => room.partyId === null && room.contestId === null).map((room) => summaryOf(room, user, standing)),
    });
  })

  // One room as the list would show it, a listening party's too: its party's page opens it there.
  .get("/:id", validate("param", roomIdParamSchema), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const [room, standing] = await Promise.all([findRoom(db, c.req.valid("param").id), user ? findRoomStanding(db, user.id) : null]);
    if (!room) throw routeError("room_not_found");
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomResponse>({ room: summaryOf(room, user, standing) });
  })

  .get("/:id/messages", requireUser, validate("param", roomIdParamSchema), validate("query", roomHistoryQuerySchema), async (c) => {
    const { room } = await readableRoom(c, c.req.valid("param").id);
    const { before } = c.req.valid("query");
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomHistoryResponse>(await roomHub(c.env, room.id).history(before ?? null, undefined, c.var.user.id));
  })

  // A message's thread (decision 109): gated like the history; a message the room does not show is a 404.
  .get("/:id/messages/:seq/replies", requireUser, validate("param", roomThreadParamSchema), validate("query", roomThreadQuerySchema), async (c) => {
    const { id, seq } = c.req.valid("param");
    const { room } = await readableRoom(c, id);
    const thread = await roomHub(c.env, room.id).thread(seq, c.req.valid("query").after ?? 0, c.var.user.id);
    if (!thread) throw routeError("message_not_found");
    c.header("Cache-Control", "private, no-store");
    return c.json<RoomThreadResponse>(thread);
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
  })

  // A picture for a message still to be sent (decision 110): the posts' checks (type by its bytes,
  // 5 MB, dimensions), kept in R2 under the room; the answer's id is signed for this member and
  // room, and the room's object takes it once, within the hour.
  .post(
    "/:id/pictures",
    requireUser,
    requireVerifiedEmail,
    validate("param", roomIdParamSchema),
    uploadBody(ROOM_PICTURE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, pictureTooLarge),
    async (c) => {
      const room = await writableRoom(c, c.req.valid("param").id);
      const user = c.var.user;
      await hitRateLimit(c.var.db, `room-picture:user:${user.id}`, RATE_LIMITS.postImagesPerUser);
      const { bytes, kind, size } = await readUploadedImage(c.req.raw, ROOM_PICTURE_FIELD, ROOM_PICTURE_MAX_BYTES, pictureTooLarge);
      const filename = `${randomHex(16)}.${kind.ext}`;
      // Recorded before it is stored, so no file is ever kept that the hourly clean-up cannot find (decision 115).
      await recordRoomPictureUpload(c.var.db, { roomId: room.id, filename, userId: user.id, createdAt: Date.now() });
      await c.env.MEDIA.put(roomPictureKey(room.id, filename), bytes, { httpMetadata: { contentType: kind.mime } });
      const claim = { roomId: room.id, userId: user.id, filename, width: size.width, height: size.height };
      const pictureId = await signRoomPicture(readConfig(c.env).SESSION_SECRET, claim);
      return c.json<RoomPictureUploadResponse>({ pictureId, width: size.width, height: size.height }, 201);
    },
  )

  // A picture in a message: only to those who may read the room, never kept by a shared cache.
  .get("/:id/pictures/:filename", requireUser, async (c) => {
    const parsed = roomIdParamSchema.safeParse({ id: c.req.param("id") });
    const filename = c.req.param("filename");
    if (!parsed.success || !ROOM_PICTURE_FILENAME_PATTERN.test(filename)) return c.json(errorBody("not_found", "Not found"), 404);
    const { room } = await readableRoom(c, parsed.data.id);
    const object = await c.env.MEDIA.get(roomPictureKey(room.id, filename));
    if (!object) return c.json(errorBody("not_found", "Not found"), 404);
    const stored = object.httpMetadata?.contentType;
    return new Response(object.body, {
      headers: {
        "Content-Type": isAllowedImageMime(stored) ? stored : "application/octet-stream",
        "Content-Length": String(object.size),
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
        "Cache-Control": "private, max-age=3600",
      },
    });
  });
