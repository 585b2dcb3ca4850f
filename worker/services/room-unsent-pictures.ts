// The rooms' hourly clean-up of pictures uploaded and never sent (decision 115). An upload's signed
// id is good for an hour (decision 110), so one a day old will never be sent: each such upload is
// asked of its room's object, the unsent ones are deleted from R2, and every settled upload is
// forgotten. A room that cannot be asked keeps its uploads for the next hour (logged); a sent
// picture is never deleted here. Loaded on the job's first run, not at the Worker's start.
import type { AppEnv } from "../env";
import type { DB } from "../db/client";
import { forgetRoomPictureUploads, listRoomPictureUploadsBefore, type RoomPictureUpload } from "../db/rooms/picture-uploads";
import { roomHub, roomPictureKey } from "./realtime/room-hub";
import { DAY_MS } from "../lib/time";

/** An upload not sent within this long is removed. */
export const UNSENT_PICTURE_AGE_MS = DAY_MS;
/** Uploads settled per run at most; the rest wait for the next hour. */
const UPLOADS_PER_RUN = 500;

export async function removeUnsentRoomPictures(env: AppEnv, db: DB, now: number): Promise<{ removed: number; kept: number }> {
  const uploads = await listRoomPictureUploadsBefore(db, now - UNSENT_PICTURE_AGE_MS, UPLOADS_PER_RUN);
  const byRoom = new Map<string, RoomPictureUpload[]>();
  for (const upload of uploads) byRoom.set(upload.roomId, [...(byRoom.get(upload.roomId) ?? []), upload]);
  let removed = 0;
  let kept = 0;
  for (const [roomId, roomUploads] of byRoom) {
    const filenames = roomUploads.map((u) => u.filename);
    try {
      const sent = new Set(await roomHub(env, roomId).sentPictures(filenames));
      const unsent = filenames.filter((f) => !sent.has(f));
      if (unsent.length > 0) await env.MEDIA.delete(unsent.map((f) => roomPictureKey(roomId, f)));
      await forgetRoomPictureUploads(db, roomId, filenames);
      removed += unsent.length;
      kept += sent.size;
    } catch (error) {
      console.error(`rooms: removing unsent pictures of ${roomId} failed`, error);
    }
  }
  return { removed, kept };
}
