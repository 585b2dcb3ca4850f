// The back office's queries on contact messages and their replies. Each write goes in one D1 batch
// with its audit row. Reads are one page of messages plus the replies of that page.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DB } from "./client";
import { contactMessages, contactReplies } from "./schema/contact";
import { auditInsert, type Actor } from "./audit";
import { newId } from "../lib/crypto";
import { matchesSearch } from "./admin-search";
import {
  MESSAGES_PAGE_SIZE,
  type AdminMessageView,
  type AdminMessagesResponse,
  type AdminReplyView,
  type MessagePriority,
  type MessagePriorityFilter,
  type MessageStatus,
  type MessageStatusFilter,
  type MessageUpdateRequest,
} from "#contracts/admin/messages.ts";

type MessageRow = typeof contactMessages.$inferSelect;

/** D1 refuses a LIKE pattern longer than this many bytes ("LIKE or GLOB pattern too complex"). */
const LIKE_PATTERN_MAX_BYTES = 50;

/**
 * The pattern's pieces for a substring match, the admin's % and _ taken literally. LIKE folds ASCII
 * letters only, so any other character matches as `_` (any one character). A search too long for
 * D1's pattern limit keeps the pieces that fit: a prefix narrows as well.
 */
function likePieces(text: string): { pieces: string[]; whole: boolean } {
  const pieces: string[] = [];
  let bytes = 2; // the two %
  for (const ch of text) {
    const piece = ch.charCodeAt(0) > 0x7f ? "_" : /[\\%_]/.test(ch) ? `\\${ch}` : ch;
    if (bytes + piece.length > LIKE_PATTERN_MAX_BYTES) return { pieces, whole: false };
    pieces.push(piece);
    bytes += piece.length;
  }
  return { pieces, whole: true };
}

/** Candidates by LIKE; the exact, case-insensitive comparison is made in JavaScript (matchesSearch) when LIKE cannot settle it. */
const likeContains = (column: AnySQLiteColumn, text: string) => sql`${column} LIKE ${`%${likePieces(text).pieces.join("")}%`} ESCAPE '\\'`;
/** LIKE settles the search alone: ASCII only, and short enough for one pattern. */
const likeSettles = (text: string) => [...text].every((ch) => ch.charCodeAt(0) <= 0x7f) && likePieces(text).whole;
/** Candidates read for a search LIKE cannot settle alone; far more than an inbox search needs. */
const FOLDED_SEARCH_CANDIDATES = 2_000;

type ReplyRow = typeof contactReplies.$inferSelect;

