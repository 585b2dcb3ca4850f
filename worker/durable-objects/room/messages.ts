// A community room's messages in its object's SQLite (decision 106): the schema, the columns added
// to rooms made before them, and every read and write of the `messages` table. RoomHub decides
// who may do what; this module only stores and reads.
import { badgeFromHeader, encodeBadgeHeader, type TierBadge } from "#contracts/tiers/badges.ts";
import type { RoomLinkPreview, RoomMessage, RoomPicture } from "#contracts/rooms/rooms.ts";
import { threadsOf } from "./thread-rows";
import { ROOM_DELETED_MEMBER } from "#contracts/rooms/erased.ts";
import type { HiddenRoomMessage } from "../../db/rooms/hidden";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  username TEXT NOT NULL,
  avatar_url TEXT,
  tier TEXT,
  client_id TEXT NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL,
  hidden_at INTEGER,
  hidden_by TEXT,
  UNIQUE (user_id, client_id)
);
CREATE TABLE IF NOT EXISTS mutes (user_id TEXT PRIMARY KEY, until INTEGER NOT NULL, muted_by TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS messages_user_idx ON messages (user_id, at);
CREATE TABLE IF NOT EXISTS posters (user_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pictures (filename TEXT PRIMARY KEY, seq INTEGER NOT NULL, position INTEGER NOT NULL, url TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS pictures_seq_idx ON pictures (seq, position);
CREATE TABLE IF NOT EXISTS previews (seq INTEGER PRIMARY KEY, cards TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reactions (seq INTEGER NOT NULL, user_id TEXT NOT NULL, emoji TEXT NOT NULL, PRIMARY KEY (seq, user_id, emoji)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pins (seq INTEGER PRIMARY KEY, pinned_by TEXT NOT NULL, at INTEGER NOT NULL);
`;

/**
 * Columns added after rooms already existed, each with its definition: a room made before one gets
 * it on its next start. Append only; a new table needs no entry (SCHEMA's CREATE IF NOT EXISTS).
 */
const ADDED_COLUMNS: { table: string; column: string; definition: string }[] = [
  { table: "messages", column: "reply_to", definition: "INTEGER" },
  { table: "messages", column: "edited_at", definition: "INTEGER" },
  { table: "messages", column: "deleted_at", definition: "INTEGER" },
];
/** Indexes on added columns: made once the columns are there. */
const ADDED_INDEXES = `
CREATE INDEX IF NOT EXISTS messages_reply_idx ON messages (reply_to, seq) WHERE reply_to IS NOT NULL;
`;

/**
 * Makes the room's tables, and adds the columns a room made earlier lacks. Asked of the schema
 * itself rather than of a version row: a marker row would outlive an emptied room's storage, and a
 * constructor must not write rows.
 */
export function migrateRoomStorage(sql: SqlStorage) {
  sql.exec(SCHEMA);
  for (const { table, column, definition } of ADDED_COLUMNS) {
    const present = sql.exec(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = ?`, column).toArray().length > 0;
    if (!present) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
  sql.exec(ADDED_INDEXES);
}

export type MessageRow = {
  seq: number;
  user_id: string;
  username: string;
  avatar_url: string | null;
  tier: string | null;
  text: string;
  at: number;
  client_id: string;
  reply_to: number | null;
  edited_at: number | null;
  deleted_at: number | null;
};
const COLUMNS = "seq, user_id, username, avatar_url, tier, text, at, client_id, reply_to, edited_at, deleted_at";
/** Hidden messages are left out of every read a member gets. */
const VISIBLE = "hidden_at IS NULL";

/** How the member appears on what they write: their name, picture and tier badge at the time. */
export type RoomAuthor = { userId: string; username: string; avatarUrl: string | null; tier: TierBadge | null };

export class RoomMessages {
  constructor(private readonly sql: SqlStorage) {}

  /** The rows as members get them, oldest first as given; `viewerId`: whose reactions are `mine`. */
  toMessages(rows: MessageRow[], viewerId: string | null = null): RoomMessage[] {
    const { pictures, previews } = this.extrasOf(rows);
    const threads = threadsOf(this.sql, rows, viewerId);
    return rows.map((row) => ({
      seq: row.seq,
      userId: row.user_id,
      username: row.username,
      avatarUrl: row.avatar_url,
      tier: row.tier === null ? null : badgeFromHeader(row.tier),
      text: row.text,
      at: new Date(row.at).toISOString(),
      // A deleted message keeps its place, not what it showed.
      pictures: row.deleted_at === null ? (pictures.get(row.seq) ?? []) : [],
      previews: row.deleted_at === null ? (previews.get(row.seq) ?? []) : [],
      ...threads(row),
    }));
  }

  /** The pictures and preview cards of a page of messages: one read of each table over the page's range. */
  private extrasOf(rows: MessageRow[]) {
    const pictures = new Map<number, RoomPicture[]>();
    const previews = new Map<number, RoomLinkPreview[]>();
    if (rows.length === 0) return { pictures, previews };
    const seqs = rows.map((row) => row.seq);
    const [low, high] = [Math.min(...seqs), Math.max(...seqs)];
    const pictureRows = this.sql.exec<{ seq: number; url: string; width: number; height: number }>(
      "SELECT seq, url, width, height FROM pictures WHERE seq BETWEEN ? AND ? ORDER BY seq, position",
      low,
      high,
    );
    for (const { seq, url, width, height } of pictureRows) pictures.set(seq, [...(pictures.get(seq) ?? []), { url, width, height }]);
    for (const { seq, cards } of this.sql.exec<{ seq: number; cards: string }>("SELECT seq, cards FROM previews WHERE seq BETWEEN ? AND ?", low, high)) {
      previews.set(seq, JSON.parse(cards) as RoomLinkPreview[]);
    }
    return { pictures, previews };
  }

  toMessage(row: MessageRow, viewerId: string | null = null): RoomMessage {
    return this.toMessages([row], viewerId)[0]!;
  }

  /** The member's message with this client id, if the room has it already (a resend). */
  byClientId(userId: string, clientId: string): MessageRow | null {
    return this.sql.exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE user_id = ? AND client_id = ?`, userId, clientId).toArray()[0] ?? null;
  }

  insert(author: RoomAuthor, clientId: string, text: string, at: number, replyTo: number | null = null): MessageRow {
    return this.sql
      .exec<MessageRow>(
        `INSERT INTO messages (user_id, username, avatar_url, tier, client_id, text, at, reply_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
        author.userId,
        author.username,
        author.avatarUrl,
        author.tier === null ? null : encodeBadgeHeader(author.tier),
        clientId,
        text,
        at,
        replyTo,
      )
      .one();
  }

  /** Records that the member has written here; true the first time. */
  markPoster(userId: string): boolean {
    return this.sql.exec("INSERT OR IGNORE INTO posters (user_id) VALUES (?)", userId).rowsWritten > 0;
  }

  /** The newest `limit` visible messages, oldest first. */
  newest(limit: number): MessageRow[] {
    return this.sql.exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE ${VISIBLE} ORDER BY seq DESC LIMIT ?`, limit).toArray().reverse();
  }

  /** Up to `limit` visible messages after `seq`, oldest first. */
  after(seq: number, limit: number): MessageRow[] {
    return this.sql.exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE seq > ? AND ${VISIBLE} ORDER BY seq LIMIT ?`, seq, limit).toArray();
  }

  /** Up to `limit` visible messages before `seq` (the newest without it), newest first. */
  before(seq: number | null, limit: number): MessageRow[] {
    return this.sql
      .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE seq < ? AND ${VISIBLE} ORDER BY seq DESC LIMIT ?`, seq ?? Number.MAX_SAFE_INTEGER, limit)
      .toArray();
  }

  lastSeq(): number {
    return this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages").one().seq ?? 0;
  }

  /** When the member last wrote here (epoch ms), or null. */
  lastAtOf(userId: string): number | null {
    return this.sql.exec<{ at: number | null }>("SELECT max(at) AS at FROM messages WHERE user_id = ?", userId).one().at;
  }

  /** One visible message (a deleted one too: it stays in place), or null. */
  visible(seq: number): MessageRow | null {
    return this.sql.exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE seq = ? AND ${VISIBLE}`, seq).toArray()[0] ?? null;
  }

  /** Up to `limit` visible replies in a message's thread after `after`, oldest first. */
  replies(parent: number, after: number, limit: number): MessageRow[] {
    return this.sql
      .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE reply_to = ? AND seq > ? AND ${VISIBLE} ORDER BY seq LIMIT ?`, parent, after, limit)
      .toArray();
  }

  /** Visible messages with these numbers, in the order given (the pinned list). */
  bySeqs(seqs: number[]): MessageRow[] {
    if (seqs.length === 0) return [];
    const rows = this.sql
      .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE seq IN (SELECT value FROM json_each(?)) AND ${VISIBLE}`, JSON.stringify(seqs))
      .toArray();
    const bySeq = new Map(rows.map((row) => [row.seq, row]));
    return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
  }

  /** Hides a visible message; false when it was hidden already or does not exist. */
  hide(seq: number, moderatorId: string, at: number): boolean {
    return this.sql.exec("UPDATE messages SET hidden_at = ?, hidden_by = ? WHERE seq = ? AND hidden_at IS NULL", at, moderatorId, seq).rowsWritten > 0;
  }

  /** A hidden message as the moderation queue's "hidden" view keeps it; null for an erased author's (no account to name). */
  hiddenCopy(seq: number): HiddenRoomMessage | null {
    const row = this.sql
      .exec<{ user_id: string; username: string; text: string; at: number; hidden_at: number; hidden_by: string | null }>(
        "SELECT user_id, username, text, at, hidden_at, hidden_by FROM messages WHERE seq = ? AND hidden_at IS NOT NULL",
        seq,
      )
      .toArray()[0];
    if (!row || row.user_id === ROOM_DELETED_MEMBER) return null;
    return { seq, authorId: row.user_id, authorName: row.username, text: row.text, messageAt: row.at, hiddenAt: row.hidden_at, hiddenBy: row.hidden_by };
  }
}
