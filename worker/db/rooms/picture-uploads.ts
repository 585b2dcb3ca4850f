// Pictures uploaded for room messages (decision 115, migrations/0082): recorded as each is stored,
// so the rooms' hourly job finds the ones never sent. Whether one was sent is its room's object's to
// say (its `pictures` table); this table only knows what was uploaded, where and when.
import type { DB } from "../client";

export type RoomPictureUpload = { roomId: string; filename: string; userId: string; createdAt: number };

export async function recordRoomPictureUpload(db: DB, upload: RoomPictureUpload) {
  await db.$client
    .prepare("INSERT INTO room_picture_uploads (room_id, filename, user_id, created_at) VALUES (?1, ?2, ?3, ?4)")
    .bind(upload.roomId, upload.filename, upload.userId, upload.createdAt)
    .run();
}

/** Uploads made before `before`, the oldest first, at most `limit`. */
export async function listRoomPictureUploadsBefore(db: DB, before: number, limit: number): Promise<RoomPictureUpload[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT room_id AS roomId, filename, user_id AS userId, created_at AS createdAt
         FROM room_picture_uploads WHERE created_at < ?1 ORDER BY created_at, room_id, filename LIMIT ?2`,
    )
    .bind(before, limit)
    .all<RoomPictureUpload>();
  return results;
}

/** Forgets one room's uploads once the job settled them. */
export async function forgetRoomPictureUploads(db: DB, roomId: string, filenames: string[]) {
  await db.$client
    .prepare("DELETE FROM room_picture_uploads WHERE room_id = ?1 AND filename IN (SELECT value FROM json_each(?2))")
    .bind(roomId, JSON.stringify(filenames))
    .run();
}
