// GET /api/admin/revenue and the overview's store figures: who may read them, the checks on the
// period, and the arithmetic on rows written here: the ledger per local date in zones west and east
// of UTC and across a daylight-saving change, refunds as negative amounts, a replayed VIP payment
// counted once, monthly recurring revenue now and at each month's end, VIP members gained and lost,
// and the store's best sellers without refunded or cancelled orders.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, db, errorOf } from "./helpers";
import { cookieFor, expectRefused, ROLES } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { deliver, newCustomerId, newInvoiceId, newSubscriptionId, invoiceEvent, subscriptionEvent } from "./payments-fixtures";
import { readOverviewStore, readRevenue } from "../../worker/db/admin-revenue";
import type { CurrencyRevenue, RevenueResponse } from "../../worker/contracts/admin/revenue";
import type { OverviewResponse } from "../../worker/contracts/admin/analytics";

const D1 = (env as unknown as { DB: D1Database }).DB;
const PRICE = { cents: 999, currency: "USD" };
const utc = (iso: string) => Date.parse(iso);

let serial = 0;
const nextId = (prefix: string) => `${prefix}-${++serial}-${crypto.randomUUID().slice(0, 8)}`;

async function entry(source: "vip" | "store" | "tickets", cents: number, currency: "usd" | "brl", at: string, ref = nextId(cents < 0 ? "refund" : "order")) {
  await D1.prepare("INSERT INTO revenue_entries (ref, source, amount_cents, currency, occurred_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(ref, source, cents, currency, utc(at))
    .run();
}

async function revenueAs(cookie: string | undefined, query: string) {
  return call(`/api/admin/revenue${query}`, { cookie });
}

async function adminRevenue(query: string): Promise<RevenueResponse> {
  const res = await revenueAs(await cookieFor("admin"), query);
  expect(res.status, query).toBe(200);
  return res.json<RevenueResponse>();
}

const usd = (r: RevenueResponse) => r.currencies.find((c) => c.currency === "usd")!;
const brl = (r: RevenueResponse) => r.currencies.find((c) => c.currency === "brl")!;
/** The days with any money, as [date, vip, store, tickets, refunds, net]. */
const busyDays = (c: CurrencyRevenue) =>
  c.days.filter((d) => d.vip || d.store || d.tickets || d.refunds).map((d) => [d.date, d.vip, d.store, d.tickets, d.refunds, d.net]);

describe("GET /api/admin/revenue: administrators only", () => {
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const res = await revenueAs(await cookieFor(role), "?from=2025-01-01&to=2025-01-31");
      if (role === "admin") {
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain("application/json");
      } else await expectRefused(res, role);
    });
  }

  it("as door staff: 403 admin_required (checking passes in is their only right)", async () => {
    const door = await createDoorStaff();
    const res = await revenueAs(door.cookie, "");
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("admin_required");
  });
});

