// The local demo's three perks (scripts/lib/demo-perks.mjs) in both languages: seeded into the
// migrated tables with their Portuguese title and description, which pass the back office's own
// form rules; seeding again changes nothing; a demo seeded before perks had Portuguese texts gets
// them from the next seed, while a Portuguese text the back office wrote stays.
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_PERKS, demoPerksSql } from "../../scripts/lib/demo-perks.mjs";
import { perkInputSchema } from "../../worker/contracts/perks";

const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);
type Row = { id: string; title: string; description: string; title_pt_br: string | null; description_pt_br: string | null };

const seed = (database: ReturnType<typeof migratedDb>, now = SEED_NOW) => database.exec(demoPerksSql(now).join("\n"));
const texts = (database: ReturnType<typeof migratedDb>) =>
  database.prepare("SELECT id, title, description, title_pt_br, description_pt_br FROM perks ORDER BY id").all() as unknown as Row[];

describe("the demo perks in Portuguese", () => {
  it("are seeded with their Portuguese title and description, each a real translation", () => {
    const database = migratedDb();
    seed(database);
    const rows = texts(database);
    expect(rows.map((r) => r.id)).toEqual(DEMO_PERKS.map((p) => p.id).sort());
    for (const perk of DEMO_PERKS) {
      const row = rows.find((r) => r.id === perk.id)!;
      expect(row).toEqual({
        id: perk.id,
        title: perk.title,
        description: perk.description,
        title_pt_br: perk.titlePtBr,
        description_pt_br: perk.descriptionPtBr,
      });
      expect(perk.titlePtBr, perk.title).not.toBe(perk.title);
      expect(perk.descriptionPtBr, perk.title).not.toBe(perk.description);
    }
  });

  it("pass the back office's form rules, Portuguese fields included", () => {
    for (const perk of DEMO_PERKS) {
      const checked = perkInputSchema.safeParse({
        title: perk.title,
        description: perk.description,
        titlePtBr: perk.titlePtBr,
        descriptionPtBr: perk.descriptionPtBr,
        link: perk.link,
        codeMode: perk.codeMode,
        sharedCode: perk.sharedCode ?? null,
        audience: perk.audience,
        startsAt: new Date(SEED_NOW).toISOString(),
        endsAt: new Date(SEED_NOW + 86_400_000).toISOString(),
      });
      expect(checked.success, perk.title).toBe(true);
      expect(checked.data).toMatchObject({ titlePtBr: perk.titlePtBr, descriptionPtBr: perk.descriptionPtBr });
    }
  });

  it("seeded again, stay as they were", () => {
    const database = migratedDb();
    seed(database);
    const first = texts(database);
    seed(database, SEED_NOW + 3_600_000);
    expect(texts(database)).toEqual(first);
    expect((database.prepare("SELECT count(*) AS n FROM perks").get() as { n: number }).n).toBe(DEMO_PERKS.length);
  });

  it("are filled in where a demo seeded before had none, and keep what the back office wrote", () => {
    const database = migratedDb();
    seed(database);
    const [edited, blank, ...rest] = DEMO_PERKS;
    database.exec("UPDATE perks SET title_pt_br = NULL, description_pt_br = NULL");
    database.prepare("UPDATE perks SET title_pt_br = 'Título do admin' WHERE id = ?").run(edited!.id);
    database.prepare("UPDATE perks SET description_pt_br = '   ' WHERE id = ?").run(blank!.id);
    seed(database, SEED_NOW + 3_600_000);
    const rows = texts(database);
    expect(rows.find((r) => r.id === edited!.id)).toMatchObject({ title_pt_br: "Título do admin", description_pt_br: edited!.descriptionPtBr });
    expect(rows.find((r) => r.id === blank!.id)).toMatchObject({ title_pt_br: blank!.titlePtBr, description_pt_br: blank!.descriptionPtBr });
    for (const perk of rest) expect(rows.find((r) => r.id === perk.id)).toMatchObject({ title_pt_br: perk.titlePtBr, description_pt_br: perk.descriptionPtBr });
  });
});
