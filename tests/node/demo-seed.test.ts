// The local demo seed (scripts/prepare-local.mjs) must produce data the Worker accepts:
// password hashes its verifier checks, avatars that are real PNGs, idempotent SQL.
import { DatabaseSync } from "node:sqlite";
import { inflateSync } from "node:zlib";
import { migratedDb } from "./migrated-db";
import { describe, expect, it } from "vitest";
import {
  buildSeedSql,
  DEMO_ACCOUNTS,
  DEMO_ALBUM_NOTES,
  DEMO_EVENTS,
  DEMO_VENUES,
  demoAlbumNotesSql,
  demoAvatarFile,
  demoEventsSql,
  demoVenuesSql,
  hashPassword,
  parseDotenv,
  zonedTimeToUtc,
} from "../../scripts/lib/demo-seed.mjs";
import { avatarPng } from "../../scripts/lib/png.mjs";
import { AVATAR_FILENAME_PATTERN } from "../../worker/contracts/profiles";
import { PBKDF2_ITERATIONS, verifyPassword } from "../../worker/lib/password";

const PEPPER = "demo-seed-test-pepper-0123456789";

describe("demo seed password hashes", () => {
  it("verify with the Worker's own verifier, and only with the right password and pepper", async () => {
    const stored = await hashPassword("demo-fan-1", PEPPER);
    expect(stored).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
    expect(await verifyPassword("demo-fan-1", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("demo-fan-2", stored, PEPPER)).toBe(false);
    expect(await verifyPassword("demo-fan-1", stored, `${PEPPER}-other`)).toBe(false);
  });
});

describe("demo seed SQL", () => {
  it("covers an administrator, a VIP and a regular member, each with a profile and an avatar", async () => {
    const roles = DEMO_ACCOUNTS.map((a) => a.role);
    expect(roles).toEqual(expect.arrayContaining(["admin", "vip", "user"]));
    const sql = await buildSeedSql(PEPPER);
    for (const account of DEMO_ACCOUNTS) {
      expect(sql).toContain(`'${account.email}'`);
      expect(sql).toContain(`/uploads/avatars/${demoAvatarFile(account)}`);
    }
    expect(sql).toMatch(/INSERT OR IGNORE INTO admins/);
    expect(sql).toMatch(/INSERT OR IGNORE INTO profiles/);
  });

  it("names avatars the way the upload route does, so the Worker serves them and can replace them", () => {
    for (const account of DEMO_ACCOUNTS) {
      const file = demoAvatarFile(account);
      expect(file).toMatch(AVATAR_FILENAME_PATTERN);
      expect(file.startsWith(`${account.id}-`)).toBe(true);
    }
  });

  it("never inserts without a conflict rule, so running it twice cannot fail or duplicate", async () => {
    const sql = await buildSeedSql(PEPPER);
    const inserts = sql.match(/INSERT\b[^;]*/g) ?? [];
    expect(inserts.length).toBeGreaterThan(0);
    for (const statement of inserts) expect(statement).toMatch(/^INSERT OR IGNORE/);
  });
});

describe("generated avatars", () => {
  it("are valid RGBA PNGs of the requested size", () => {
    const png = avatarPng(3, 32);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(32);
    expect(png.readUInt32BE(20)).toBe(32);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString("ascii", 37, 41)).toBe("IDAT");
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(32 * (32 * 4 + 1));
  });

  it("differ between accounts", () => {
    expect(avatarPng(1, 16).equals(avatarPng(2, 16))).toBe(false);
  });
});

