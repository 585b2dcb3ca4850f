// The local demo's revenue ledger (scripts/lib/demo-revenue.mjs): rows the migrated table takes,
// ~90 days of VIP invoices and store sales with a few refunds, all in the past, each under a fixed
// demo ref, the same rows whenever a day is generated, and reruns that add only the days since. Each
// store row is a real demo order's, so the store's ledger total is what its orders' lines add up to.
import { readFileSync } from "node:fs";
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_REVENUE_DAYS, demoRevenueRows, demoRevenueSql } from "../../scripts/lib/demo-revenue.mjs";
import { demoStoreSql } from "../../scripts/lib/demo-store.mjs";

const DAY = 24 * 3600_000;
/** A seed run on Wednesday 25 November 2026, 10:07:30 UTC. */
const SEED_NOW = Date.UTC(2026, 10, 25, 10, 7, 30);

type Row = { ref: string; source: string; amount_cents: number; currency: string; user_id: string | null; order_id: string | null; occurred_at: number };

/** The demo store first, as the data step seeds it: the sales' orders are of its products. */
const seed = (database: DatabaseSync, now: number) => database.exec([...demoStoreSql(now), ...demoRevenueSql(now)].join("\n"));
const rowsOf = (database: DatabaseSync) => database.prepare("SELECT * FROM revenue_entries ORDER BY ref").all() as unknown as Row[];

