// The mail_outbox table: written by the local mail service, read by the dev mailbox.
import { desc, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { mailOutbox } from "../../db/schema/mail";
import { newId } from "../../lib/crypto";
import type { MailMessage } from "./types";

export const MAILBOX_LIST_LIMIT = 100;

/**
 * One outbox row as a statement. A row whose idempotency key is already stored is skipped (ON
 * CONFLICT DO NOTHING on the unique partial index), so a retried send writes nothing new.
 */
const outboxInsert = (db: DB, msg: MailMessage, idempotencyKey: string | null, now: number) =>
  db
    .insert(mailOutbox)
    .values({
      id: newId(),
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      headers: msg.headers && Object.keys(msg.headers).length > 0 ? msg.headers : null,
      attachments: msg.attachments?.length ? msg.attachments : null,
      idempotencyKey,
      createdAt: new Date(now),
    })
    .onConflictDoNothing();

export async function addToOutbox(db: DB, msg: MailMessage, now = Date.now()) {
  await outboxInsert(db, msg, msg.idempotencyKey ?? null, now);
}

/**
 * A batch in one D1 batch: each message keyed by its own idempotencyKey, else `<batchKey>:<index>`;
 * a message whose key is already there is not written again.
 */
export async function addBatchToOutbox(db: DB, msgs: MailMessage[], batchKey: string, now = Date.now()) {
  const [first, ...rest] = msgs.map((m, i) => outboxInsert(db, m, m.idempotencyKey ?? `${batchKey}:${i}`, now));
  if (!first) return;
  await db.batch([first, ...rest]);
}

/** Newest first; rowid breaks ties between messages written in the same millisecond. */
export const listOutbox = (db: DB, limit = MAILBOX_LIST_LIMIT) =>
  db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(sql`rowid`))
    .limit(limit);

/** Every http(s) URL in a text, in order, without trailing sentence punctuation. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return found.map((link) => link.replace(/[.,;:!?)\]]+$/, ""));
}
