// Keeps a contest's room in step with the contest (decision 198) after the contest's writes and
// its results: the room's row (worker/db/contests/room.ts), then its open sockets reconnect when
// who may read or write changed (an archived room takes no more messages). Logged, never thrown:
// the contest's write stands, and its next write or results bring the room along.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { syncContestRoom } from "../../db/contests/room";
import { notifyRoomChanged } from "../realtime/room-hub";
import { contestRoomId } from "#contracts/contests/room.ts";

export async function keepContestRoomInStep(env: AppEnv, db: DB, contestId: string, now = Date.now()): Promise<void> {
  try {
    const { recheckSockets } = await syncContestRoom(db, contestId, now);
    await notifyRoomChanged(env, contestRoomId(contestId), recheckSockets);
  } catch (err) {
    console.error(`contests: keeping contest ${contestId}'s room in step failed`, err);
  }
}
