// Files share one workerd (vitest.config.ts: isolate off); setup.ts resets storage before each.
// Nearly every other file leaves users, objects in R2 and Durable Objects behind, so whenever
// this file runs after one of them it checks that it still starts from the migrated database.
import { listDurableObjectIds, runInDurableObject, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { migrate, migratedObjects, resetStorage, schemaObjects } from "./migrated-snapshot";

const migrations = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS;
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("each test file starts from the migrated database", () => {
  it("has every migration applied, their seed rows, and nothing written by earlier files", async () => {
    expect(
      await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY id")
        .all<{ name: string }>()
        .then((r) => r.results.map((m) => m.name)),
    ).toEqual(migrations.map((m) => m.name));
    expect(await count("SELECT count(*) AS n FROM albums")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM tracks")).toBeGreaterThan(0);
    expect(await count("SELECT count(*) AS n FROM users")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM sessions")).toBe(0);
    expect((await env.MEDIA.list()).objects).toEqual([]);
  });

  it("has every table, index, trigger and view the migrations made, as they made them, when restored", async () => {
    // The runtime's first file applies the migration files; every later one restores what they made
    // from a snapshot (migrated-snapshot.ts). Restored here again, whichever file this runtime ran first.
    await resetStorage(env.DB);
    await migrate(env.DB, migrations);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect((await schemaObjects(env.DB)).sort(byName)).toEqual([...(migratedObjects() ?? [])].sort(byName));
    expect(migratedObjects()?.length).toBeGreaterThan(200);
  });

  it("empties D1 itself when a reset leaves the previous file's tables and rows, and restores over it", async () => {
    // This file's own migrated and seeded database stands for what a reset failed to remove.
    await env.DB.prepare("INSERT INTO users (id, email, username, password_hash) VALUES ('left', 'left@example.com', 'left', 'x')").run();
    await resetStorage(env.DB, async () => {});
    expect(await schemaObjects(env.DB)).toEqual([]);
    await migrate(env.DB, migrations);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect((await schemaObjects(env.DB)).sort(byName)).toEqual([...(migratedObjects() ?? [])].sort(byName));
    expect(await count("SELECT count(*) AS n FROM users")).toBe(0);
  });

  it("has no Durable Object with stored rows, keys or an alarm left by earlier files", async () => {
    // An object's file outlives reset() (emptied, not removed), so each listed one is opened and read.
    const namespaces = {
      FEED_HUB: env.FEED_HUB,
      STATION_HUB: env.STATION_HUB,
      CHAT_THREAD: env.CHAT_THREAD,
      PARTY_ROOM: env.PARTY_ROOM,
      ROOM_HUB: env.ROOM_HUB,
      ANALYTICS_BUFFER: env.ANALYTICS_BUFFER,
    };
    for (const [name, ns] of Object.entries(namespaces) as [string, DurableObjectNamespace][]) {
      for (const id of await listDurableObjectIds(ns)) {
        const left = await runInDurableObject(ns.get(id), async (_object, state) => {
          const tables = state.storage.sql
            .exec<{ name: string }>(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
            )
            .toArray();
          const rows = tables
            .map(({ name }) => state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`).one().n)
            .reduce((a, b) => a + b, 0);
          return { rows, keys: (await state.storage.list()).size, alarm: await state.storage.getAlarm() };
        });
        expect(left, `${name} ${id}`).toEqual({ rows: 0, keys: 0, alarm: null });
      }
    }
  });
});