describe(".dev.vars parsing", () => {
  it("reads KEY=value lines, strips quotes and skips comments", () => {
    expect(parseDotenv('# local\nAPP_ENV=local\nPASSWORD_PEPPER="abc def"\n  SESSION_SECRET = xyz \n')).toEqual({
      APP_ENV: "local",
      PASSWORD_PEPPER: "abc def",
      SESSION_SECRET: "xyz",
    });
  });

  it("makes the demo VIP a VIP through an active local subscription, restored on every seed", async () => {
    const now = Date.UTC(2026, 10, 21);
    const sql = await buildSeedSql(PEPPER, now);
    const vip = DEMO_ACCOUNTS.find((a) => a.role === "vip")!;
    const subscriptionInsert = sql.match(/INSERT OR IGNORE INTO subscriptions[^;]*/)?.[0] ?? "";
    expect(subscriptionInsert).toContain(`'${vip.id}'`);
    expect(subscriptionInsert).toMatch(/'sub_local_demo_\w+', '[^']+', 'cus_local_demo_\w+', 'active', (\d+)/);
    const periodEnd = Number(subscriptionInsert.match(/'active', (\d+)/)?.[1]);
    expect(periodEnd - now).toBe(30 * 24 * 3600 * 1000);
    expect(sql).toMatch(/UPDATE subscriptions SET status = 'active'[^;]*WHERE id = 'sub_local_demo_\w+'/);
    expect(sql.match(/INSERT OR IGNORE INTO subscriptions/g)).toHaveLength(DEMO_ACCOUNTS.filter((a) => a.role === "vip").length);
  });
});

describe("demo accounts' e-mail addresses (migrations/0035)", () => {
  it("are verified after a seed, so the demo members may post, chat and pay", async () => {
    const database = migratedDb();
    database.exec(await buildSeedSql(PEPPER, Date.UTC(2026, 10, 21)));
    const unverified = database.prepare("SELECT email FROM users WHERE email_verified_at IS NULL").all();
    expect(unverified).toEqual([]);
    expect((database.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n).toBe(DEMO_ACCOUNTS.length);
  });
});

// ---- demo events ---------------------------------------------------------------------------------

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A seed run on Saturday 21 November 2026, 09:07:30 in New York (no clock change near it). */
const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);

type EventRowSql = {
  id: string;
  title: string;
  status: string;
  event_date: number;
  end_date: number | null;
  time_zone: string;
  is_online: number;
  join_url: string | null;
  venue_city: string | null;
  venue_capacity: number | null;
  ticket_price_min_cents: number | null;
  ticket_price_max_cents: number | null;
  currency: string;
  ticket_sale_start: number | null;
  ticket_sale_end: number | null;
};

/** A fresh SQLite database with every migration applied (the events table as it is now). */
const eventsDb = migratedDb;
const seed = (database: DatabaseSync, now: number) => database.exec(demoEventsSql(now).join("\n"));
const rowsOf = (database: DatabaseSync) => database.prepare("SELECT * FROM events ORDER BY id").all() as unknown as EventRowSql[];
const byTitle = (rows: EventRowSql[], part: string) => {
  const found = rows.filter((r) => r.title.includes(part));
  expect(found, part).toHaveLength(1);
  return found[0]!;
};
/** "2026-12-12 20:00" in the zone. */
const localTime = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(
    new Date(instant),
  );

