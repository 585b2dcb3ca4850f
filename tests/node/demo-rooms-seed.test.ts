// The local demo's community rooms (scripts/lib/demo-rooms.mjs): one room of each rule, in both
// languages, idempotent, keeping the back office's edits; and never in what the production
// migrations make.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { buildSeedSql } from "../../scripts/lib/demo-seed.mjs";
import { demoTiersSql } from "../../scripts/lib/demo-tiers.mjs";
import { demoTicketsSql, DEMO_TICKET_EVENT } from "../../scripts/lib/demo-tickets.mjs";
import { demoRoomsSql } from "../../scripts/lib/demo-rooms.mjs";

const PEPPER = "demo-seed-test-pepper-0123456789";
const NOW = Date.UTC(2026, 10, 27);

async function seeded() {
  const database = migratedDb();
  database.exec(await buildSeedSql(PEPPER, NOW));
  database.exec([...demoTicketsSql(NOW), ...demoTiersSql(NOW), ...demoRoomsSql(NOW)].join("\n"));
  return database;
}
const rooms = (database: Awaited<ReturnType<typeof seeded>>) =>
  database
    .prepare(
      "SELECT id, name_en, name_pt_br, read_access, read_tier_id, read_event_id, write_access, write_tier_id, write_event_id FROM rooms ORDER BY position",
    )
    .all()
    .map((r) => ({ ...r }));

describe("the demo's community rooms", () => {
  it("are General (members), VIP Lounge (VIP and above), Inner Circle (the top tier) and Miami show (its ticket holders)", async () => {
    const database = await seeded();
    expect(rooms(database)).toEqual([
      {
        id: "general",
        name_en: "General",
        name_pt_br: "Geral",
        read_access: "members",
        read_tier_id: null,
        read_event_id: null,
        write_access: "members",
        write_tier_id: null,
        write_event_id: null,
      },
      {
        id: "vip-lounge",
        name_en: "VIP Lounge",
        name_pt_br: "Lounge VIP",
        read_access: "tier",
        read_tier_id: "vip",
        read_event_id: null,
        write_access: "tier",
        write_tier_id: "vip",
        write_event_id: null,
      },
      {
        id: "inner-circle",
        name_en: "Inner Circle",
        name_pt_br: "Círculo Íntimo",
        read_access: "tier",
        read_tier_id: "inner-circle",
        read_event_id: null,
        write_access: "tier",
        write_tier_id: "inner-circle",
        write_event_id: null,
      },
      {
        id: "miami-show",
        name_en: "Miami show",
        name_pt_br: "Show de Miami",
        read_access: "ticket",
        read_tier_id: null,
        read_event_id: DEMO_TICKET_EVENT.id,
        write_access: "ticket",
        write_tier_id: null,
        write_event_id: DEMO_TICKET_EVENT.id,
      },
    ]);
  });

  it("runs again without duplicating and keeps the back office's edits", async () => {
    const database = await seeded();
    database.exec("UPDATE rooms SET name_en = 'Lobby', slow_mode_seconds = 10 WHERE id = 'general'");
    database.exec(demoRoomsSql(NOW + 1000).join("\n"));
    expect(database.prepare("SELECT count(*) AS n FROM rooms").get()).toEqual({ n: 4 });
    expect({ ...database.prepare("SELECT name_en, slow_mode_seconds FROM rooms WHERE id = 'general'").get() }).toEqual({
      name_en: "Lobby",
      slow_mode_seconds: 10,
    });
  });

  it("are not in the production migrations", () => {
    const migrations = readdirSync("migrations")
      .filter((f) => f.endsWith(".sql"))
      .map((f) => readFileSync(`migrations/${f}`, "utf8"))
      .join("\n");
    // A room given to each listening party a database already has is made from its own rows
    // (INSERT ... SELECT); rows written out (VALUES) would be content of the migrations' own.
    expect(migrations).not.toMatch(/INSERT INTO `?rooms`?[^;]*\bVALUES\b/i);
    expect(migrations).not.toContain("VIP Lounge");
  });
});
