// A new local database is made from one statement file (scripts/lib/fresh-database.mjs) instead of
// `wrangler d1 migrations apply`: it must leave exactly what applying the migrations one by one
// leaves (schema and rows), and wrangler's table must name every migration as applied.
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { freshDatabaseSql, migrationNames } from "../../scripts/lib/fresh-database.mjs";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../migrations");

/**
 * A database whose clock and random bytes are fixed: some migrations insert rows stamped with the
 * time (`unixepoch('subsec')`) or a random version (`randomblob`), which two runs never share.
 */
function pinnedDatabase() {
  const db = new DatabaseSync(":memory:");
  db.function("unixepoch", { varargs: true }, () => 1_800_000_000.5);
  db.function("randomblob", (size) => new Uint8Array(Number(size)));
  return db;
}

/** Every object's definition and every ordinary table's rows, wrangler's own table aside. */
function contents(db: DatabaseSync) {
  const objects = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name != 'd1_migrations' AND name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'd1_migrations' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
  const rows = Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${String(name)}" ORDER BY 1`).all()]));
  return { objects, rows };
}

describe("a new local database in one file", () => {
  it("holds what the migrations applied one by one hold, and marks each one applied", async () => {
    const names = await migrationNames(MIGRATIONS);
    const oneByOne = pinnedDatabase();
    for (const name of names) oneByOne.exec(await readFile(path.join(MIGRATIONS, name), "utf8"));
    const fresh = pinnedDatabase();
    fresh.exec(await freshDatabaseSql(MIGRATIONS));

    const expected = contents(oneByOne);
    expect(expected.objects.length).toBeGreaterThan(100);
    expect(contents(fresh)).toEqual(expected);
    expect(
      fresh
        .prepare("SELECT name FROM d1_migrations ORDER BY id")
        .all()
        .map((row) => row.name),
    ).toEqual(names);
  });

  it("lists the migrations in the order wrangler applies them", async () => {
    const names = await migrationNames(MIGRATIONS);
    expect(names[0]).toBe("0000_init.sql");
    expect([...names].sort()).toEqual(names);
    expect(names.every((name) => name.endsWith(".sql"))).toBe(true);
  });
});
