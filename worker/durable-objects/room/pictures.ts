// A community room's pictures (decision 110). The member uploads each picture to the Worker first
// (POST /api/rooms/:id/pictures, the posts' checks), which stores it in R2 and answers a signed
// id; a send names up to ROOM_PICTURES_MAX of those ids. The object checks each id is this member's
// upload to this room, unexpired and not sent before (the `pictures` table keeps each one sent),
// so a picture belongs to one message only. A hidden message's pictures leave R2 at once: their
// URL answers 404 from then on.
import { onFirstUse } from "../../lib/first-use";
import type { RoomPictureClaim } from "../../lib/room-picture-token";
import { roomPictureKey } from "../../services/realtime/room-hub";
import { roomPictureUrl } from "#contracts/rooms/limits.ts";

/** A room picture's token (jose), checked only when a message carries pictures. */
const roomPictureTokens = onFirstUse(() => import("../../lib/room-picture-token"));

/** The pictures the ids name, in order, if every one may go with this member's message here; else null. */
export async function takePictures(sql: SqlStorage, secret: string, roomId: string, userId: string, ids: string[]): Promise<RoomPictureClaim[] | null> {
  if (new Set(ids).size !== ids.length) return null;
  const { verifyRoomPicture } = await roomPictureTokens();
  const claims = await Promise.all(ids.map((id) => verifyRoomPicture(secret, id, roomId, userId)));
  if (claims.some((claim) => claim === null)) return null;
  const taken = claims as RoomPictureClaim[];
  const used = sql.exec(`SELECT 1 FROM pictures WHERE filename IN (${taken.map(() => "?").join(", ")})`, ...taken.map((c) => c.filename)).toArray();
  return used.length > 0 ? null : taken;
}

/** Keeps the message's pictures with it (its number is known once it is stored). */
export function storePictures(sql: SqlStorage, seq: number, pictures: RoomPictureClaim[]) {
  pictures.forEach((picture, position) =>
    sql.exec(
      "INSERT INTO pictures (filename, seq, position, url, width, height) VALUES (?, ?, ?, ?, ?, ?)",
      picture.filename,
      seq,
      position,
      roomPictureUrl(picture.roomId, picture.filename),
      picture.width,
      picture.height,
    ),
  );
}

/**
 * Removes a hidden or deleted message's pictures from R2 (the rows stay, so their ids cannot be
 * sent again); nothing when the message is shown or has none.
 */
export async function dropHiddenPictures(sql: SqlStorage, media: R2Bucket, roomId: string, seq: number) {
  const rows = sql
    .exec<{ filename: string }>(
      "SELECT p.filename FROM pictures p JOIN messages m ON m.seq = p.seq WHERE p.seq = ? AND (m.hidden_at IS NOT NULL OR m.deleted_at IS NOT NULL)",
      seq,
    )
    .toArray();
  if (rows.length > 0) await media.delete(rows.map((row) => roomPictureKey(roomId, row.filename)));
}

/**
 * A member's account is gone: the pictures of their messages leave R2 and, with their link
 * previews, the room's tables (run before their messages are erased, which forgets whose they were).
 */
export async function dropMemberPictures(sql: SqlStorage, media: R2Bucket, roomId: string, userId: string) {
  const mine = "SELECT seq FROM messages WHERE user_id = ?";
  const rows = sql.exec<{ filename: string }>(`SELECT filename FROM pictures WHERE seq IN (${mine})`, userId).toArray();
  if (rows.length > 0) await media.delete(rows.map((row) => roomPictureKey(roomId, row.filename)));
  sql.exec(`DELETE FROM pictures WHERE seq IN (${mine})`, userId);
  sql.exec(`DELETE FROM previews WHERE seq IN (${mine})`, userId);
}

/** Which of these stored names went with a message (sent pictures keep their row, hidden or not). */
export function sentPictures(sql: SqlStorage, filenames: string[]): string[] {
  return sql
    .exec<{ filename: string }>("SELECT filename FROM pictures WHERE filename IN (SELECT value FROM json_each(?))", JSON.stringify(filenames))
    .toArray()
    .map((row) => row.filename);
}
