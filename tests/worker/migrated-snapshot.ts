// The migrated database, made once per test runtime and restored after each file's reset().
//
// The migration files replayed one batch each cost about 0.4 s a file on a quiet machine (55 batches,
// dozens of ALTER TABLEs that make SQLite re-read a growing schema), over a hundred files a run.
// The first file of a runtime applies them as dev and deploy do (applyD1Migrations); the schema
// and rows they leave are then read back from sqlite_master and replayed by every later file in
// one batch, in the order a dump uses: tables, their rows, then indexes, triggers and views (so a
// trigger does not fire for the rows being restored). storage-isolation.test.ts checks the result.
import { applyD1Migrations, reset, type D1Migration } from "cloudflare:test";

type MasterRow = { type: "table" | "index" | "trigger" | "view"; name: string; sql: string };
/** What the migrations made: every schema object (for storage-isolation.test.ts) and how to make it again. */
type Snapshot = { objects: MasterRow[]; tables: string[]; rows: { sql: string; values: unknown[] }[]; rest: string[] };

const runtime = globalThis as { migratedSnapshot?: Snapshot };

/** FTS5 makes these itself for each of its virtual tables (with their first rows). */
const shadowSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"];

/** The database's schema objects, as the migrations made them (D1's and SQLite's own left out). */
export async function schemaObjects(db: D1Database): Promise<MasterRow[]> {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid",
    )
    .all<MasterRow>();
  return results;
}

/** The migrations' schema objects, as the runtime's first file found them. */
export const migratedObjects = () => runtime.migratedSnapshot?.objects;

async function takeSnapshot(db: D1Database): Promise<Snapshot> {
  const results = await schemaObjects(db);
  const virtual = results.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
  const isShadow = (name: string) => virtual.some((table) => shadowSuffixes.some((suffix) => name === table + suffix));
  const tables = results.filter((row) => row.type === "table" && !isShadow(row.name));
  const rows: Snapshot["rows"] = [];
  for (const table of tables.filter((row) => !virtual.includes(row.name))) {
    const { results: data } = await db.prepare(`SELECT * FROM "${table.name}"`).all<Record<string, unknown>>();
    for (const row of data) {
      const columns = Object.keys(row);
      rows.push({
        sql: `INSERT INTO "${table.name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        values: columns.map((c) => row[c]),
      });
    }
  }
  return { objects: results, tables: tables.map((row) => row.sql), rows, rest: results.filter((row) => row.type !== "table").map((row) => row.sql) };
}

/** The schema objects left in D1, D1's and SQLite's own left out. */
const leftObjects = async (db: D1Database) =>
  (
    await db
      .prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC",
      )
      .all<MasterRow>()
  ).results;

/**
 * reset(), then makes sure D1 is empty. Once in a few hundred files a query right after reset() still
 * saw the previous file's tables and rows (the database's object outliving the deletion, it seems;
 * aborting every object and resetting again did not always help), which the migration files' replay
 * hid (it skips what d1_migrations lists) and a restore cannot build over. What is left is dropped
 * in one batch: triggers and views first (a trigger naming a dropped table would stop the next
 * statement), then each table, the newest first (an FTS5 table takes its shadow
 * tables with it), foreign keys checked only at the batch's end, when no row is left to refer.
 * `resetStorages` is the reset to use (a test hands one that leaves D1 as it is).
 */
export async function resetStorage(db: D1Database, resetStorages: () => Promise<void> = reset): Promise<void> {
  await resetStorages();
  const left = await leftObjects(db);
  if (left.length === 0) return;
  const virtual = left.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  const isShadow = (name: string) => virtual.some((table) => shadowSuffixes.some((suffix) => name === table + suffix));
  const triggers = left.filter((row) => row.type === "trigger");
  const views = left.filter((row) => row.type === "view");
  const tables = left.filter((row) => row.type === "table" && !isShadow(row.name));
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...triggers.map((row) => db.prepare(`DROP TRIGGER "${row.name}"`)),
    ...views.map((row) => db.prepare(`DROP VIEW "${row.name}"`)),
    ...tables.map((row) => db.prepare(`DROP TABLE "${row.name}"`)),
  ]);
}

/** Brings an empty database to the migrated schema and rows. */
export async function migrate(db: D1Database, migrations: D1Migration[]): Promise<void> {
  const snapshot = runtime.migratedSnapshot;
  if (!snapshot) {
    await applyD1Migrations(db, migrations);
    runtime.migratedSnapshot = await takeSnapshot(db);
    return;
  }
  await db.batch([
    ...snapshot.tables.map((sql) => db.prepare(sql)),
    ...snapshot.rows.map(({ sql, values }) => db.prepare(sql).bind(...values)),
    ...snapshot.rest.map((sql) => db.prepare(sql)),
  ]);
}
