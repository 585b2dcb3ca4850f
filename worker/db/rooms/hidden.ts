// Hidden community room messages in D1 (decision 115, migrations/0082): the room's object keeps the
// message (decision 106); this copy, written as it hides one, lets the moderation queue's "hidden"
// view list them beside hidden posts and comments, with every report they had.
import type { DB } from "../client";
import { displayUsername } from "../auth";
import type { ReportReason } from "#contracts/feed.ts";
import { MODERATION_QUEUE_LIMIT, MODERATION_REPORTS_SHOWN, type ReportedRoomMessage } from "#contracts/moderation.ts";

export type HiddenRoomMessage = {
  seq: number;
  authorId: string;
  authorName: string;
  text: string;
  messageAt: number;
  hiddenAt: number;
  hiddenBy: string | null;
};

/** Records a hidden message; a second hide of the same one (it cannot be shown again) changes nothing. */
export async function insertRoomHiddenMessage(db: DB, roomId: string, message: HiddenRoomMessage) {
  await db.$client
    .prepare(
      `INSERT INTO room_hidden_messages (room_id, seq, author_id, author_name, text, message_at, hidden_at, hidden_by)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT id FROM users WHERE id = ?8)
        WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ?1) AND EXISTS (SELECT 1 FROM users WHERE id = ?3)
       ON CONFLICT DO NOTHING`,
    )
    .bind(roomId, message.seq, message.authorId, message.authorName, message.text, message.messageAt, message.hiddenAt, message.hiddenBy)
    .run();
}

type HiddenRow = {
  room_id: string;
  seq: number;
  author_id: string;
  author_name: string;
  text: string;
  message_at: number;
  hidden_at: number;
  author_email: string;
  author_status: "active" | "banned";
  name_en: string;
  name_pt_br: string;
};
type ReportRow = {
  id: string;
  room_id: string;
  seq: number;
  reason: ReportReason;
  details: string | null;
  created_at: number;
  username: string;
  email: string;
};

/** The most recently hidden room messages, each with every report it had (resolved ones too). */
export async function listHiddenRoomMessageItems(db: DB): Promise<ReportedRoomMessage[]> {
  const { results: hidden } = await db.$client
    .prepare(
      `SELECT h.room_id, h.seq, h.author_id, h.author_name, h.text, h.message_at, h.hidden_at,
              a.email AS author_email, a.status AS author_status, rm.name_en, rm.name_pt_br
         FROM room_hidden_messages h
         JOIN users a ON a.id = h.author_id
         JOIN rooms rm ON rm.id = h.room_id
        ORDER BY h.hidden_at DESC, h.room_id, h.seq
        LIMIT ?1`,
    )
    .bind(MODERATION_QUEUE_LIMIT)
    .all<HiddenRow>();
  if (hidden.length === 0) return [];
  const { results: reports } = await db.$client
    .prepare(
      `SELECT r.id, r.room_id, r.seq, r.reason, r.details, r.created_at, u.username, u.email
         FROM room_message_reports r
         JOIN users u ON u.id = r.reporter_id
         JOIN room_hidden_messages h ON h.room_id = r.room_id AND h.seq = r.seq
        WHERE h.rowid IN (SELECT rowid FROM room_hidden_messages ORDER BY hidden_at DESC, room_id, seq LIMIT ?1)
        ORDER BY r.created_at DESC, r.id DESC`,
    )
    .bind(MODERATION_QUEUE_LIMIT)
    .all<ReportRow>();
  const byMessage = new Map<string, ReportRow[]>();
  for (const r of reports) {
    const key = `${r.room_id}:${r.seq}`;
    byMessage.set(key, [...(byMessage.get(key) ?? []), r]);
  }
  return hidden.map((row) => {
    const own = byMessage.get(`${row.room_id}:${row.seq}`) ?? [];
    const reasons = new Map<ReportReason, number>();
    for (const r of own) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    return {
      kind: "room_message",
      id: `${row.room_id}:${row.seq}`,
      roomId: row.room_id,
      roomName: { en: row.name_en, ptBR: row.name_pt_br },
      seq: row.seq,
      content: row.text,
      createdAt: new Date(row.message_at).toISOString(),
      hiddenAt: new Date(row.hidden_at).toISOString(),
      author: { id: row.author_id, username: row.author_name, email: row.author_email, status: row.author_status },
      reportCount: own.length,
      reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      reports: own.slice(0, MODERATION_REPORTS_SHOWN).map((r) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        reporter: displayUsername({ username: r.username, email: r.email }),
        createdAt: new Date(r.created_at).toISOString(),
      })),
      lastReportedAt: own[0] ? new Date(own[0].created_at).toISOString() : null,
    };
  });
}