describe("GET /api/admin/revenue: the period", () => {
  it.each([
    ["?from=2026-02-30", "invalid_input", "from"],
    ["?to=yesterday", "invalid_input", "to"],
    ["?from=2026-3-1", "invalid_input", "from"],
    ["?tz=Mars/Olympus_Mons", "invalid_input", "tz"],
    ["?tz=", "invalid_input", "tz"],
    ["?days=30", "invalid_input", undefined],
    ["?from=2026-03-10&to=2026-03-01", "revenue_period_reversed", "from"],
    ["?from=2025-01-01&to=2026-01-02", "revenue_period_too_long", "from"],
    ["?from=2020-01-01", "revenue_period_too_long", "from"],
  ])("GET %s → 400 %s", async (query, code, field) => {
    const res = await revenueAs(await cookieFor("admin"), query);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
  });

  it("covers 366 days at most, both ends included, and answers every date and month of it", async () => {
    const year = await adminRevenue("?from=2024-01-01&to=2024-12-31");
    expect(usd(year).days).toHaveLength(366);
    expect(usd(year).days[0]!.date).toBe("2024-01-01");
    expect(usd(year).months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, "0")}`));
    expect(year.members.days).toHaveLength(366);
    const one = await adminRevenue("?from=2025-02-28&to=2025-02-28");
    expect(one.currencies.map((c) => [c.currency, c.days.map((d) => d.date)])).toEqual([
      ["usd", ["2025-02-28"]],
      ["brl", ["2025-02-28"]],
    ]);
  });

  it("defaults to the 30 days ending today in the admin's zone", async () => {
    const body = await adminRevenue("?tz=Pacific/Kiritimati");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(new Date());
    expect(body).toMatchObject({ to: today, timeZone: "Pacific/Kiritimati" });
    expect(usd(body).days).toHaveLength(30);
    expect(usd(body).days.at(-1)!.date).toBe(today);
    const utcBody = await adminRevenue("?to=2025-03-31");
    expect([utcBody.from, utcBody.to, utcBody.timeZone]).toEqual(["2025-03-02", "2025-03-31", "UTC"]);
  });
});

describe("the ledger per local date", () => {
  // Six rows around 10 March 2025, read in three zones: written by the first test that needs them.
  let written: Promise<void> | undefined;
  const seeded = () => (written ??= writeRows());
  const writeRows = async () => {
    await entry("vip", 999, "usd", "2025-03-10T02:59:59.999Z"); // São Paulo 9 Mar 23:59:59; Tokyo 10 Mar
    await entry("store", 2500, "usd", "2025-03-10T03:00:00.000Z"); // São Paulo 10 Mar 00:00
    await entry("store", 4990, "brl", "2025-03-10T14:59:59.000Z"); // Tokyo 10 Mar 23:59:59
    await entry("store", -2500, "usd", "2025-03-10T15:00:00.000Z"); // a refund; Tokyo 11 Mar 00:00
    await entry("tickets", 1500, "usd", "2025-03-11T02:00:00.000Z"); // São Paulo 10 Mar 23:00
    await entry("vip", 999, "usd", "2025-03-08T23:30:00.000Z"); // UTC and São Paulo 8 Mar (outside); Tokyo 9 Mar
  };
  const period = "?from=2025-03-09&to=2025-03-11";

  it("in UTC", async () => {
    await seeded();
    const body = await adminRevenue(period);
    expect(busyDays(usd(body))).toEqual([
      ["2025-03-10", 999, 2500, 0, -2500, 999],
      ["2025-03-11", 0, 0, 1500, 0, 1500],
    ]);
    expect(busyDays(brl(body))).toEqual([["2025-03-10", 0, 4990, 0, 0, 4990]]);
    expect(usd(body).totals).toEqual({ vip: 999, store: 2500, tickets: 1500, refunds: -2500, net: 2499 });
    expect(usd(body).refundCount).toBe(1);
    expect(brl(body).refundCount).toBe(0);
  });

  it("in São Paulo (UTC-3): a day runs from 03:00 UTC", async () => {
    await seeded();
    const body = await adminRevenue(`${period}&tz=America/Sao_Paulo`);
    expect(body.timeZone).toBe("America/Sao_Paulo");
    expect(busyDays(usd(body))).toEqual([
      ["2025-03-09", 999, 0, 0, 0, 999],
      ["2025-03-10", 0, 2500, 1500, -2500, 1500],
    ]);
    expect(busyDays(brl(body))).toEqual([["2025-03-10", 0, 4990, 0, 0, 4990]]);
    expect(usd(body).months).toEqual([{ month: "2025-03", vip: 999, store: 2500, tickets: 1500, refunds: -2500, net: 2499 }]);
  });

  it("in Tokyo (UTC+9): a day runs from 15:00 UTC the day before", async () => {
    await seeded();
    const body = await adminRevenue(`${period}&tz=Asia/Tokyo`);
    expect(busyDays(usd(body))).toEqual([
      ["2025-03-09", 999, 0, 0, 0, 999],
      ["2025-03-10", 999, 2500, 0, 0, 3499],
      ["2025-03-11", 0, 0, 1500, -2500, -1000],
    ]);
    expect(usd(body).totals).toEqual({ vip: 1998, store: 2500, tickets: 1500, refunds: -2500, net: 3498 });
  });

  it("across a daylight-saving change (New York, 10 March 2024 has 23 hours)", async () => {
    await entry("vip", 100, "usd", "2024-03-10T04:59:59.999Z"); // 9 Mar 23:59:59 EST
    await entry("vip", 200, "usd", "2024-03-10T05:00:00.000Z"); // 10 Mar 00:00 EST
    await entry("vip", 300, "usd", "2024-03-11T03:59:59.999Z"); // 10 Mar 23:59:59 EDT
    await entry("vip", 400, "usd", "2024-03-11T04:00:00.000Z"); // 11 Mar 00:00 EDT
    const body = await adminRevenue("?from=2024-03-09&to=2024-03-11&tz=America/New_York");
    expect(usd(body).days.map((d) => [d.date, d.vip])).toEqual([
      ["2024-03-09", 100],
      ["2024-03-10", 500],
      ["2024-03-11", 400],
    ]);
  });

  it("counts a replayed VIP payment once", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const at = utc("2025-11-20T12:00:00Z");
    const invoiceId = newInvoiceId();
    const paid = invoiceEvent(
      "invoice.paid",
      { subscriptionId: sub.id, customerId: sub.customerId, userId: user.id, invoiceId, amountPaid: 999, currency: "usd" },
      at,
    );
    const again = invoiceEvent(
      "invoice.paid",
      { subscriptionId: sub.id, customerId: sub.customerId, userId: user.id, invoiceId, amountPaid: 999, currency: "usd" },
      at,
    );
    expect(await deliver(subscriptionEvent("created", sub, at - 1000), paid, paid, again)).toEqual(["applied", "applied", "duplicate", "applied"]);
    const body = await adminRevenue("?from=2025-11-20&to=2025-11-20");
    expect(usd(body).totals).toEqual({ vip: 999, store: 0, tickets: 0, refunds: 0, net: 999 });
  });
});

// ---- the store's best sellers ----------------------------------------------------------------

async function product(title: string, kind: "digital" | "merch") {
  const id = nextId("product");
  await D1.prepare("INSERT INTO products (id, slug, kind, title, price_usd_cents) VALUES (?1, ?1, ?2, ?3, 700)").bind(id, kind, title).run();
  return id;
}

type Line = { productId: string; kind: "digital" | "merch"; title: string; quantity: number; unitCents: number };

async function order(currency: "usd" | "brl", status: string, paidAt: string, lines: Line[]) {
  const id = nextId("order");
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const number = ++serial + 1000;
  await D1.batch([
    D1.prepare(
      "INSERT INTO store_checkouts (id, mode, email, currency, subtotal_cents, total_cents, status, expires_at) VALUES (?1, 'local', 'buyer@example.com', ?2, ?3, ?3, 'paid', ?4)",
    ).bind(`co-${id}`, currency, total, utc(paidAt)),
    D1.prepare(
      "INSERT INTO orders (id, number, checkout_id, email, currency, subtotal_cents, total_cents, refunded_cents, status, paid_at) VALUES (?1, ?2, ?3, 'buyer@example.com', ?4, ?5, ?5, ?6, ?7, ?8)",
    ).bind(id, number, `co-${id}`, currency, total, status === "refunded" ? total : 0, status, utc(paidAt)),
    ...lines.map((l, i) =>
      D1.prepare(
        "INSERT INTO order_lines (order_id, line_no, product_id, kind, title, quantity, unit_cents, total_cents) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
      ).bind(id, i + 1, l.productId, l.kind, l.title, l.quantity, l.unitCents, l.quantity * l.unitCents),
    ),
  ]);
  return id;
}

describe("top products", () => {
  it("ranks by revenue then units per currency, leaving out refunded and cancelled orders and orders outside the local period", async () => {
    const shirt = await product("Tour shirt 2025", "merch");
    const album = await product("Freestyle Hits (digital)", "digital");
    const shirtLine = (quantity: number): Line => ({ productId: shirt, kind: "merch", title: "Tour shirt", quantity, unitCents: 2500 });
    const albumLine = (quantity: number, unitCents = 700): Line => ({ productId: album, kind: "digital", title: "Freestyle Hits", quantity, unitCents });
    await order("usd", "paid", "2025-07-02T15:00:00Z", [shirtLine(2), albumLine(1)]);
    await order("usd", "shipped", "2025-07-03T15:00:00Z", [shirtLine(1)]);
    await order("usd", "refunded", "2025-07-04T15:00:00Z", [albumLine(5)]);
    await order("usd", "partially_refunded", "2025-07-05T15:00:00Z", [albumLine(1, 1000)]);
    await order("brl", "paid", "2025-07-05T16:00:00Z", [albumLine(1, 3500)]);
    await order("usd", "cancelled", "2025-07-06T15:00:00Z", [shirtLine(10)]);
    await order("usd", "paid", "2025-07-01T02:00:00Z", [shirtLine(4)]); // 30 June in São Paulo

    const body = await adminRevenue("?from=2025-07-01&to=2025-07-31&tz=America/Sao_Paulo");
    expect(usd(body).topProducts).toEqual([
      { productId: shirt, title: "Tour shirt 2025", kind: "merch", units: 3, revenueCents: 7500, orders: 2 },
      { productId: album, title: "Freestyle Hits (digital)", kind: "digital", units: 2, revenueCents: 1700, orders: 2 },
    ]);
    expect(brl(body).topProducts).toEqual([{ productId: album, title: "Freestyle Hits (digital)", kind: "digital", units: 1, revenueCents: 3500, orders: 1 }]);
    // In UTC the order of 1 July 02:00 is in the period.
    const inUtc = await adminRevenue("?from=2025-07-01&to=2025-07-31");
    expect(usd(inUtc).topProducts[0]).toMatchObject({ productId: shirt, units: 7, revenueCents: 17500, orders: 3 });
  });
});

// ---- monthly recurring revenue and VIP members -------------------------------------------------

async function subscription(userId: string, status: string, created: string, lastEvent: string, cancelAtPeriodEnd = false) {
  await D1.prepare(
    "INSERT INTO subscriptions (id, user_id, customer_id, status, cancel_at_period_end, last_event_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6)",
  )
    .bind(newSubscriptionId(), userId, newCustomerId(), status, cancelAtPeriodEnd ? 1 : 0, utc(lastEvent), utc(created))
    .run();
}

async function comp(granted: string, ends: string | null) {
  const user = await createUser("user");
  await D1.prepare("INSERT INTO vip_comps (user_id, granted_at, ends_at) VALUES (?1, ?2, ?3)")
    .bind(user.id, utc(granted), ends === null ? null : utc(ends))
    .run();
}

describe("monthly recurring revenue and VIP members", () => {
  it("counts paying subscriptions now, at the period's start and at each month's end; members gained and lost per day and month", async () => {
    await D1.batch([D1.prepare("DELETE FROM subscriptions"), D1.prepare("DELETE FROM vip_comps")]);
    const owner = (await createUser("user")).id;
    await subscription(owner, "active", "2025-05-10T00:00:00Z", "2025-09-10T00:00:00Z"); // s1: paying throughout
    await subscription(owner, "active", "2025-06-15T00:00:00Z", "2025-09-01T00:00:00Z", true); // s2: set to cancel
    await subscription(owner, "canceled", "2025-04-01T00:00:00Z", "2025-07-20T00:00:00Z"); // s3: ended in July
    await subscription(owner, "past_due", "2025-08-02T00:00:00Z", "2025-09-12T00:00:00Z"); // s4: still collected
    await subscription(owner, "incomplete", "2025-08-03T00:00:00Z", "2025-08-03T00:00:00Z"); // s5: never paid
    await subscription(owner, "trialing", "2025-09-02T00:00:00Z", "2025-09-02T00:00:00Z"); // s6: nothing paid yet
    await subscription(owner, "unpaid", "2025-06-05T00:00:00Z", "2025-08-20T00:00:00Z"); // s7: collection stopped in August
    await comp("2025-06-10T00:00:00Z", null);
    await comp("2025-05-01T00:00:00Z", "2025-07-05T00:00:00Z");
    await comp("2025-09-10T00:00:00Z", "2025-09-14T12:00:01Z"); // ends after "now"
    const now = utc("2025-09-14T12:00:00Z");

    const body = await readRevenue(db(), { from: "2025-06-01", to: "2025-09-14", timeZone: "UTC" }, PRICE, now);
    expect(body.mrr).toEqual({
      currency: "usd",
      priceCents: 999,
      yearlyPriceCents: 9900, // none is yearly: every row here is older than the plans (monthly)
      subscriptions: 2, // s1 and s4
      yearlySubscriptions: 0,
      cents: { value: 1998, changePct: 0 },
      atStart: { subscriptions: 2, cents: 1998 }, // s1 and s3
      monthEnds: [
        { month: "2025-06", subscriptions: 4, cents: 3996 }, // s1 s2 s3 s7
        { month: "2025-07", subscriptions: 3, cents: 2997 }, // s1 s2 s7
        { month: "2025-08", subscriptions: 3, cents: 2997 }, // s1 s2 s4
      ],
    });
    expect(body.members.totals).toEqual({ gained: 6, lost: 3, subscriptionsStarted: 4, subscriptionsEnded: 2, compsGranted: 2, compsEnded: 1 });
    expect(body.members.months.map((m) => [m.month, m.gained, m.lost])).toEqual([
      ["2025-06", 3, 0],
      ["2025-07", 0, 2],
      ["2025-08", 1, 1],
      ["2025-09", 2, 0],
    ]);
    const day = (date: string) => body.members.days.find((d) => d.date === date);
    expect(day("2025-06-15")).toMatchObject({ gained: 1, subscriptionsStarted: 1 });
    expect(day("2025-07-05")).toMatchObject({ lost: 1, compsEnded: 1 });
    expect(day("2025-07-20")).toMatchObject({ lost: 1, subscriptionsEnded: 1 });

    // A period ending in mid-July has June's end only, and the figure now stays the figure now.
    const july = await readRevenue(db(), { from: "2025-06-01", to: "2025-07-14", timeZone: "UTC" }, PRICE, now);
    expect(july.mrr.monthEnds.map((m) => m.month)).toEqual(["2025-06"]);
    expect(july.mrr.subscriptions).toBe(2);
    // In São Paulo, June ends at 03:00 UTC on 1 July: same members, the month-end taken 3 hours later.
    const sp = await readRevenue(db(), { from: "2025-06-01", to: "2025-09-14", timeZone: "America/Sao_Paulo" }, PRICE, now);
    expect(sp.mrr.monthEnds.map((m) => m.subscriptions)).toEqual([4, 3, 3]);
    // Nothing before: no trend.
    const early = await readRevenue(db(), { from: "2025-01-01", to: "2025-01-31", timeZone: "UTC" }, PRICE, now);
    expect(early.mrr.cents).toEqual({ value: 1998, changePct: null });
  });
});

// ---- the overview ------------------------------------------------------------------------------

describe("the overview's store figures", () => {
  it("counts today's orders and sums the month's ledger in the admin's zone", async () => {
    const shirt = await product("Overview shirt", "merch");
    const line = (quantity: number): Line => ({ productId: shirt, kind: "merch", title: "Overview shirt", quantity, unitCents: 2000 });
    await order("usd", "paid", "2025-10-01T02:59:00Z", [line(1)]); // 30 September in São Paulo
    await order("usd", "shipped", "2025-10-01T03:00:00Z", [line(2)]);
    await order("brl", "paid", "2025-10-01T20:00:00Z", [line(3)]);
    await entry("vip", 999, "usd", "2025-10-01T02:00:00Z"); // September in São Paulo
    await entry("vip", 999, "usd", "2025-10-01T10:00:00Z");
    await entry("store", 4000, "usd", "2025-10-01T11:00:00Z");
    await entry("store", -500, "usd", "2025-10-01T12:00:00Z");
    await entry("store", 6000, "brl", "2025-10-01T20:00:00Z");
    await entry("vip", 999, "usd", "2025-10-02T05:00:00Z"); // after now
    const now = utc("2025-10-02T02:00:00Z"); // 1 October, 23:00 in São Paulo

    expect(await readOverviewStore(db(), "America/Sao_Paulo", now)).toEqual({
      ordersToday: {
        count: 2,
        totals: [
          { currency: "usd", cents: 4000 },
          { currency: "brl", cents: 6000 },
        ],
      },
      monthRevenue: [
        { currency: "usd", cents: 4499 },
        { currency: "brl", cents: 6000 },
      ],
    });
    // In UTC it is 2 October already: no order today, and the month holds the early row too.
    const inUtc = await readOverviewStore(db(), "UTC", now);
    expect(inUtc.ordersToday).toEqual({
      count: 0,
      totals: [
        { currency: "usd", cents: 0 },
        { currency: "brl", cents: 0 },
      ],
    });
    expect(inUtc.monthRevenue[0]).toEqual({ currency: "usd", cents: 5498 });
  });

  it("GET /api/admin/overview answers them under `store`, in the zone asked for; an unknown zone is 400", async () => {
    const cookie = await cookieFor("admin");
    const res = await call("/api/admin/overview?tz=Asia/Tokyo", { cookie });
    expect(res.status).toBe(200);
    const body = await res.json<OverviewResponse>();
    expect(body.store.ordersToday.totals.map((t) => t.currency)).toEqual(["usd", "brl"]);
    expect(body.store.monthRevenue.map((t) => t.currency)).toEqual(["usd", "brl"]);
    const bad = await call("/api/admin/overview?tz=Nowhere/Land", { cookie });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_input");
  });
});
