import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * What drizzle(d1) makes (drizzle-orm/d1's driver), without a schema: queries name their tables
 * (db.select().from(table)), so no request builds the relational map of every table, and the
 * Worker's start-up builds only the tables its own modules import (worker/db/schema/<area>.ts).
 */
export const createDb = (d1: D1Database): DrizzleD1Database & { $client: D1Database } => {
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(d1, dialect, undefined, {});
  return Object.assign(new DrizzleD1Database("async", dialect, session as never, undefined), { $client: d1 });
};
export type DB = ReturnType<typeof createDb>;