describe("the demo revenue ledger", () => {
  it("goes into the migrated table, with conflict rules, as demo rows of the last 90 days", () => {
    const [cleanUp, ...statements] = demoRevenueSql(SEED_NOW);
    expect(cleanUp).toBe("DELETE FROM revenue_entries WHERE ref LIKE 'demo:%' AND source = 'store' AND order_id IS NULL;");
    for (const statement of statements)
      expect(statement).toMatch(/^(INSERT OR IGNORE INTO (revenue_entries|store_checkouts|orders|order_lines) |UPDATE orders SET status = 'refunded')/);
    const database = migratedDb();
    seed(database, SEED_NOW);
    const rows = rowsOf(database);
    expect(rows).toHaveLength(demoRevenueRows(SEED_NOW).length);
    const firstDay = Date.UTC(2026, 10, 25) - (DEMO_REVENUE_DAYS - 1) * DAY;
    for (const row of rows) {
      expect(row.ref).toMatch(/^demo:(vip|order|refund):\d{4}-\d{2}-\d{2}:\d+$/);
      expect(row.occurred_at).toBeGreaterThanOrEqual(firstDay);
      expect(row.occurred_at).toBeLessThanOrEqual(SEED_NOW);
      expect(row.ref.split(":")[2]).toBe(new Date(row.occurred_at).toISOString().slice(0, 10));
      expect(row.user_id).toBeNull();
      expect(row.order_id === null).toBe(row.source === "vip");
    }
  });

  it("holds a believable month: dozens of VIP invoices at the plan's price, store sales in both currencies, a few refunds", () => {
    const rows = demoRevenueRows(SEED_NOW).filter(([, , , , at]) => at > SEED_NOW - 30 * DAY);
    const vip = rows.filter(([, source]) => source === "vip");
    expect(vip.length).toBeGreaterThan(60);
    expect(vip.length).toBeLessThan(200);
    expect(new Set(vip.map(([, , cents, currency]) => `${cents} ${currency}`))).toEqual(new Set(["999 usd"]));
    const sales = rows.filter(([ref]) => ref.startsWith("demo:order:"));
    expect(sales.length).toBeGreaterThan(30);
    expect(new Set(sales.map(([, , , currency]) => currency))).toEqual(new Set(["usd", "brl"]));
    const refunds = demoRevenueRows(SEED_NOW).filter(([, , cents]) => cents < 0);
    expect(refunds.length).toBeGreaterThan(0);
    for (const [ref, source, cents, currency] of refunds) {
      const sale = demoRevenueRows(SEED_NOW).find(([other]) => other === ref.replace("demo:refund:", "demo:order:"))!;
      expect([source, cents, currency]).toEqual(["store", -sale[2], sale[3]]);
    }
  });

  it("is the same on a rerun, and a later seed adds only the hours and days since, leaving the rest as it was", () => {
    expect(demoRevenueSql(SEED_NOW)).toEqual(demoRevenueSql(SEED_NOW));
    const database = migratedDb();
    seed(database, SEED_NOW);
    const first = rowsOf(database);
    seed(database, SEED_NOW);
    expect(rowsOf(database)).toEqual(first);

    const later = SEED_NOW + 2 * DAY + 5 * 3600_000;
    seed(database, later);
    const after = rowsOf(database);
    const added = after.filter((row) => !first.some((old) => old.ref === row.ref));
    expect(added.length).toBeGreaterThan(0);
    for (const row of added) expect(row.occurred_at).toBeGreaterThan(Date.UTC(2026, 10, 25));
    // The rows of the days both seeds cover are the same rows.
    const shared = new Map(demoRevenueRows(later).map((row) => [row[0], row]));
    for (const row of first) if (shared.has(row.ref)) expect(shared.get(row.ref)![2]).toBe(row.amount_cents);
    expect(after.filter((row) => first.some((old) => old.ref === row.ref))).toEqual(first);
  });

  it("backs every store row with an order: the store's ledger total is the sum of its orders' lines, a refunded order's lines refunded", () => {
    const database = migratedDb();
    seed(database, SEED_NOW);
    const q = <T>(sql: string) => database.prepare(sql).all() as unknown as T[];
    for (const currency of ["usd", "brl"]) {
      const [ledger] = q<{ gross: number; net: number }>(
        `SELECT sum(max(amount_cents, 0)) AS gross, sum(amount_cents) AS net FROM revenue_entries WHERE source = 'store' AND currency = '${currency}'`,
      );
      const [lines] = q<{ all: number; standing: number }>(
        `SELECT sum(l.total_cents) AS "all", sum(CASE WHEN o.status = 'refunded' THEN 0 ELSE l.total_cents END) AS standing
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.currency = '${currency}'`,
      );
      expect(ledger!.gross).toBeGreaterThan(0);
      // Every sale's row is its order's lines; net of refunds it is what "Top products" counts.
      expect([ledger!.gross, ledger!.net]).toEqual([lines!.all, lines!.standing]);
    }
    // Each store row names its order and is its total (a refund: minus it); each order is the sum of its lines.
    const mismatched = q(
      `SELECT e.ref FROM revenue_entries e LEFT JOIN orders o ON o.id = e.order_id
       WHERE e.source = 'store' AND (o.id IS NULL OR abs(e.amount_cents) <> o.total_cents OR e.currency <> o.currency
         OR o.total_cents <> (SELECT sum(total_cents) FROM order_lines WHERE order_id = o.id))`,
    );
    expect(mismatched).toEqual([]);
    const refunded = q<{ n: number }>("SELECT count(*) AS n FROM orders WHERE status = 'refunded' AND refunded_cents = total_cents")[0]!.n;
    expect(refunded).toBe(demoRevenueRows(SEED_NOW).filter(([, , cents]) => cents < 0).length);
    expect(q<{ n: number }>("SELECT count(DISTINCT number) AS n FROM orders")[0]!.n).toBe(q<{ n: number }>("SELECT count(*) AS n FROM orders")[0]!.n);
  });

  it("replaces the store rows an older seed left with no order behind them", () => {
    const database = migratedDb();
    database.exec(
      `INSERT INTO revenue_entries (ref, source, amount_cents, currency, occurred_at) VALUES ('demo:order:2026-11-20:0', 'store', 2997, 'usd', ${SEED_NOW - 5 * DAY})`,
    );
    seed(database, SEED_NOW);
    expect(database.prepare("SELECT count(*) AS n FROM revenue_entries WHERE source = 'store' AND order_id IS NULL").all()).toEqual([{ n: 0 }]);
  });

  it("is part of the local data step", () => {
    const prepare = readFileSync(new URL("../../scripts/prepare-local.mjs", import.meta.url), "utf8");
    expect(prepare).toContain('from "./lib/demo-revenue.mjs"');
    expect(prepare).toMatch(/demoRevenueSql\(/);
  });
});
