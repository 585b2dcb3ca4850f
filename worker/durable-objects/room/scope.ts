// What a community room's frame handlers work with (RoomHub hands it to them): the room's storage,
// its sockets, and the ways it answers, broadcasts and audits. Each kind of frame (moderation,
// and whatever a room learns next) lives in a module of its own and is given this, so the object
// itself stays the sockets' lifecycle and the dispatch.
import type { DB } from "../../db/client";
import type { RoomModerationAction } from "../../db/rooms/rooms";
import type { SocketAttachment } from "../../services/realtime/socket-sessions";
import type { TierBadge } from "#contracts/tiers/badges.ts";
import type { RoomErrorCode, RoomServerFrame } from "#contracts/rooms/rooms.ts";
import type { RoomMessages } from "./messages";

/** What the object keeps on each socket: who the member is, how they appear, what they may do. */
export type RoomAttachment = SocketAttachment & { username: string; avatarUrl: string | null; tier: TierBadge | null; mayWrite: boolean; moderates: boolean };

export const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as RoomAttachment;

export interface RoomScope {
  readonly sql: SqlStorage;
  readonly messages: RoomMessages;
  /** One frame to one socket. */
  send(ws: WebSocket, frame: RoomServerFrame): void;
  /** An error frame to one socket; `clientId` names the send it answers. */
  refuse(ws: WebSocket, code: RoomErrorCode, extra?: { retryAfter?: number; clientId?: string }): void;
  /** One frame to every live socket (or those `to` picks), in the room's order. */
  broadcast(frame: RoomServerFrame, to?: (attachment: RoomAttachment) => boolean): void;
  /** Whether a member moderates this room by their stored roles (admin or fan moderator), here now or not. */
  moderates(userId: string): Promise<boolean>;
  /** A moderator's act, in the audit log (after the fact; logged, never thrown). */
  audit(moderator: RoomAttachment, action: RoomModerationAction, detail: Record<string, unknown>): void;
  /** A write to D1 about this room after the fact: logged rather than thrown, the room's own state is stored already. */
  afterwards(what: string, write: (db: DB, roomId: string) => Promise<unknown>): void;
}
