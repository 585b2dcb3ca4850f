// Local demo only: ~90 days of the revenue ledger (revenue_entries) so /admin/revenue and the
// overview have a history in `npm start`: monthly VIP invoices of a membership that grows and
// loses a few fans, store sales in dollars and reais, and a few refunds. Each store sale is a real
// demo order (its paid checkout, the order and its line of a demo store product, refunded in full
// for a refund), and its ledger rows name it, so every store figure drills down to orders whose
// lines add up to it (no shipping, no discount). The VIP invoices are ledger rows only. Each row is
// keyed by a fixed `demo:` ref that names its UTC day: a rerun the same day inserts nothing
// (INSERT OR IGNORE), a rerun later adds the days since, and a day's rows are the same whenever
// they are generated (a random source seeded by the date).
import { DAY_MS, HOUR_MS, utcDay, utcDayStart } from "../../worker/lib/time.ts";
import { DEMO_PRODUCTS } from "./demo-store.mjs";

export const DEMO_REVENUE_DAYS = 90;
/** The VIP plan's price in wrangler.toml (VIP_PRICE_CENTS, in USD). */
const VIP_CENTS = 999;

/** Small, fast, seedable PRNG (mulberry32), as the demo analytics use. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo's paying fans, by the day number (days since 1970) they joined and, for a few, left:
 * 42 from before any window, then one new fan every four days and one leaving every eleven. Fixed
 * on the calendar, so a fan's invoices do not move between seeds.
 */
function member(index) {
  const day = Math.floor(Date.UTC(2026, 0, 1) / DAY_MS);
  if (index < 42) return { joined: day - 400 + index * 7, left: index % 11 === 5 ? day + 30 + index * 3 : null };
  return { joined: day + (index - 42) * 4, left: index % 9 === 0 ? day + (index - 42) * 4 + 75 : null };
}
const MEMBERS = 42 + 400;

const product = (slug) => DEMO_PRODUCTS.find((p) => p.slug === slug);
/** What the demo store sells, priced as it prices them: a product (a variant), [cents in USD, cents in BRL] paid. */
const SALES = [
  { product: product("tour-shirt-2026"), variant: product("tour-shirt-2026").variants[2], usd: 2500, brl: 12000 },
  { product: product("freestyle-nights-vinyl"), variant: product("freestyle-nights-vinyl").variants[0], usd: 3200, brl: 16000 },
  { product: product("freestyle-nights-digital"), variant: null, usd: 700, brl: 3500 },
  // Name your price: one who paid more than the minimum, one who paid it.
  { product: product("moonlight-boulevard-digital"), variant: null, usd: 1200, brl: 5000 },
  { product: product("spring-love-single"), variant: null, usd: 300, brl: 1000 },
];
/** Where the demo's shirts and records went (shipping free, so an order's total is its line). */
const SHIP_TO = {
  usd: ["Alex Rivera", { line1: "100 Ocean Drive", line2: null, city: "Miami", state: "FL", postalCode: "33139", country: "US" }],
  brl: ["Bruna Lima", { line1: "Rua Augusta 100", line2: null, city: "São Paulo", state: "SP", postalCode: "01305-000", country: "BR" }],
};

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/** The rows of one UTC day (instants at or before `now` only): [ref, source, cents, currency, at, sale]. */
function dayRows(dayStart, now) {
  const date = utcDay(dayStart);
  const dayNumber = dayStart / DAY_MS;
  const random = prng(0x5eed ^ dayNumber);
  const rows = [];
  const at = (hourFrom = 0) => dayStart + Math.floor((hourFrom + random() * (24 - hourFrom)) * HOUR_MS);

  // VIP: each fan pays on the day of the month they joined, while a member.
  const dayOfMonth = new Date(dayStart).getUTCDate();
  for (let i = 0; i < MEMBERS; i++) {
    const { joined, left } = member(i);
    if (joined > dayNumber || (left !== null && left <= dayNumber)) continue;
    const billingDay = Math.min(new Date(joined * DAY_MS).getUTCDate(), 28);
    if (billingDay === dayOfMonth) rows.push([`demo:vip:${date}:${i}`, "vip", VIP_CENTS, "usd", at()]);
  }

  // Store: a few sales a day, busier at weekends; one in five in reais; now and then a refund.
  const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
  const sales = Math.floor(random() * (weekend ? 5 : 3.5));
  for (let n = 0; n < sales; n++) {
    const sale = SALES[Math.floor(random() * SALES.length)];
    const inReais = random() < 0.2;
    const cents = inReais ? sale.brl : sale.usd;
    const currency = inReais ? "brl" : "usd";
    const soldAt = at(8);
    const order = { id: `demo-order-${date}-${n}`, sale, buyer: 1 + Math.floor(random() * 60) };
    rows.push([`demo:order:${date}:${n}`, "store", cents, currency, soldAt, order]);
    if (random() < 0.05) rows.push([`demo:refund:${date}:${n}`, "store", -cents, currency, Math.min(soldAt + 6 * HOUR_MS, dayStart + DAY_MS - 1), order]);
  }
  return rows.filter((row) => row[4] <= now);
}

