// The revenue page's tier figures (GET /api/admin/revenue/tiers, decision 100), from seeded
// histories: one member goes free -> VIP -> Inner Circle -> VIP -> free across four months (in US
// dollars), another joins Inner Circle on a yearly plan in reais; members per tier now, MRR per
// tier and currency, the moves per day / week / month in the admin's zone, trial conversion and
// revenue per tier are exact. Administrators only; a bad period or grouping is a 400 with its code.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import { addInnerCircle, addSubscription, expectRefusedToAll, writeHistory } from "./tier-fixtures";
import type { TierFiguresResponse } from "#contracts/tiers/admin-figures.ts";
import { forgetTiers } from "../../worker/db/tiers/tiers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/revenue/tiers";
const at = (iso: string) => Date.parse(iso);
let invoice = 0;

async function paid(userId: string, cents: number, currency: "usd" | "brl", iso: string, taxCents = 0) {
  await D1.prepare("INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, occurred_at, tax_cents) VALUES (?, 'vip', ?, ?, ?, ?, ?)")
    .bind(`invoice:in_${++invoice}`, cents, currency, userId, at(iso), taxCents)
    .run();
}

async function seed() {
  await addInnerCircle();
  await D1.prepare("UPDATE membership_tiers SET trial_days = 7 WHERE id = 'inner-circle'").run();
  forgetTiers();
  // free -> VIP -> Inner Circle -> VIP -> free, a subscription per tier, all ended now.
  const mover = await createUser("user");
  await writeHistory(mover.id, [
    [null, "vip", at("2026-01-10T12:00:00Z")],
    ["vip", "inner-circle", at("2026-02-15T12:00:00Z")],
    ["inner-circle", "vip", at("2026-03-20T12:00:00Z")],
    ["vip", null, at("2026-04-05T12:00:00Z")],
  ]);
  await addSubscription(mover.id, { status: "canceled", tierId: "vip", createdAt: at("2026-01-10T12:00:00Z") });
  await addSubscription(mover.id, { status: "canceled", tierId: "inner-circle", priceCents: 2499, createdAt: at("2026-02-15T12:00:00Z") });
  await addSubscription(mover.id, { status: "canceled", tierId: "vip", createdAt: at("2026-03-20T12:00:00Z") });
  await paid(mover.id, 999, "usd", "2026-01-10T12:00:00Z");
  await paid(mover.id, 2499, "usd", "2026-02-15T12:00:00Z", 200);
  await paid(mover.id, 999, "usd", "2026-03-20T12:00:00Z");
  await paid(mover.id, -500, "usd", "2026-03-25T12:00:00Z");
  // Joins Inner Circle yearly in reais at 01:00 UTC on 1 February: 31 January in São Paulo.
  const yearly = await createUser("user");
  await writeHistory(yearly.id, [[null, "inner-circle", at("2026-02-01T01:00:00Z")]]);
  await addSubscription(yearly.id, { tierId: "inner-circle", plan: "yearly", priceCents: 129000, currency: "brl", createdAt: at("2026-02-01T01:00:00Z") });
  await paid(yearly.id, 129000, "brl", "2026-02-01T01:00:00Z");
  // Paying now: VIP monthly in reais, VIP yearly in dollars, VIP with no price from an event yet
  // (the configured $9.99); Inner Circle set to cancel and in a trial pay nothing now.
  const reais = await createUser("vip");
  await addSubscription(reais.id, { priceCents: 4990, currency: "brl" });
  await paid(reais.id, 4990, "brl", "2026-04-10T12:00:00Z");
  const yearlyVip = await createUser("vip");
  await addSubscription(yearlyVip.id, { plan: "yearly", priceCents: 9900 });
  const unpriced = await createUser("vip");
  await addSubscription(unpriced.id, { priceCents: null, currency: null });
  const leaving = await createUser("vip", { tierId: "inner-circle" });
  await addSubscription(leaving.id, { tierId: "inner-circle", priceCents: 2499, cancelAtPeriodEnd: true });
  const trying = await createUser("vip", { tierId: "inner-circle" });
  await addSubscription(trying.id, { tierId: "inner-circle", status: "trialing", priceCents: 2499 });
  return await createUser("admin");
}

