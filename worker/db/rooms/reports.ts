// Members' reports on community room messages in the moderation queue (decision 111). A report keeps
// the message as its room's object gave it (author, name, text, time): the queue shows it without
// asking every room. One report per member per message (a unique index; racing duplicates store
// one). Hiding from the queue or dismissing resolves the message's open reports with its audit row
// in one batch.
import type { DB } from "../client";
import type { Actor } from "../audit";
import { displayUsername } from "../auth";
import type { ReportReason } from "#contracts/feed.ts";
import { MODERATION_QUEUE_LIMIT, MODERATION_REPORTS_SHOWN, type ReportedRoomMessage } from "#contracts/moderation.ts";

export type NewRoomMessageReport = {
  roomId: string;
  seq: number;
  reporterId: string;
  reason: ReportReason;
  details: string | null;
  message: { userId: string; username: string; text: string; at: number };
};

/** Records a report; false when this member already reported this message. */
export async function insertRoomMessageReport(db: DB, report: NewRoomMessageReport, now = Date.now()): Promise<boolean> {
  const { meta } = await db.$client
    .prepare(
      `INSERT INTO room_message_reports (id, room_id, seq, reporter_id, reason, details, author_id, author_name, text, message_at, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      report.roomId,
      report.seq,
      report.reporterId,
      report.reason,
      report.details,
      report.message.userId,
      report.message.username,
      report.message.text,
      report.message.at,
      now,
    )
    .run();
  return meta.changes === 1;
}

type ReportRow = {
  id: string;
  room_id: string;
  seq: number;
  reason: ReportReason;
  details: string | null;
  author_id: string;
  author_name: string;
  text: string;
  message_at: number;
  created_at: number;
  reporter_username: string;
  reporter_email: string;
  author_email: string;
  author_status: "active" | "banned";
  name_en: string;
  name_pt_br: string;
};

const REPORTS_SELECT = `
  SELECT r.id, r.room_id, r.seq, r.reason, r.details, r.author_id, r.author_name, r.text, r.message_at, r.created_at,
         rep.username AS reporter_username, rep.email AS reporter_email, a.email AS author_email, a.status AS author_status,
         rm.name_en, rm.name_pt_br
    FROM room_message_reports r
    JOIN users rep ON rep.id = r.reporter_id
    JOIN users a ON a.id = r.author_id
    JOIN rooms rm ON rm.id = r.room_id
   WHERE r.resolved_at IS NULL`;

/** Open reports' rows grouped per message, newest report first within each. */
function itemsOf(rows: ReportRow[]): ReportedRoomMessage[] {
  const items = new Map<string, ReportedRoomMessage>();
  for (const row of rows) {
    const id = `${row.room_id}:${row.seq}`;
    let item = items.get(id);
    if (!item) {
      item = {
        kind: "room_message",
        id,
        roomId: row.room_id,
        roomName: { en: row.name_en, ptBR: row.name_pt_br },
        seq: row.seq,
        content: row.text,
        createdAt: new Date(row.message_at).toISOString(),
        hiddenAt: null,
        author: { id: row.author_id, username: row.author_name, email: row.author_email, status: row.author_status },
        reportCount: 0,
        reasons: [],
        reports: [],
        lastReportedAt: new Date(row.created_at).toISOString(),
      };
      items.set(id, item);
    }
    item.reportCount++;
    const reason = item.reasons.find((r) => r.reason === row.reason);
    if (reason) reason.count++;
    else item.reasons.push({ reason: row.reason, count: 1 });
    if (item.reports.length < MODERATION_REPORTS_SHOWN) {
      item.reports.push({
        id: row.id,
        reason: row.reason,
        details: row.details,
        reporter: displayUsername({ username: row.reporter_username, email: row.reporter_email }),
        createdAt: new Date(row.created_at).toISOString(),
      });
    }
  }
  for (const item of items.values()) item.reasons.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return [...items.values()];
}

/** Reported room messages with open reports, the most recently reported first. */
export async function listRoomMessageItems(db: DB): Promise<ReportedRoomMessage[]> {
  const { results } = await db.$client
    .prepare(
      `${REPORTS_SELECT} AND (r.room_id, r.seq) IN (
         SELECT room_id, seq FROM room_message_reports WHERE resolved_at IS NULL GROUP BY room_id, seq ORDER BY max(created_at) DESC LIMIT ?1)
       ORDER BY r.created_at DESC, r.id DESC`,
    )
    .bind(MODERATION_QUEUE_LIMIT)
    .all<ReportRow>();
  return itemsOf(results);
}

/** One reported message with its open reports, or null when it has none. */
export async function findRoomMessageItem(db: DB, roomId: string, seq: number): Promise<ReportedRoomMessage | null> {
  const { results } = await db.$client
    .prepare(`${REPORTS_SELECT} AND r.room_id = ?1 AND r.seq = ?2 ORDER BY r.created_at DESC, r.id DESC`)
    .bind(roomId, seq)
    .all<ReportRow>();
  return itemsOf(results)[0] ?? null;
}

/**
 * Resolves the message's open reports, with the audit row of what the admin did: hid it from the
 * queue (`room.message.hide`, as a moderator's hide in the room) or dismissed them. Returns how many.
 */
export async function resolveRoomMessageReports(db: DB, actor: Actor, item: ReportedRoomMessage, hidden: boolean, now = Date.now()): Promise<number> {
  const action = hidden ? "room.message.hide" : "room.message.reports_dismiss";
  const summary = {
    before: { author: item.author.email, content: item.content.slice(0, 140), reports: item.reportCount },
    after: hidden ? { seq: item.seq, hidden: true } : { openReports: 0 },
  };
  const [resolved] = await db.$client.batch([
    db.$client
      .prepare("UPDATE room_message_reports SET resolved_at = ?3 WHERE room_id = ?1 AND seq = ?2 AND resolved_at IS NULL")
      .bind(item.roomId, item.seq, now),
    db.$client
      .prepare(`INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at) VALUES (?1, ?2, ?3, 'room', ?4, ?5, ?6)`)
      .bind(actor.id, actor.email, action, item.roomId, JSON.stringify(summary), now),
  ]);
  return resolved!.meta.changes;
}
