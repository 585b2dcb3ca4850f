// Community rooms in the back office (/api/admin/rooms, decision 106): the room form's rules as zod
// schemas the Worker and the SPA's form share, and the answers' shapes. Who may read and who may
// write are each members, a tier or higher (a tier id) or ticket holders (an event id).
import { z } from "../zod";
import { userText } from "../text";
import { slugOf } from "../slug";
import { ROOM_ACCESS_KINDS, ROOM_SLOW_MODE_MAX_SECONDS } from "./limits";
import { ROOM_ID_PATTERN, type RoomSummary } from "./rooms";
import { ROOM_DESCRIPTION_MAX, ROOM_FORM_MESSAGES as M, ROOM_NAME_MAX, ROOM_POSITION_MAX } from "./admin-limits";
import { USERNAME_MAX } from "../auth-limits";

export * from "./admin-limits";

/** A room's id: its English name in lowercase ASCII words joined by dashes ("VIP Lounge" → "vip-lounge"). */
export const roomIdOf = (name: string) => slugOf(name, 48);

const name = () => userText({ max: ROOM_NAME_MAX, maxMessage: M.nameTooLong, min: 1, minMessage: M.nameRequired });
const description = () => userText({ max: ROOM_DESCRIPTION_MAX, maxMessage: M.descriptionTooLong, multiline: true }).default("");

/** Who may read, or who may write: the tier or the event the kind needs, and nothing else. */
const audience = z
  .strictObject({ access: z.enum(ROOM_ACCESS_KINDS), tierId: z.string().max(64).nullish(), eventId: z.string().max(64).nullish() })
  .superRefine((v, ctx) => {
    if (v.access === "tier" && !v.tierId) ctx.addIssue({ code: "custom", path: ["tierId"], message: M.tierRequired });
    if (v.access === "ticket" && !v.eventId) ctx.addIssue({ code: "custom", path: ["eventId"], message: M.eventRequired });
  })
  .transform((v) => ({ access: v.access, tierId: v.access === "tier" ? v.tierId! : null, eventId: v.access === "ticket" ? v.eventId! : null }));

export const roomInputSchema = z
  .strictObject({
    nameEn: name(),
    namePtBr: name(),
    descriptionEn: description(),
    descriptionPtBr: description(),
    read: audience,
    write: audience,
    slowModeSeconds: z.int({ error: M.slowModeInvalid }).min(0, M.slowModeInvalid).max(ROOM_SLOW_MODE_MAX_SECONDS, M.slowModeInvalid).default(0),
    position: z.int({ error: M.positionInvalid }).min(0, M.positionInvalid).max(ROOM_POSITION_MAX, M.positionInvalid).default(0),
  })
  .superRefine((v, ctx) => {
    if (roomIdOf(v.nameEn) === "") ctx.addIssue({ code: "custom", path: ["nameEn"], message: M.idInvalid });
  });
export type RoomInput = z.input<typeof roomInputSchema>;
export type RoomValues = z.output<typeof roomInputSchema>;

export const roomModeratorInputSchema = z.strictObject({ username: z.string().trim().min(1).max(USERNAME_MAX) });
export const roomModeratorParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN), userId: z.string().min(1).max(64) });

export type RoomModerator = { userId: string; username: string; namedAt: string };

/** A room in the back office: what the list shows everyone, and its moderators and order. */
export type AdminRoom = Omit<RoomSummary, "locked" | "writeLocked" | "unread" | "notify"> & { position: number; moderators: RoomModerator[]; lastSeq: number };
export type AdminRoomsResponse = { rooms: AdminRoom[] };
export type AdminRoomResponse = { room: AdminRoom };
