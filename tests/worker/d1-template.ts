// The migrated database, captured once per runtime and restored before every test file.
//
// Applying the 55 migration files one batch each costs about 1.5-2 s a file on the 2-core machine
// (the ALTER TABLEs make SQLite re-read a growing schema, and every batch is a round trip to the
// D1 object), 161 files over two runtimes. The first file of each runtime applies them as dev and
// deploy do; what they built (every table, index and trigger as sqlite_master records it, and every
// row they wrote, d1_migrations included) is kept here, and each later file gets it back in one
// batch. tests/worker/d1-template.test.ts proves the restored database equal to the migrated one.
import { applyD1Migrations, type D1Migration } from "cloudflare:test";

type Statement = { sql: string; params: unknown[] };
type SchemaObject = { type: string; name: string; sql: string };

let template: Statement[] | undefined;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The database as the migrations leave it: migrated the first time, restored from then on. */
export async function migratedDatabase(db: D1Database, migrations: D1Migration[]): Promise<void> {
  if (template) {
    await db.batch(template.map(({ sql, params }) => db.prepare(sql).bind(...params)));
    return;
  }
  await applyD1Migrations(db, migrations);
  template = await capture(db);
}

/**
 * The statements that rebuild `db`: tables first (a virtual table makes its own shadow tables),
 * then their rows (foreign keys checked at the end of the batch, triggers not yet there to fire),
 * then indexes, triggers and views. D1's and SQLite's own tables are not ours to write.
 */
export async function capture(db: D1Database): Promise<Statement[]> {
  const listed = await db.prepare("PRAGMA table_list").all<{ schema: string; name: string; type: string }>();
  const skipped = new Set(listed.results.filter((t) => t.schema !== "main" || t.type === "shadow" || /^(sqlite_|_cf_)/.test(t.name)).map((t) => t.name));
  const objects = (await db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").all<SchemaObject>()).results.filter(
    (o) => !skipped.has(o.name) && !/^(sqlite_|_cf_)/.test(o.name),
  );
  const tables = objects.filter((o) => o.type === "table");
  const statements: Statement[] = [{ sql: "PRAGMA defer_foreign_keys = ON", params: [] }];
  statements.push(...tables.map((t) => ({ sql: t.sql, params: [] })));
  for (const table of tables) {
    // rowid kept explicitly: a table without an INTEGER PRIMARY KEY (or an FTS table) keeps its gaps.
    const withoutRowid = /\)\s*WITHOUT\s+ROWID\s*;?\s*$/i.test(table.sql);
    const select = `SELECT ${withoutRowid ? "" : "rowid AS __rowid, "}* FROM ${quote(table.name)}${withoutRowid ? "" : " ORDER BY rowid"}`;
    for (const row of (await db.prepare(select).all<Record<string, unknown>>()).results) {
      const columns = Object.keys(row).filter((c) => c !== "__rowid");
      const names = [...(withoutRowid ? [] : ["rowid"]), ...columns.map(quote)];
      const params = [...(withoutRowid ? [] : [row.__rowid]), ...columns.map((c) => blob(row[c]))];
      statements.push({
        sql: `INSERT INTO ${quote(table.name)} (${names.join(", ")}) VALUES (${params.map(() => "?").join(", ")})`,
        params,
      });
    }
  }
  statements.push(...objects.filter((o) => o.type !== "table").map((o) => ({ sql: o.sql, params: [] })));
  return statements;
}

/** D1 hands a BLOB back as an array of bytes and takes one as bytes. */
const blob = (value: unknown) => (Array.isArray(value) ? new Uint8Array(value as number[]) : value);
