// A contest's room (decision 198): one community room per contest, kept in step with it after each
// of the contest's writes and when its results are stored, reading the contest's row as it then
// stands. Its read and write rule is the contest's entering gate (who may enter may talk: every
// member, a tier and above, or ticket holders of its event; an event since deleted names none, as
// the rooms' own reference does); archived (read-only, still readable) from the results on. One
// upsert keyed by the room's id, so however often it runs there is one room; a contest deleted
// meanwhile makes nothing, and the room goes with its contest.
import type { DB } from "../client";
import { CONTEST_ROOM_PREFIX } from "#contracts/contests/room.ts";

type RoomRule = { read_access: string; read_tier_id: string | null; read_event_id: string | null; archived_at: number | null };
const RULE_OF_ROOM = "SELECT read_access, read_tier_id, read_event_id, archived_at FROM rooms WHERE contest_id = ?";

/** Whether a room that existed changed who may read or write it, so its open sockets are checked again. */
export async function syncContestRoom(db: DB, contestId: string, now = Date.now()): Promise<{ recheckSockets: boolean }> {
  const d1 = db.$client;
  const [before, , after] = await d1.batch([
    d1.prepare(RULE_OF_ROOM).bind(contestId),
    d1
      .prepare(
        `INSERT INTO rooms (id, name_en, name_pt_br, read_access, read_tier_id, read_event_id, write_access, write_tier_id, write_event_id,
                            archived_at, contest_id, created_at, updated_at)
         SELECT ?2 || c.id, c.title_en, c.title_pt_br, c.enter_access, c.enter_tier_id, e.id, c.enter_access, c.enter_tier_id, e.id,
                c.results_at, c.id, ?3, ?3
           FROM contests c LEFT JOIN events e ON e.id = c.enter_event_id WHERE c.id = ?1
         ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_pt_br = excluded.name_pt_br,
           read_access = excluded.read_access, read_tier_id = excluded.read_tier_id, read_event_id = excluded.read_event_id,
           write_access = excluded.write_access, write_tier_id = excluded.write_tier_id, write_event_id = excluded.write_event_id,
           archived_at = coalesce(rooms.archived_at, excluded.archived_at), updated_at = excluded.updated_at`,
      )
      .bind(contestId, CONTEST_ROOM_PREFIX, now),
    d1.prepare(RULE_OF_ROOM).bind(contestId),
  ]);
  const was = (before!.results as RoomRule[])[0];
  const is = (after!.results as RoomRule[])[0];
  if (!was || !is) return { recheckSockets: false };
  const changed =
    was.read_access !== is.read_access ||
    was.read_tier_id !== is.read_tier_id ||
    was.read_event_id !== is.read_event_id ||
    (was.archived_at === null) !== (is.archived_at === null);
  return { recheckSockets: changed };
}