describe("demo events seed", () => {
  it("inserts every demo event into the migrated table, each with a conflict rule", () => {
    const database = eventsDb();
    seed(database, SEED_NOW);
    const rows = rowsOf(database);
    expect(rows.map((r) => r.id)).toEqual(DEMO_EVENTS.map((e) => e.id).sort());
    for (const statement of demoEventsSql(SEED_NOW).filter((s) => s.startsWith("INSERT"))) expect(statement).toMatch(/^INSERT OR IGNORE INTO events /);
  });

  it("covers upcoming, past, online, draft, cancelled and a show in Brazil", () => {
    const database = eventsDb();
    seed(database, SEED_NOW);
    const rows = rowsOf(database);
    const published = rows.filter((r) => r.status === "published");
    expect(rows.filter((r) => r.status === "draft")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "cancelled")).toHaveLength(1);
    expect(published.filter((r) => r.is_online === 0 && r.event_date > SEED_NOW).length).toBeGreaterThanOrEqual(3);

    // In about three weeks, two months and five months; one 45 days ago.
    expect(byTitle(rows, "New York").event_date).toBe(zonedTimeToUtc({ year: 2026, month: 12, day: 12, hour: 20, minute: 0 }, "America/New_York"));
    expect(localTime(byTitle(rows, "New York").event_date, "America/New_York")).toBe("2026-12-12 20:00");
    expect(localTime(byTitle(rows, "Miami").event_date, "America/New_York")).toBe("2027-01-21 21:00");
    expect(byTitle(rows, "Chicago").event_date).toBe(Date.UTC(2026, 9, 8, 1, 0)); // 7 October 20:00 CDT
    expect(byTitle(rows, "Chicago").event_date).toBeLessThan(SEED_NOW);

    // São Paulo: its own zone, prices in BRL cents, 22:00 local time.
    const saoPaulo = byTitle(rows, "São Paulo");
    expect(saoPaulo).toMatchObject({
      time_zone: "America/Sao_Paulo",
      currency: "BRL",
      ticket_price_min_cents: 18000,
      ticket_price_max_cents: 45000,
      status: "published",
    });
    expect(localTime(saoPaulo.event_date, "America/Sao_Paulo")).toBe("2027-04-22 22:00");

    // Decimal prices stored as cents. Every in-person event has a capacity: the event form requires one.
    expect(byTitle(rows, "Miami")).toMatchObject({ venue_capacity: 2500, ticket_price_min_cents: 5500, ticket_price_max_cents: 15050 });
    for (const row of rows.filter((r) => r.is_online === 0)) expect(row.venue_capacity, row.title).toBeGreaterThan(0);

    // Two online meets: one opening within the hour (join window 15 minutes before), one in 10 days.
    const online = published.filter((r) => r.is_online === 1).sort((a, b) => a.event_date - b.event_date);
    expect(online).toHaveLength(2);
    expect(online[0]!.event_date).toBe(Date.UTC(2026, 10, 21, 15, 10)); // now + 1 h, rounded up to 5 minutes
    expect(online[0]!.end_date! - online[0]!.event_date).toBe(45 * MIN);
    expect(localTime(online[1]!.event_date, "America/New_York")).toBe("2026-12-01 19:00");
    for (const row of rows) {
      if (row.is_online) expect(new URL(row.join_url!).hostname.endsWith("example.com")).toBe(true);
      else expect(row.join_url).toBeNull();
    }
    // Ticket sales: open N days before and close at the start.
    const newYork = byTitle(rows, "New York");
    expect(newYork.ticket_sale_start).toBe(newYork.event_date - 60 * DAY);
    expect(newYork.ticket_sale_end).toBe(newYork.event_date);
  });

  it("runs again without duplicating (a deleted demo event comes back), keeps edits, and moves every date to stay relative to the new run", () => {
    const database = eventsDb();
    seed(database, SEED_NOW);
    const first = rowsOf(database);
    database.exec("UPDATE events SET title = 'Edited in the back office', venue_capacity = 42 WHERE id = '00000000-0000-4000-8000-0000000e0001'");
    database.exec("DELETE FROM events WHERE id = '00000000-0000-4000-8000-0000000e0002'");

    seed(database, SEED_NOW + DAY);
    const second = rowsOf(database);
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const edited = second.find((r) => r.id === "00000000-0000-4000-8000-0000000e0001")!;
    expect(edited).toMatchObject({ title: "Edited in the back office", venue_capacity: 42 });
    // No clock change in these zones between the two runs: every date moved by exactly one day.
    for (const [i, row] of second.entries()) {
      const before = first[i]!;
      expect(row.event_date - before.event_date, row.id).toBe(DAY);
      if (before.end_date !== null) expect(row.end_date! - before.end_date).toBe(DAY);
      if (before.ticket_sale_start !== null) expect(row.ticket_sale_start! - before.ticket_sale_start).toBe(DAY);
    }
  });

  it("keeps local show times across a clock change", () => {
    // A run a week before New York leaves summer time: the show three weeks out is still at 20:00.
    const database = eventsDb();
    seed(database, Date.UTC(2026, 9, 25, 12));
    const show = rowsOf(database).find((r) => r.id === "00000000-0000-4000-8000-0000000e0001")!;
    expect(localTime(show.event_date, "America/New_York")).toBe("2026-11-15 20:00");
    expect(show.event_date).toBe(Date.UTC(2026, 10, 16, 1, 0));
    // Local times just after each change, where the zone's offset differs from the naive guess.
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 1, hour: 3, minute: 0 }, "America/New_York")).toBe(Date.UTC(2026, 10, 1, 8, 0));
    expect(zonedTimeToUtc({ year: 2027, month: 3, day: 14, hour: 5, minute: 0 }, "America/New_York")).toBe(Date.UTC(2027, 2, 14, 9, 0));
    expect(zonedTimeToUtc({ year: 2027, month: 4, day: 22, hour: 22, minute: 0 }, "America/Sao_Paulo")).toBe(Date.UTC(2027, 3, 23, 1, 0));
  });
});

