// A fresh in-memory SQLite database with every migration applied in order, as D1 has them, then the
// demo catalog, stations and channels as the local seed puts them in (decision 077: no migration
// holds them): the seed tests write into the tables as they are now, so a column a later migration
// adds to a seeded table is there, and every album and track the demo rows name exists.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { demoCatalogSql } from "../../scripts/catalog/demo-catalog-seed.mjs";

const dir = new URL("../../migrations/", import.meta.url);

export function migratedDb(): DatabaseSync {
  const database = new DatabaseSync(":memory:");
  database.exec("PRAGMA foreign_keys = ON;");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    database.exec(readFileSync(new URL(file, dir), "utf8"));
  database.exec(demoCatalogSql());
  return database;
}
