// setup.ts restores the migrated database from a capture (d1-template.ts) instead of applying
// every migration file again: the restored database must be the migrated one, object for object
// and row for row (the full-text index's rows and SQLite's AUTOINCREMENT counters included).
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { capture } from "./d1-template";

const { TEST_MIGRATIONS: migrations, TEST_SEED: seed } = env as unknown as { TEST_MIGRATIONS: D1Migration[]; TEST_SEED: string[] };
// The demo catalog on top, as setup.ts puts it: the restored triggers must index it as the migrated ones do.
const withSeed = (db: D1Database) => db.batch(seed.map((statement) => db.prepare(statement)));

/**
 * Every schema object and every row of every table, by rowid. The full-text index is compared by
 * what it holds, not by how its shadow tables lay it out: written in one go, it is one segment
 * where the migrations' many writes left several. An AUTOINCREMENT counter at 0 is the same as
 * none (the next id is 1 either way); a table rebuilt by a migration leaves one.
 */
async function dump(db: D1Database) {
  const shadow = new Set(
    (await db.prepare("PRAGMA table_list").all<{ name: string; type: string }>()).results.filter((t) => t.type === "shadow").map((t) => t.name),
  );
  const objects = (
    await db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type, name")
      .all<{ type: string; name: string; sql: string | null }>()
  ).results;
  const rows: Record<string, unknown[]> = {};
  for (const { name } of objects.filter((o) => o.type === "table" && !shadow.has(o.name))) {
    const withoutRowid = /WITHOUT\s+ROWID/i.test(objects.find((o) => o.name === name)?.sql ?? "");
    const select = withoutRowid ? `SELECT * FROM "${name}" ORDER BY 1` : `SELECT rowid AS __rowid, * FROM "${name}" ORDER BY rowid`;
    rows[name] = (await db.prepare(select).all()).results;
  }
  rows.sqlite_sequence = (rows.sqlite_sequence ?? []).filter((counter) => (counter as { seq: number }).seq > 0);
  return { objects, rows };
}

/** What the search index holds once the seed's rows went in (its triggers wrote it); the seed stamps rows with the time, so only this is compared after it. */
const searchIndex = async (db: D1Database) => (await db.prepare("SELECT rowid, * FROM search_fts ORDER BY rowid").all()).results;

/**
 * Drops every view, trigger and table (the newest first: a table goes before those it refers to),
 * the empty database a file starts from. (reset() inside a test file left the next file's reset()
 * with tables still there, so the file empties it itself.)
 */
async function empty(db: D1Database) {
  const objects = (
    await db
      .prepare(
        "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger', 'table') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY type = 'table', rowid DESC",
      )
      .all<{ type: string; name: string }>()
  ).results;
  const shadow = new Set(
    (await db.prepare("PRAGMA table_list").all<{ name: string; type: string }>()).results.filter((t) => t.type === "shadow").map((t) => t.name),
  );
  const drops = objects.filter((o) => !shadow.has(o.name)).map((o) => db.prepare(`DROP ${o.type.toUpperCase()} IF EXISTS "${o.name}"`));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...drops]);
  const left = "SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'";
  expect((await db.prepare(left).first<{ n: number }>())?.n).toBe(0);
  expect((await db.prepare("SELECT count(*) AS n FROM sqlite_sequence").first<{ n: number }>())?.n).toBe(0);
}

it("restores the migrated database exactly", async () => {
  await empty(env.DB);
  await applyD1Migrations(env.DB, migrations);
  const statements = await capture(env.DB);
  const migrated = await dump(env.DB);
  await withSeed(env.DB);
  const indexed = await searchIndex(env.DB);

  await empty(env.DB);
  await env.DB.batch(statements.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
  const restored = await dump(env.DB);
  await withSeed(env.DB);

  expect(migrated.objects.length).toBeGreaterThan(100);
  expect(migrated.rows.d1_migrations).toHaveLength(migrations.length);
  expect(migrated.objects.filter((o) => o.type === "trigger").length).toBeGreaterThan(0);
  expect(restored).toEqual(migrated);
  expect(indexed.length).toBeGreaterThan(0);
  expect(await searchIndex(env.DB)).toEqual(indexed);
  // Two full migrations and dumps of every table: seconds on a busy 2-core machine.
}, 60_000);