describe("demo venues seed", () => {
  const venuesDb = migratedDb;
  const seedAll = (database: DatabaseSync, now: number) => database.exec([...demoEventsSql(now), ...demoVenuesSql(now)].join("\n"));
  const venueOf = (database: DatabaseSync, eventId: string) =>
    (database.prepare("SELECT venue_id FROM events WHERE id = ?").get(eventId) as { venue_id: string | null }).venue_id;

  it("saves each event's venue in the three countries the venue list allows, plus one in Canada and one in Mexico, and links the events", () => {
    const database = venuesDb();
    seedAll(database, SEED_NOW);
    const venues = database.prepare("SELECT id, name, country, capacity FROM venues ORDER BY id").all() as {
      id: string;
      name: string;
      country: string;
      capacity: number | null;
    }[];
    expect(venues.map((v) => v.id)).toEqual(DEMO_VENUES.map((v) => v.id).sort());
    expect(new Set(venues.map((v) => v.country))).toEqual(new Set(["USA", "CAN", "MEX"]));
    // A venue keeps the event's own copy of its details: the same name and capacity (none given stays none).
    for (const event of DEMO_EVENTS) {
      const linked = venueOf(database, event.id);
      if (event.online || event.venueCountry === "BRA") {
        expect(linked, event.title).toBeNull();
        continue;
      }
      const venue = venues.find((v) => v.id === linked);
      expect(venue?.name, event.title).toBe(event.venueName);
      expect(venue?.capacity ?? null, event.title).toBe(event.venueCapacity ?? null);
    }
    expect(venues.filter((v) => !DEMO_EVENTS.some((e) => venueOf(database, e.id) === v.id)).map((v) => v.name)).toEqual([
      "Harbourfront Stage",
      "Foro Luz de Neón",
    ]);
  });

  it("keeps what the back office changed when seeded again", () => {
    const database = venuesDb();
    seedAll(database, SEED_NOW);
    const [first] = DEMO_VENUES;
    database.prepare("UPDATE venues SET name = 'Renamed Hall' WHERE id = ?").run(first!.id);
    database.prepare("UPDATE events SET venue_id = ? WHERE id = ?").run(DEMO_VENUES.at(-1)!.id, first!.event);
    seedAll(database, SEED_NOW + 60_000);
    expect((database.prepare("SELECT name FROM venues WHERE id = ?").get(first!.id) as { name: string }).name).toBe("Renamed Hall");
    expect(venueOf(database, first!.event!)).toBe(DEMO_VENUES.at(-1)!.id);
    expect((database.prepare("SELECT count(*) AS n FROM venues").get() as { n: number }).n).toBe(DEMO_VENUES.length);
  });
});

describe("demo album notes", () => {
  type Notes = { notes: string | null; notes_pt_br: string | null };
  const notesOf = (database: DatabaseSync, id: string) => database.prepare("SELECT notes, notes_pt_br FROM albums WHERE id = ?").get(id) as Notes;

  it("give a few built-in albums notes in both languages, different from each other", () => {
    const database = migratedDb();
    database.exec(demoAlbumNotesSql().join("\n"));
    expect(DEMO_ALBUM_NOTES.length).toBeGreaterThanOrEqual(3);
    for (const note of DEMO_ALBUM_NOTES) {
      const stored = notesOf(database, note.album);
      expect(stored, note.album).toEqual({ notes: note.en, notes_pt_br: note.ptBR });
      expect(note.ptBR).not.toBe(note.en);
    }
  });

  it("keep what the back office wrote when seeded again", () => {
    const database = migratedDb();
    const [first] = DEMO_ALBUM_NOTES;
    database.prepare("UPDATE albums SET notes = 'Written in the back office', notes_pt_br = NULL WHERE id = ?").run(first!.album);
    database.exec(demoAlbumNotesSql().join("\n"));
    expect(notesOf(database, first!.album)).toEqual({ notes: "Written in the back office", notes_pt_br: null });
  });
});
