// Dead-lettered queue messages (decision 049): stored once each, listed, and handled once.
import { and, count, desc, eq } from "drizzle-orm";
import type { DB } from "./client";
import { deadLetters } from "./schema/operations";
import { refuse, type Refused } from "../lib/outcome";
import { DEAD_LETTER_LIST_MAX, type DeadLetterStatus } from "#contracts/dead-letters.ts";

export type DeadLetterRow = typeof deadLetters.$inferSelect;
export type NewDeadLetter = Pick<DeadLetterRow, "id" | "queue" | "body" | "attempts" | "receivedAt">;

/** Stores each message once: a redelivered one (same id) changes nothing. */
export async function storeDeadLetters(db: DB, letters: NewDeadLetter[]) {
  if (letters.length === 0) return;
  await db.insert(deadLetters).values(letters).onConflictDoNothing();
}

export async function listDeadLetters(db: DB, status: DeadLetterStatus) {
  const [items, [open]] = await db.batch([
    db.select().from(deadLetters).where(eq(deadLetters.status, status)).orderBy(desc(deadLetters.receivedAt)).limit(DEAD_LETTER_LIST_MAX),
    db.select({ n: count() }).from(deadLetters).where(eq(deadLetters.status, "open")),
  ]);
  return { items, open: open?.n ?? 0 };
}

export const findDeadLetter = (db: DB, id: string) => db.select().from(deadLetters).where(eq(deadLetters.id, id)).get();

/** Marks an open letter retried or dismissed; refused when it is unknown or already handled. */
export async function markDeadLetter(
  db: DB,
  id: string,
  status: Exclude<DeadLetterStatus, "open">,
  adminId: string,
  now = Date.now(),
): Promise<DeadLetterRow | Refused<"not_found" | "already_handled">> {
  const row = await db
    .update(deadLetters)
    .set({ status, handledBy: adminId, handledAt: now })
    .where(and(eq(deadLetters.id, id), eq(deadLetters.status, "open")))
    .returning()
    .get();
  if (row) return row;
  return refuse((await findDeadLetter(db, id)) ? "already_handled" : "not_found");
}

/** Puts a letter back to open (its retry could not be queued). */
export const reopenDeadLetter = (db: DB, id: string) =>
  db.update(deadLetters).set({ status: "open", handledBy: null, handledAt: null }).where(eq(deadLetters.id, id));