/** The ledger rows of the DEMO_REVENUE_DAYS UTC days ending today (today up to `now`). */
export function demoRevenueRows(now = Date.now()) {
  const today = utcDayStart(now);
  const rows = [];
  for (let d = DEMO_REVENUE_DAYS - 1; d >= 0; d--) rows.push(...dayRows(today - d * DAY_MS, now));
  return rows;
}

/**
 * The statements of one store sale: its paid checkout, the order (numbered next, as the store
 * numbers its orders), its line, and its ledger row; a refund marks the order refunded and adds
 * its own row. Each only once, and a ledger row only with its order there (a product deleted
 * since leaves the day without that sale rather than with a figure nothing explains).
 */
function saleSql([ref, , cents, currency, at, order]) {
  const v = sqlText;
  const { product: p, variant } = order.sale;
  const has = `EXISTS (SELECT 1 FROM orders WHERE id = ${v(order.id)})`;
  const ledger = `INSERT OR IGNORE INTO revenue_entries (ref, source, amount_cents, currency, order_id, occurred_at) SELECT ${v(ref)}, 'store', ${cents}, ${v(currency)}, ${v(order.id)}, ${at} WHERE ${has};`;
  if (cents < 0) {
    return [`UPDATE orders SET status = 'refunded', refunded_cents = total_cents, updated_at = ${at} WHERE id = ${v(order.id)} AND status = 'paid';`, ledger];
  }
  const checkout = order.id.replace("demo-order-", "demo-checkout-");
  const email = `demo-buyer-${order.buyer}@example.com`;
  const locale = currency === "brl" ? "pt-BR" : "en";
  const [shipName, shipAddress] = p.kind === "merch" ? SHIP_TO[currency] : [null, null];
  const label = variant ? (variant.size ?? variant.colour) : null;
  return [
    `INSERT OR IGNORE INTO store_checkouts (id, mode, email, locale, currency, subtotal_cents, total_cents, shipping_country, status, expires_at, created_at, updated_at)
     SELECT ${v(checkout)}, 'local', ${v(email)}, ${v(locale)}, ${v(currency)}, ${cents}, ${cents}, ${v(shipAddress?.country)}, 'paid', ${at}, ${at}, ${at} WHERE EXISTS (SELECT 1 FROM products WHERE id = ${v(p.id)});`,
    `INSERT OR IGNORE INTO orders (id, number, checkout_id, email, locale, currency, subtotal_cents, total_cents, shipping_name, shipping_address, status, paid_at, created_at, updated_at)
     SELECT ${v(order.id)}, COALESCE((SELECT MAX(number) FROM orders), 1000) + 1, id, email, locale, currency, subtotal_cents, total_cents, ${v(shipName)}, ${v(shipAddress && JSON.stringify(shipAddress))}, 'paid', ${at}, ${at}, ${at}
       FROM store_checkouts WHERE id = ${v(checkout)} AND NOT EXISTS (SELECT 1 FROM orders WHERE id = ${v(order.id)});`,
    `INSERT OR IGNORE INTO order_lines (order_id, line_no, product_id, variant_id, kind, title, variant_label, sku, quantity, unit_cents, total_cents)
     SELECT ${v(order.id)}, 1, ${v(p.id)}, ${v(variant?.id)}, ${v(p.kind)}, ${v(locale === "pt-BR" ? p.titlePtBr : p.title)}, ${v(label)}, ${v(variant?.sku)}, 1, ${cents}, ${cents} WHERE ${has} AND EXISTS (SELECT 1 FROM products WHERE id = ${v(p.id)});`,
    ledger,
  ];
}

/**
 * The rows as SQL: the VIP invoices as INSERT OR IGNORE statements of a few hundred rows each, the
 * store's sales each with its order. Store rows an older seed wrote with no order behind them go.
 */
export function demoRevenueSql(now = Date.now()) {
  const all = demoRevenueRows(now);
  const rows = all.filter(([, source]) => source === "vip");
  const statements = ["DELETE FROM revenue_entries WHERE ref LIKE 'demo:%' AND source = 'store' AND order_id IS NULL;"];
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map(([ref, source, cents, currency, at]) => `(${sqlText(ref)}, ${sqlText(source)}, ${cents}, ${sqlText(currency)}, ${at})`);
    statements.push(`INSERT OR IGNORE INTO revenue_entries (ref, source, amount_cents, currency, occurred_at) VALUES\n${values.join(",\n")};`);
  }
  for (const row of all.filter(([, source]) => source === "store")) statements.push(...saleSql(row));
  return statements;
}
