// Generic D1 helpers: raw statement batches and reading D1's constraint errors.
import type { Query } from "drizzle-orm";
import type { DB } from "./client";
import { refuse, type Refused } from "../lib/outcome";

/** One SQL statement with its parameters, ready for runBatch. */
export type Statement = Query;

/**
 * Runs statements as one D1 batch: all or nothing. (drizzle's db.batch cannot take raw `sql`
 * statements with parameters, and these upserts need raw SQL, so the batch goes to D1 itself.)
 */
export async function runBatch(db: DB, statements: [Statement, ...Statement[]]) {
  const d1 = db.$client;
  return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
}

/** True when `err` (or an error it wraps, as drizzle does) has a message that `says`. */
function saysConstraint(err: unknown, says: (message: string) => boolean): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (says(e.message)) return true;
  return false;
}

const UNIQUE_CLASH = /UNIQUE constraint failed|SQLITE_CONSTRAINT_PRIMARYKEY/i;

/**
 * True when D1 refused a write for a UNIQUE or PRIMARY KEY clash (possibly wrapped by drizzle).
 * With `on`, only a clash whose message names it: a column (`tickets.order_id`) or, for an index
 * on an expression, the index (SQLite then says `index 'users_username_unique'`).
 */
export const isUniqueViolation = (err: unknown, on?: string) => saysConstraint(err, (m) => UNIQUE_CLASH.test(m) && (on === undefined || m.includes(on)));

/** True when D1 refused a write because a foreign key points nowhere, or a row is still pointed at. */
export const isForeignKeyViolation = (err: unknown) => saysConstraint(err, (m) => /FOREIGN KEY constraint failed/i.test(m));

/** Runs a write; a clash with a concurrent one is answered as `reason` instead of thrown. */
export async function refuseOnClash<T, Reason extends string>(write: () => Promise<T>, reason: Reason): Promise<T | Refused<Reason>> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) return refuse(reason);
    throw err;
  }
}
