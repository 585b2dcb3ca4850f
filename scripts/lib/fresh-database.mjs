// A new local database in one statement file instead of one wrangler run per migration: every
// migration's SQL in order, then the rows `wrangler d1 migrations apply` would have written to its
// table, so a later apply knows them all as applied and runs only newer ones. Applying the 79
// migrations one by one took 52 s of a first start (most of it wrangler starting again for each);
// this file takes about 4 s through one `wrangler d1 execute`. Deploys keep applying the
// migrations themselves. tests/node/fresh-database.test.ts holds it to the migrations.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** wrangler's default table of applied migrations (wrangler.toml sets no `migrations_table`). */
const MIGRATIONS_TABLE = "d1_migrations";

/** The migrations' file names, in the order wrangler applies them. */
export async function migrationNames(dir) {
  return (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
}

/** Whether the local state directory holds no D1 database yet (wrangler keeps it under v3/d1). */
export const isFreshState = (stateDir) => !existsSync(path.join(stateDir, "v3", "d1"));

/** Every migration, then the table of applied migrations as wrangler makes and fills it. */
export async function freshDatabaseSql(dir) {
  const names = await migrationNames(dir);
  const migrations = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  // The table as wrangler creates it (getCreateMigrationsTableQuery in wrangler's d1 commands).
  const table = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
  const applied = names.map((name) => `INSERT INTO "${MIGRATIONS_TABLE}" (name) VALUES ('${name.replaceAll("'", "''")}');`);
  return [...migrations.map((sql, i) => `-- ${names[i]}\n${sql.trimEnd()}\n`), table, ...applied, ""].join("\n");
}
