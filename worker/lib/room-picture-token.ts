// A room picture's id (decision 110): a signed token saying which member uploaded which stored
// picture to which room, and its size. The upload route signs it; the room's object checks it when
// a send names it, so the object never asks D1 whose upload a picture is. It expires, so an upload
// never sent cannot be attached later. HS256 with SESSION_SECRET, its own audience.
import { jwtVerify, SignJWT } from "jose";
import { ROOM_PICTURE_TTL_SECONDS } from "#contracts/rooms/limits.ts";

const AUDIENCE = "room-picture";

export type RoomPictureClaim = { roomId: string; userId: string; filename: string; width: number; height: number };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signRoomPicture(secret: string, claim: RoomPictureClaim, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ room: claim.roomId, file: claim.filename, w: claim.width, h: claim.height })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claim.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ROOM_PICTURE_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The picture, if the token is valid, unexpired, and names this room and this member; else null. */
export async function verifyRoomPicture(secret: string, token: string, roomId: string, userId: string, now = Date.now()): Promise<RoomPictureClaim | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
    });
    const { room, file, w, h, sub } = payload;
    if (sub !== userId || room !== roomId || typeof file !== "string" || typeof w !== "number" || typeof h !== "number") return null;
    return { roomId, userId, filename: file, width: w, height: h };
  } catch {
    return null;
  }
}
