// The mail_outbox table: written by the local mail service, read by the dev mailbox.
import { desc, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { newId } from "../../lib/crypto";
import type { MailMessage } from "./types";

export const MAILBOX_LIST_LIMIT = 100;

export async function addToOutbox(db: DB, msg: MailMessage, now = Date.now()) {
  await db.insert(mailOutbox).values({ id: newId(), to: msg.to, subject: msg.subject, text: msg.text, html: msg.html ?? null, createdAt: new Date(now) });
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