const toReplyView = (r: ReplyRow): AdminReplyView => ({
  id: r.id,
  content: r.content,
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

const toMessageView = (m: MessageRow, replies: ReplyRow[]): AdminMessageView => ({
  id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  status: m.status,
  priority: m.priority,
  labels: m.labels,
  createdAt: m.createdAt.toISOString(),
  replies: replies.map(toReplyView),
});

export type MessageFilters = { search: string; status: MessageStatusFilter; priority: MessagePriorityFilter; page: number };

function whereOf({ search, status, priority }: MessageFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status !== "all") conditions.push(eq(contactMessages.status, status));
  if (priority !== "all") conditions.push(eq(contactMessages.priority, priority));
  if (search) {
    conditions.push(
      or(
        likeContains(contactMessages.name, search),
        likeContains(contactMessages.email, search),
        likeContains(contactMessages.subject, search),
        likeContains(contactMessages.message, search),
      ),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Replies of these messages, oldest first, grouped by message. */
async function repliesOf(db: DB, messageIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const byMessage = new Map<string, ReplyRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.createdAt), asc(sql`rowid`));
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

/** One page of matching messages, newest first, each with its replies. */
export async function listMessages(db: DB, filters: MessageFilters): Promise<AdminMessagesResponse> {
  const where = whereOf(filters);
  if (!likeSettles(filters.search)) return listFolded(db, filters, where);
  const [[counted], rows] = await db.batch([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((filters.page - 1) * MESSAGES_PAGE_SIZE),
  ]);
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    messages: rows.map((m) => toMessageView(m, replies.get(m.id) ?? [])),
    total: counted?.n ?? 0,
    page: filters.page,
    pageSize: MESSAGES_PAGE_SIZE,
  };
}

/** The search holds letters LIKE cannot fold, or is longer than a pattern: SQL narrows, JavaScript decides and pages. */
async function listFolded(db: DB, filters: MessageFilters, where: SQL | undefined): Promise<AdminMessagesResponse> {
  const candidates = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(FOLDED_SEARCH_CANDIDATES);
  const matching = candidates.filter((m) => matchesSearch(filters.search, [m.name, m.email, m.subject, m.message]));
  const rows = matching.slice((filters.page - 1) * MESSAGES_PAGE_SIZE, filters.page * MESSAGES_PAGE_SIZE);
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return { messages: rows.map((m) => toMessageView(m, replies.get(m.id) ?? [])), total: matching.length, page: filters.page, pageSize: MESSAGES_PAGE_SIZE };
}

export const findMessageRow = (db: DB, id: string) => db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();

export async function findMessage(db: DB, id: string): Promise<AdminMessageView | null> {
  const row = await findMessageRow(db, id);
  if (!row) return null;
  return toMessageView(row, (await repliesOf(db, [id])).get(id) ?? []);
}

/** The fields an update may change, before and after, for the audit row. */
type Changeable = { status: MessageStatus; priority: MessagePriority; labels: string[] };

/** Applies a status / priority / labels change. Returns the message afterwards, or null when it does not exist. */
export async function updateMessage(db: DB, actor: Actor, id: string, patch: MessageUpdateRequest, now = Date.now()): Promise<AdminMessageView | null> {
  const before = await findMessageRow(db, id);
  if (!before) return null;
  const after: Changeable = {
    status: patch.status ?? before.status,
    priority: patch.priority ?? before.priority,
    labels: patch.labels ?? before.labels,
  };
  const changedKeys = (Object.keys(after) as (keyof Changeable)[]).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
  if (changedKeys.length > 0) {
    const pick = (from: Changeable) => Object.fromEntries(changedKeys.map((k) => [k, from[k]]));
    await db.batch([
      db
        .update(contactMessages)
        .set({ ...after, updatedAt: new Date(now) })
        .where(eq(contactMessages.id, id)),
      auditInsert(
        db,
        { actor, action: "message.update", targetType: "contact_message", targetId: id, summary: { before: pick(before), after: pick(after) } },
        now,
      ),
    ]);
  }
  return findMessage(db, id);
}

/** Deletes a message and its replies. False when it did not exist. */
export async function deleteMessage(db: DB, actor: Actor, id: string, now = Date.now()): Promise<boolean> {
  const before = await findMessageRow(db, id);
  if (!before) return false;
  const [deleted] = await db.batch([
    db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id }),
    auditInsert(
      db,
      {
        actor,
        action: "message.delete",
        targetType: "contact_message",
        targetId: id,
        summary: { before: { from: before.email, subject: before.subject, status: before.status } },
      },
      now,
    ),
  ]);
  return deleted.length === 1;
}

/**
 * Stores a reply before it is mailed, so the admin's text is kept whatever the mail service does:
 * sent_at stays null ('Not sent') until markReplySent. Null when the message does not exist.
 */
export async function insertReply(db: DB, actor: Actor, messageId: string, content: string, now = Date.now()): Promise<string | null> {
  const id = newId();
  const [inserted] = await db.batch([
    db
      .insert(contactReplies)
      .select(
        db
          .select({
            id: sql`${id}`.as("id"),
            messageId: contactMessages.id,
            adminUserId: sql`${actor.id}`.as("admin_user_id"),
            content: sql`${content}`.as("content"),
            sentAt: sql`NULL`.as("sent_at"),
            createdAt: sql`${now}`.as("created_at"),
          })
          .from(contactMessages)
          .where(eq(contactMessages.id, messageId)),
      )
      .returning({ id: contactReplies.id }),
    auditInsert(
      db,
      { actor, action: "message.reply", targetType: "contact_message", targetId: messageId, summary: { after: { replyId: id, characters: content.length } } },
      now,
    ),
  ]);
  return inserted.length === 1 ? id : null;
}

/** The mail service accepted the reply: it gets its sent time and the message is 'replied'. */
export async function markReplySent(db: DB, actor: Actor, messageId: string, replyId: string, previousStatus: MessageStatus, now = Date.now()) {
  const at = new Date(now);
  await db.batch([
    db.update(contactReplies).set({ sentAt: at }).where(eq(contactReplies.id, replyId)),
    db.update(contactMessages).set({ status: "replied", updatedAt: at }).where(eq(contactMessages.id, messageId)),
    auditInsert(
      db,
      {
        actor,
        action: "message.reply_sent",
        targetType: "contact_message",
        targetId: messageId,
        summary: { before: { status: previousStatus }, after: { status: "replied", replyId, sentAt: at.toISOString() } },
      },
      now,
    ),
  ]);
}
