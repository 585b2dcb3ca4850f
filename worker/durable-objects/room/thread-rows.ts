// What a page of a room's messages carries of threads and reactions (decision 109), read for the
// page at once; below both messages.ts (which decorates its rows with it) and threads.ts.
import { ROOM_REACTIONS, type RoomReactionEmoji } from "#contracts/rooms/limits.ts";
import type { RoomMessage, RoomReaction, RoomReplyQuote } from "#contracts/rooms/rooms.ts";

/** The columns of a message row this reads. */
type ThreadRow = { seq: number; reply_to: number | null; edited_at: number | null; deleted_at: number | null };

/** A message the room still shows with its text: neither hidden by a moderator nor deleted by its author. */
export const LIVE = "hidden_at IS NULL AND deleted_at IS NULL";

type Threads = Pick<RoomMessage, "replyTo" | "replyCount" | "reactions" | "editedAt" | "deleted">;

/**
 * What a page of rows carries of threads and reactions, read in three statements for the page
 * (never one per message): the parents' quotes, the replies' counts, the reactions' counts.
 */
export function threadsOf(sql: SqlStorage, rows: ThreadRow[], viewerId: string | null): (row: ThreadRow) => Threads {
  const seqs = JSON.stringify(rows.map((row) => row.seq));
  const parentSeqs = [...new Set(rows.flatMap((row) => (row.reply_to === null ? [] : [row.reply_to])))];
  const parents = new Map(
    (parentSeqs.length === 0
      ? []
      : sql
          .exec<{ seq: number; user_id: string; username: string; text: string; gone: number }>(
            `SELECT seq, user_id, username, text, NOT (${LIVE}) AS gone FROM messages WHERE seq IN (SELECT value FROM json_each(?))`,
            JSON.stringify(parentSeqs),
          )
          .toArray()
    ).map((p): [number, RoomReplyQuote] => [p.seq, { seq: p.seq, userId: p.user_id, username: p.username, text: p.gone ? "" : p.text, gone: p.gone === 1 }]),
  );
  const replyCounts = new Map(
    sql
      .exec<{ parent: number; n: number }>(
        `SELECT reply_to AS parent, count(*) AS n FROM messages WHERE reply_to IN (SELECT value FROM json_each(?)) AND ${LIVE} GROUP BY reply_to`,
        seqs,
      )
      .toArray()
      .map((r) => [r.parent, r.n]),
  );
  const reactions = new Map<number, RoomReaction[]>();
  for (const r of sql
    .exec<{ seq: number; emoji: RoomReactionEmoji; n: number; mine: number }>(
      "SELECT seq, emoji, count(*) AS n, max(user_id = ?) AS mine FROM reactions WHERE seq IN (SELECT value FROM json_each(?)) GROUP BY seq, emoji",
      viewerId ?? "",
      seqs,
    )
    .toArray()) {
    const list = reactions.get(r.seq) ?? [];
    list.push({ emoji: r.emoji, count: r.n, mine: r.mine === 1 });
    reactions.set(r.seq, list);
  }
  return (row) => ({
    replyTo: row.reply_to === null ? null : (parents.get(row.reply_to) ?? { seq: row.reply_to, userId: "", username: "", text: "", gone: true }),
    replyCount: replyCounts.get(row.seq) ?? 0,
    reactions: inSetOrder(reactions.get(row.seq) ?? []),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at).toISOString(),
    deleted: row.deleted_at !== null,
  });
}

export const inSetOrder = <T extends { emoji: RoomReactionEmoji }>(list: T[]) =>
  list.sort((a, b) => ROOM_REACTIONS.indexOf(a.emoji) - ROOM_REACTIONS.indexOf(b.emoji));
