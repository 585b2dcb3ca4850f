import { createTableRelationsHelpers, extractTablesRelationalConfig, type RelationalSchemaConfig, type TablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

type Schema = typeof schema;

/**
 * The schema's relational map, worked out once per isolate. drizzle() works it out again for every
 * database it makes, about 0.8 ms of CPU a request, and a page makes several (one per read, each with
 * its own D1 session); the map depends on the schema alone.
 */
let relational: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
const relationalSchema = () => {
  if (!relational) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables, tableNamesMap };
  }
  return relational;
};

/** What drizzle(d1, { schema }) makes (drizzle-orm/d1's driver), with the relational map shared. */
export const createDb = (d1: D1Database): DrizzleD1Database<Schema> & { $client: D1Database } => {
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(d1, dialect, relationalSchema(), {});
  return Object.assign(new DrizzleD1Database<Schema>("async", dialect, session as never, relationalSchema() as never), { $client: d1 });
};
export type DB = ReturnType<typeof createDb>;