async function figures(cookie: string, params: Record<string, string>) {
  const res = await call(`${API}?${new URLSearchParams(params)}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<TierFiguresResponse>();
}

const moves = (n: number, u: number, d: number, c: number) => ({ new: n, upgraded: u, downgraded: d, churned: c });
const NONE = moves(0, 0, 0, 0);

describe("GET /api/admin/revenue/tiers", () => {
  it("gives the exact figures of the seeded histories", async () => {
    const admin = await seed();
    const month = await figures(admin.cookie, { from: "2026-01-01", to: "2026-04-30", tz: "UTC", by: "month" });

    expect(month.tiers.map((t) => t.id)).toEqual(["member", "vip", "inner-circle"]);
    expect(month.members).toEqual({ member: 2, vip: 3, "inner-circle": 3 });
    expect(month.mrr).toEqual([
      { tierId: "vip", currency: "brl", subscriptions: 1, cents: 4990 },
      { tierId: "vip", currency: "usd", subscriptions: 2, cents: 999 + 825 },
      { tierId: "inner-circle", currency: "brl", subscriptions: 1, cents: 10750 },
    ]);
    expect(month.periods).toEqual([
      { start: "2026-01-01", moves: { vip: moves(1, 0, 0, 0), "inner-circle": NONE } },
      { start: "2026-02-01", moves: { vip: NONE, "inner-circle": moves(1, 1, 0, 0) } },
      { start: "2026-03-01", moves: { vip: moves(0, 0, 1, 0), "inner-circle": NONE } },
      { start: "2026-04-01", moves: { vip: moves(0, 0, 0, 1), "inner-circle": NONE } },
    ]);
    expect(month.totals).toEqual({ vip: moves(1, 0, 1, 1), "inner-circle": moves(1, 1, 0, 0) });
    expect(month.trials).toEqual([{ tierId: "inner-circle", running: 1, ended: 2, converted: 1, rate: 0.5 }]);
    expect(month.revenue).toEqual([
      { tierId: "inner-circle", currency: "brl", cents: 129000, taxCents: 0, invoices: 1 },
      { tierId: "inner-circle", currency: "usd", cents: 2499, taxCents: 200, invoices: 1 },
      { tierId: "vip", currency: "brl", cents: 4990, taxCents: 0, invoices: 1 },
      { tierId: "vip", currency: "usd", cents: 1498, taxCents: 0, invoices: 2 },
    ]);

    // In São Paulo the reais member joined on 31 January.
    const local = await figures(admin.cookie, { from: "2026-01-01", to: "2026-04-30", tz: "America/Sao_Paulo", by: "month" });
    expect(local.periods[0]!.moves["inner-circle"]).toEqual(moves(1, 0, 0, 0));
    expect(local.periods[1]!.moves["inner-circle"]).toEqual(moves(0, 1, 0, 0));

    // Weeks start on Monday; the first is cut to the period's first day.
    const week = await figures(admin.cookie, { from: "2026-01-01", to: "2026-01-31", tz: "UTC", by: "week" });
    expect(week.periods.map((p) => p.start)).toEqual(["2026-01-01", "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26"]);
    expect(week.periods[1]!.moves.vip).toEqual(moves(1, 0, 0, 0));
    expect(week.totals).toEqual({ vip: moves(1, 0, 0, 0), "inner-circle": NONE });

    const day = await figures(admin.cookie, { from: "2026-04-01", to: "2026-04-30", tz: "UTC", by: "day" });
    expect(day.periods).toHaveLength(30);
    expect(day.periods[4]).toEqual({ start: "2026-04-05", moves: { vip: moves(0, 0, 0, 1), "inner-circle": NONE } });
    expect(day.revenue).toEqual([{ tierId: "vip", currency: "brl", cents: 4990, taxCents: 0, invoices: 1 }]);
  });

  it("refuses every role but the administrator", async () => {
    await expectRefusedToAll(`${API}?from=2026-01-01&to=2026-01-31`);
  });

  it.each([
    ["by=year", "invalid_input", "by"],
    ["from=2026-02-30", "invalid_input", "from"],
    ["tz=Mars/Olympus", "invalid_input", "tz"],
    ["from=2026-03-01&to=2026-02-01", "revenue_period_reversed", "from"],
    ["from=2024-01-01&to=2026-01-01", "revenue_period_too_long", "from"],
    ["extra=1", "invalid_input", undefined],
  ])("refuses %s: 400 %s", async (query, code, field) => {
    const admin = await createUser("admin");
    const res = await call(`${API}?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    if (field) expect(error.field).toBe(field);
  });
});
