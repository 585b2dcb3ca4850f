// migrations/0077: the parties made before it get their chat rooms, each rule following the party's
// audience (decision 107).
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";

const dir = new URL("../../migrations/", import.meta.url);

describe("migrations/0077_party_rooms.sql", () => {
  it("gives every existing party its room: members, VIP, a named tier; a cancelled one archived", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON;");
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const before = files.filter((f) => f < "0077");
    for (const file of before) db.exec(readFileSync(new URL(file, dir), "utf8"));
    db.exec(
      "INSERT INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#7c3aed')",
    );
    const party = db.prepare(
      "INSERT INTO listening_parties (id, title, source_type, source_title, tracks, duration_seconds, starts_at, vip_only, min_tier_id, status) VALUES (?, ?, 'album', 'A', '[]', 60, 0, ?, ?, ?)",
    );
    party.run("p-open", "Open night", 0, null, "scheduled");
    party.run("p-vip", "VIP night", 1, null, "scheduled");
    party.run("p-circle", "Circle night", 1, "inner-circle", "scheduled");
    party.run("p-off", "Called off", 0, null, "cancelled");
    db.exec(
      readFileSync(
        new URL(
          files.find((f) => f.startsWith("0077"))!,
          dir,
        ),
        "utf8",
      ),
    );
    const rooms = db
      .prepare(
        "SELECT id, name_en, read_access, read_tier_id, write_access, write_tier_id, archived_at IS NOT NULL AS archived, party_id FROM rooms ORDER BY id",
      )
      .all();
    expect(rooms).toEqual([
      {
        id: "party-p-circle",
        name_en: "Circle night",
        read_access: "tier",
        read_tier_id: "inner-circle",
        write_access: "tier",
        write_tier_id: "inner-circle",
        archived: 0,
        party_id: "p-circle",
      },
      {
        id: "party-p-off",
        name_en: "Called off",
        read_access: "members",
        read_tier_id: null,
        write_access: "members",
        write_tier_id: null,
        archived: 1,
        party_id: "p-off",
      },
      {
        id: "party-p-open",
        name_en: "Open night",
        read_access: "members",
        read_tier_id: null,
        write_access: "members",
        write_tier_id: null,
        archived: 0,
        party_id: "p-open",
      },
      {
        id: "party-p-vip",
        name_en: "VIP night",
        read_access: "tier",
        read_tier_id: "vip",
        write_access: "tier",
        write_tier_id: "vip",
        archived: 0,
        party_id: "p-vip",
      },
    ]);
    // The party's deletion takes its room.
    db.exec("DELETE FROM listening_parties WHERE id = 'p-open'");
    expect(db.prepare("SELECT count(*) AS n FROM rooms WHERE id = 'party-p-open'").get()).toEqual({ n: 0 });
  });
});
